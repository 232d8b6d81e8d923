import Catalog
import DecodeWorker
import Foundation
import PhotoModel
import PhotoStore
import Similarity

/// The browser's background duplicate finding: hashes the photos that have no current
/// hashes in the catalog (a library indexed before issue 35 has none), stores them, then
/// groups every photo from the stored hashes (exact and similar, bursts apart).
///
/// Off the first frame's path: the runner starts it once indexing is done, on a queue of
/// its own at utility priority; it decodes through the sandboxed decoder (the small upright
/// decode the thumbnails use) and says how far it is every 100 ms.
enum DuplicateScan {
  /// Photos hashed between two stores: a transaction each, and little lost to a kill.
  static let batchSize = 64

  /// Hashes what is missing of `photos` (the library's items, pairs joined), stores it in
  /// `catalog`, and returns the groups; `progress` gets (done, total) as photos are hashed,
  /// `isCancelled` stops the work between photos. Without `regroupUnlessNew`, a run that
  /// found nothing to hash returns nil: the groups posted before stand (a photo gone from
  /// the library leaves its group in the views by itself), and a million photos are not
  /// grouped again for a file that was only removed.
  static func run(
    catalog: Catalog, photos: [Asset], decoder: PhotoDecoder,
    progress: (Int, Int) -> Void, isCancelled: () -> Bool = { false },
    regroupUnlessNew: Bool = true
  ) -> (groups: [PhotoGroup], bursts: [PhotoGroup])? {
    let stills = photos.filter { $0.format != .video }
    let missing = (try? catalog.imageHashStampsMissing()) ?? [:]
    let todo = stills.filter { missing[$0.id] != nil }
    if todo.isEmpty && !regroupUnlessNew { return nil }
    var batch: [StoredImageHashes] = []
    let log = LightboxLog.logger("duplicates")
    func flush() {
      do {
        try catalog.storeImageHashes(batch)
      } catch {
        log.error("storing image hashes: \(error)")
      }
      batch = []
    }
    var unhashed = 0
    for (done, asset) in todo.enumerated() {
      if isCancelled() { break }
      progress(done, todo.count)
      guard let stamp = missing[asset.id] else { continue }
      // A file that cannot be read or decoded was named once already, by the thumbnail that
      // failed on it (the log says each problem once): here only at debug, and counted.
      switch PhotoHashing.hashes(of: asset, decoder: decoder) {
      case .failure(let error):
        unhashed += 1
        log.debug("\(asset.path): not hashed: \(error.reason)")
      case .success(let found):
        if let problem = found.problem {
          unhashed += 1
          log.debug("\(asset.path): \(problem)")
        }
        batch.append(
          StoredImageHashes(
            assetID: asset.id, size: stamp.size, mtimeNanoseconds: stamp.mtimeNanoseconds,
            digest: found.digest.bytes, dHash: found.hash?.dHash, pHash: found.hash?.pHash,
            flatColour: found.flatColour.map {
              UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b)
            }))
      }
      if batch.count >= batchSize { flush() }
    }
    if !batch.isEmpty { flush() }
    if unhashed > 0 {
      let photos = unhashed == 1 ? "1 photo" : "\(unhashed) photos"
      log.info(
        "duplicates: \(photos) not compared (files that could not be read or decoded)")
    }
    progress(todo.count, todo.count)
    return group(stills, stored: (try? catalog.imageHashes()) ?? [])
  }

  /// The groups of `photos` by their stored hashes (photos without any are left out).
  static func group(_ photos: [Asset], stored: [StoredImageHashes]) -> (
    groups: [PhotoGroup], bursts: [PhotoGroup]
  ) {
    var byID: [AssetID: StoredImageHashes] = [:]
    byID.reserveCapacity(stored.count)
    for row in stored { byID[row.assetID] = row }
    var prints: [PhotoPrint] = []
    var ids: [AssetID] = []
    for asset in photos {
      guard let row = byID[asset.id], row.digest.count == 32 else { continue }
      let hash = row.dHash.flatMap { d in row.pHash.map { PerceptualHash(dHash: d, pHash: $0) } }
      var print = PhotoHashing.print(
        of: asset, digest: ImageDigest(bytes: row.digest), hash: hash)
      print.flatColour = row.flatColour.map {
        RGB(
          UInt8(truncatingIfNeeded: $0 >> 16), UInt8(truncatingIfNeeded: $0 >> 8),
          UInt8(truncatingIfNeeded: $0))
      }
      prints.append(print)
      ids.append(asset.id)
    }
    let report = DuplicateFinder.find(prints, similar: true)
    let groups = report.groups.map { group in
      PhotoGroup(
        kind: group.kind == .exact ? .exact : .similar, members: group.members.map { ids[$0] })
    }
    // A burst's cover follows the Duplicates album's keeper rule (its frames stay in time).
    let bursts = report.bursts.map { frames in
      PhotoGroup(
        kind: .burst, members: frames.map { ids[$0] },
        keeper: KeeperOrder.sorted(frames, in: prints).first.map { ids[$0] })
    }
    return (groups, bursts)
  }
}
