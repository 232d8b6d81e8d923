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
  /// stores the hashes in `catalog`, and returns the groups of the photos under `roots` (the
  /// library's items, pairs joined); `progress` gets (done, total) as photos are hashed,
  /// `isCancelled` stops the work between photos. When nothing was hashed the groups stored
  /// by the last run for the same `roots` are returned without grouping again (at a million
  /// photos grouping takes seconds); without `regroupUnlessNew` such a run returns nil: the
  /// groups posted before stand (a photo gone from the library leaves its group in the views
  /// by itself).
  ///
  /// Neither hashing nor grouping loads the library (the browser's state holds it already:
  /// loading it again beside it held 862 MB while a million photos were hashed and 747 MB
  /// while they were grouped, heaptrack): both read the catalog's rows into flat arrays.
  static func run(
    catalog: Catalog, roots: [String], decoder: PhotoDecoder,
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
    let found = group(catalog: catalog, roots: roots)
    // The reader that went through every row keeps its page cache until closed, and glibc
    // the grouping's freed arrays in this queue's arena (120 MB resident after grouping a
    // million photos with cameras, which it otherwise kept).
    catalog.releaseReaders()
    HeapTrim.giveBack()
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

  /// The groups of the photos under `roots` (the library's items, pairs joined, as
  /// `LibraryService.assets` lists them) by the catalog's current hashes; photos without a
  /// digest are left out.
  ///
  /// The library is not loaded for it: the catalog's rows go by one at a time into a
  /// `PrintTable` (69 bytes a photo, and its id), and the keeper rule's facts are read only
  /// for the members of groups. Loading the library again beside the browser's, and a print
  /// of 168 bytes and a path for each photo, held 747 MB at a million photos (issue 32 §6).
  static func group(catalog: Catalog, roots: [String]) -> (
    groups: [PhotoGroup], bursts: [PhotoGroup]
  ) {
    let prefixes = LibraryService.prefixes(roots)
    let everything = prefixes.contains("/")
    func under(_ asset: Asset) -> Bool {
      everything || LibraryService.isUnder(asset.path, prefixes: prefixes)
    }
    var table = PrintTable()
    var ids: [AssetID] = []
    do {
      // A RAW file beside a JPEG of its name is one item with it (`LibraryService.paired`):
      // the RAW files first, so that only the stills that may have one are looked at.
      var raws: [Asset] = []
      try catalog.forEachPhotoToGroup(rawOnly: true) { asset, _ in
        if under(asset) { raws.append(asset) }
      }
      var folding = RAWPairing.Folding(raws: raws)
      raws = []
      let count = try catalog.imageHashCount()
      table.reserve(count)
      ids.reserveCapacity(count)
      try catalog.forEachPhotoToGroup { asset, hashes in
        guard under(asset) else { return }
        guard let hashes, hashes.digest.count == 32 else {
          return folding.see(asset, number: -1)
        }
        folding.see(asset, number: table.count)
        var hash: PerceptualHash?
        if let dHash = hashes.dHash, let pHash = hashes.pHash {
          hash = PerceptualHash(dHash: dHash, pHash: pHash)
        }
        var print = PhotoHashing.print(of: asset, digest: nil, hash: hash)
        print.flatColour = hashes.flatColour.flatMap { colour in
          colour == UInt32.max
            ? nil
            : RGB(
              UInt8(truncatingIfNeeded: colour >> 16), UInt8(truncatingIfNeeded: colour >> 8),
              UInt8(truncatingIfNeeded: colour))
        }
        table.append(print, digest: ImageDigest(bytes: hashes.digest))
        ids.append(asset.id)
      }
      let folded = folding.folded().subtracting([-1])
      if !folded.isEmpty {
        table.remove(folded)
        ids = ids.indices.filter { !folded.contains($0) }.map { ids[$0] }
      }
    } catch {
      LightboxLog.logger("duplicates").error("reading the photos to group: \(error)")
      return ([], [])
    }
    // A tie of two instants (copies of one frame) is broken by the path, read then.
    var paths: [Int: String] = [:]
    func path(_ number: Int) -> String {
      if let known = paths[number] { return known }
      let found = (try? catalog.asset(id: ids[number]))?.path ?? ""
      paths[number] = found
      return found
    }
    // The keeper rule's facts, for a few groups' members at a time. (A photo gone from the
    // catalog since, whose row the indexer deleted meanwhile, comes last.)
    func prints(_ numbers: [Int]) -> [PhotoPrint] {
      let assets = (try? catalog.assets(ids: numbers.map { ids[$0] })) ?? [:]
      return numbers.map { number in
        assets[ids[number]].map { PhotoHashing.print(of: $0, digest: nil, hash: nil) }
          ?? PhotoPrint(path: "", pixelSize: nil, byteSize: -1)
      }
    }
    let report = DuplicateFinder.find(table, path: path, prints: prints)
    let groups = report.groups.map { group in
      PhotoGroup(
        kind: group.kind == .exact ? .exact : .similar, members: group.members.map { ids[$0] })
    }
    // A burst's cover follows the Duplicates album's keeper rule (its frames stay in time).
    var bursts: [PhotoGroup] = []
    KeeperOrder.batches(of: report.bursts, prints: prints) { keeperFirst in
      let frames = report.bursts[bursts.count]
      bursts.append(
        PhotoGroup(
          kind: .burst, members: frames.map { ids[$0] }, keeper: keeperFirst.first.map { ids[$0] }
        ))
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
