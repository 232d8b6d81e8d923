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

  /// Hashes the photos under `roots` whose hashes are missing (as the catalog lists them),
  /// stores the hashes in `catalog`, and returns the groups of the photos `loadPhotos` gives
  /// (the library's items, pairs joined); `progress` gets (done, total) as photos are hashed,
  /// `isCancelled` stops the work between photos. When nothing was hashed the groups stored
  /// by the last run for the same `roots` are returned without grouping again (at a million
  /// photos grouping takes seconds and hundreds of megabytes); without `regroupUnlessNew`
  /// such a run returns nil: the groups posted before stand (a photo gone from the library
  /// leaves its group in the views by itself).
  ///
  /// The library is loaded only to group, after hashing: the list of photos to hash is the
  /// catalog's, in flat arrays (the browser's state holds the library already; loading it
  /// again beside it while a million photos were hashed held 862 MB, heaptrack).
  static func run(
    catalog: Catalog, roots: [String], photos loadPhotos: () -> [Asset], decoder: PhotoDecoder,
    progress: (Int, Int) -> Void, isCancelled: () -> Bool = { false },
    regroupUnlessNew: Bool = true
  ) -> (groups: [PhotoGroup], bursts: [PhotoGroup])? {
    let todo = (try? catalog.imageHashTodo(under: roots)) ?? ImageHashTodo()
    if todo.isEmpty {
      guard regroupUnlessNew else { return nil }
      progress(0, 0)
      if let stored = try? catalog.storedDuplicateGroups(roots: roots) {
        return split(stored)
      }
    } else {
      hash(todo, catalog: catalog, decoder: decoder, progress: progress, isCancelled: isCancelled)
    }
    if isCancelled() { return nil }
    let found = group(loadPhotos().filter { $0.format != .video }, catalog: catalog)
    do {
      try catalog.storeDuplicateGroups(stored(found), roots: roots)
    } catch {
      LightboxLog.logger("duplicates").error("storing duplicate groups: \(error)")
    }
    return found
  }

  /// Hashes `todo` and stores the hashes in batches; a file that cannot be read is stored
  /// without hashes, so it is tried again only when it changes.
  static func hash(
    _ todo: ImageHashTodo, catalog: Catalog, decoder: PhotoDecoder, progress: (Int, Int) -> Void,
    isCancelled: () -> Bool
  ) {
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
    for done in 0..<todo.count {
      if isCancelled() { break }
      progress(done, todo.count)
      let path = todo.path(done)
      let stamp = todo.stamp(done)
      var row = StoredImageHashes(
        assetID: todo.ids[done], size: stamp.size, mtimeNanoseconds: stamp.mtimeNanoseconds,
        digest: [])
      // A file that cannot be read or decoded was named once already, by the thumbnail that
      // failed on it (the log says each problem once): here only at debug, and counted.
      switch PhotoHashing.hashes(path: path, orientation: todo.orientation(done), decoder: decoder)
      {
      case .failure(let error):
        unhashed += 1
        log.debug("\(path): not hashed: \(error.reason)")
      case .success(let found):
        if let problem = found.problem {
          unhashed += 1
          log.debug("\(path): \(problem)")
        }
        row.digest = found.digest.bytes
        row.dHash = found.hash?.dHash
        row.pHash = found.hash?.pHash
        row.flatColour = found.flatColour.map {
          UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b)
        }
      }
      batch.append(row)
      if batch.count >= batchSize { flush() }
    }
    if !batch.isEmpty { flush() }
    if unhashed > 0 {
      let photos = unhashed == 1 ? "1 photo" : "\(unhashed) photos"
      log.info(
        "duplicates: \(photos) not compared (files that could not be read or decoded)")
    }
    progress(todo.count, todo.count)
  }

  /// The groups of `photos` by the catalog's current hashes (photos without a digest are
  /// left out).
  static func group(_ photos: [Asset], catalog: Catalog) -> (
    groups: [PhotoGroup], bursts: [PhotoGroup]
  ) {
    guard let table = try? catalog.imageHashTable() else { return ([], []) }
    var prints: [PhotoPrint] = []
    var ids: [AssetID] = []
    prints.reserveCapacity(min(photos.count, table.count))
    ids.reserveCapacity(min(photos.count, table.count))
    // One string a camera, shared by its photos (a string of over 15 bytes is its own
    // allocation: a million of them otherwise).
    var cameras: [String: String] = [:]
    for asset in photos {
      guard let row = table.row(of: asset.id), let digest = table.digest(row) else { continue }
      let hash = table.perceptual(row).map { PerceptualHash(dHash: $0.dHash, pHash: $0.pHash) }
      var print = PhotoHashing.print(
        of: asset, digest: ImageDigest(bytes: Array(digest)), hash: hash)
      if let camera = print.camera {
        if let shared = cameras[camera] {
          print.camera = shared
        } else {
          cameras[camera] = camera
        }
      }
      print.flatColour = table.flatColour(row).map {
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

  /// The catalog's form of `found`.
  static func stored(_ found: (groups: [PhotoGroup], bursts: [PhotoGroup])) -> [StoredPhotoGroup] {
    (found.groups + found.bursts).map { group in
      let kind: StoredPhotoGroup.Kind =
        switch group.kind {
        case .exact: .exact
        case .similar: .similar
        case .burst: .burst
        }
      return StoredPhotoGroup(kind: kind, members: group.members, keeper: group.keeper)
    }
  }

  /// Groups and bursts from the catalog's form.
  static func split(_ stored: [StoredPhotoGroup]) -> (groups: [PhotoGroup], bursts: [PhotoGroup]) {
    var groups: [PhotoGroup] = []
    var bursts: [PhotoGroup] = []
    for group in stored {
      switch group.kind {
      case .exact: groups.append(PhotoGroup(kind: .exact, members: group.members))
      case .similar: groups.append(PhotoGroup(kind: .similar, members: group.members))
      case .burst:
        bursts.append(PhotoGroup(kind: .burst, members: group.members, keeper: group.keeper))
      }
    }
    return (groups, bursts)
  }
}
