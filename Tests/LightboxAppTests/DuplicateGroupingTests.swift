import Foundation
import GRDB
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import PhotoStore
import Similarity
import XCTest

@testable import Catalog
@testable import LightboxApp

/// The grouping that reads the catalog a row at a time into a `PrintTable` (issue 32 §6)
/// finds what the grouping it replaced found from the loaded library's prints: the same
/// groups and bursts, in the same order, members and keepers in the same order, on random
/// libraries made to have every case (exact and near copies, flat pictures, bursts and
/// copies of frames, RAW+JPEG pairs, instants shared by several photos, movies, hidden,
/// trashed and outside photos, stale and missing hashes).
final class DuplicateGroupingTests: XCTestCase {
  var root: URL!

  override func setUp() {
    root = BuiltProduct.temporaryDirectory("duplicate-grouping")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: root)
  }

  func testTheCatalogRowsGroupAsTheLoadedLibraryDid() throws {
    let seed = TestSeed.value
    print("DuplicateGroupingTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    var totals = (exact: 0, similar: 0, bursts: 0, pairs: 0)
    for round in 0..<4 {
      let catalog = try Catalog(path: root.appendingPathComponent("c\(round).sqlite").path)
      let library = root.appendingPathComponent("lib\(round)").path
      totals.pairs += try fill(catalog, library: library, photos: 700, random: &random)
      for roots in [[library], [library + "/a", library + "/c"], ["/"]] {
        let old = try Self.loadedGrouping(catalog: catalog, roots: roots)
        let new = DuplicateScan.group(catalog: catalog, roots: roots)
        XCTAssertEqual(new.groups, old.groups, "seed \(seed), round \(round), roots \(roots)")
        XCTAssertEqual(new.bursts, old.bursts, "seed \(seed), round \(round), roots \(roots)")
        totals.exact += old.groups.filter { $0.kind == .exact }.count
        totals.similar += old.groups.filter { $0.kind == .similar }.count
        totals.bursts += old.bursts.count
      }
    }
    print("DuplicateGroupingTests compared \(totals)")
    // The random libraries had each case to compare.
    XCTAssertGreaterThan(totals.exact, 0, "seed \(seed)")
    XCTAssertGreaterThan(totals.similar, 0, "seed \(seed)")
    XCTAssertGreaterThan(totals.bursts, 0, "seed \(seed)")
    XCTAssertGreaterThan(totals.pairs, 0, "seed \(seed)")
  }

  /// Writes `photos` random photos under `library` (and a few outside it) with random
  /// hashes; returns how many RAW files have a JPEG or HEIF of their stem beside them.
  func fill(
    _ catalog: Catalog, library: String, photos: Int, random: inout SeededGenerator
  ) throws -> Int {
    let folders =
      ["a", "a/b", "c", "c/d\u{0065}\u{0301}", "c/d\u{00E9}"].map { library + "/" + $0 }
      + [library + "-outside"]
    let formats: [(MediaFormat, [String])] = [
      (.jpeg, ["jpg", "JPG", "jpeg"]), (.jpeg, ["jpg"]), (.jpeg, ["jpg"]), (.heic, ["HEIC"]),
      (.raw, ["CR2", "cr2", "NEF"]), (.png, ["png"]), (.video, ["MOV"]),
    ]
    var entries: [CatalogEntry] = []
    // By bytes: the two spellings of "dé" are one `String` but two folders.
    var names = Set<[UInt8]>()
    while entries.count < photos {
      let (format, extensions) = formats.randomElement(using: &random)!
      let stem = "IMG_\(Int.random(in: 0..<60, using: &random))"
      let path =
        folders.randomElement(using: &random)! + "/" + stem + "."
        + extensions.randomElement(using: &random)!
      guard names.insert(Array(path.utf8)).inserted else { continue }
      var metadata = PhotoMetadata()
      metadata.format = format
      entries.append(
        CatalogEntry(
          path: LibraryPath(path), stamp: FileStamp(size: 1000, mtimeNanoseconds: 1),
          metadata: metadata, captureDate: CaptureDate(epochSeconds: 0, source: .fileModification)
        ))
    }
    try catalog.write { db in try CatalogWriter.write(db, entries: entries, now: 1) }
    let assets = try catalog.read { db in
      try Row.fetchAll(db, sql: "SELECT id, format FROM assets").map {
        (AssetID($0[0] as Int64), $0[1] as String)
      }
    }
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    let cameras: [(String?, String?)] = [
      ("Canon", "Canon EOS R6"), ("NIKON", "D70"), (nil, "iPhone 15"), ("Sony", nil), (nil, nil),
      ("canon", "EOS R6"),
    ]
    let sources: [CaptureDateSource] = [.exif, .exif, .xmp, .fileName, .fileModification]
    let sizes: [(Int, Int)?] = [(4000, 3000), (3000, 4000), (1000, 750), nil]
    // Few instants (ties) close together (bursts are at most 2 s apart).
    func instant() -> Int64 { 1_700_000_000_000 + Int64.random(in: 0..<400, using: &random) * 250 }
    // Pools of digests and hashes, so that copies and near copies abound.
    let digests = (0..<(photos / 3)).map { _ in
      (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
    }
    let hashes = (0..<(photos / 4)).map { _ in
      (
        UInt64.random(in: 0...UInt64.max, using: &random),
        UInt64.random(in: 0...UInt64.max, using: &random)
      )
    }
    func near(_ word: UInt64, _ bits: Int) -> UInt64 {
      var word = word
      for _ in 0..<bits { word ^= 1 << UInt64.random(in: 0..<64, using: &random) }
      return word
    }
    var stored: [StoredImageHashes] = []
    var cameraIDs = Catalog.CameraIDs()
    try catalog.write { db in
      for (id, format) in assets {
        // One photo in ten a frame of a few bursts: one camera, one size, the camera's clock,
        // a few pictures.
        let frame = chance(10)
        let (make, model) = frame ? cameras[0] : cameras.randomElement(using: &random)!
        let size = frame ? sizes[0] : sizes.randomElement(using: &random)!
        let lens = chance(30) ? "50mm" : nil
        let camera = try cameraIDs.id(db, make: make, model: model, lens: lens)
        try db.execute(
          sql: """
            UPDATE assets SET camera = ?, width = ?, height = ?,
              orientation = ?, capture_sort_key = ?, capture_source = ?, latitude = ?,
              f_number = ?, size = ?, hidden = ?, trashed_at = ?
            WHERE id = ?
            """,
          arguments: [
            camera, size?.0, size?.1,
            Int.random(in: 1...8, using: &random), instant(),
            frame ? "exif" : sources.randomElement(using: &random)!.rawValue,
            chance(30) ? 48.1 : nil,
            chance(30) ? 2.8 : nil, [1000, 2000, 3000].randomElement(using: &random)!,
            chance(4) ? 1 : 0, chance(4) ? 1_700_000_000 : nil, id.rawValue,
          ])
        guard format != "video", !chance(5) else { continue }
        var digest = digests.randomElement(using: &random)!
        if chance(3) { digest[31] ^= 1 }  // the same first word, another digest
        if chance(4) { digest = [] }  // a file that could not be read
        let base = hashes[
          frame
            ? Int.random(in: 0..<3, using: &random)
            : Int.random(in: 0..<hashes.count, using: &random)]
        let bits = Int.random(in: 0...(frame ? 8 : 24), using: &random)
        let flat = chance(6)
        let colour = UInt32.random(in: 0..<4, using: &random) * 5 + 0x808080
        let hashed = !flat && !chance(8)
        stored.append(
          StoredImageHashes(
            assetID: id, size: chance(4) ? 999 : 0, mtimeNanoseconds: 1, digest: digest,
            dHash: hashed ? near(base.0, bits / 2) : nil,
            pHash: hashed ? near(base.1, bits - bits / 2) : nil, flatColour: flat ? colour : nil))
      }
    }
    // The stamps as the rows now say (999: stale), then stored.
    let current = try catalog.read { db in
      try Dictionary(
        uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, size FROM assets").map {
          (AssetID($0[0] as Int64), $0[1] as Int64)
        })
    }
    for index in stored.indices where stored[index].size == 0 {
      stored[index].size = current[stored[index].assetID]!
    }
    try catalog.storeImageHashes(stored)
    let items = LibraryService.assets(in: catalog, under: [library])
    return items.filter { $0.rawCompanion != nil }.count
  }

  /// The grouping as it was before issue 32 §6: the library's items loaded (as the browser
  /// loads them), a `PhotoPrint` made of each from the stored hashes, `DuplicateFinder.find`.
  static func loadedGrouping(catalog: Catalog, roots: [String]) throws -> (
    groups: [PhotoGroup], bursts: [PhotoGroup]
  ) {
    let photos = LibraryService.assets(in: catalog, under: roots).filter { $0.format != .video }
    let table = try catalog.imageHashTable()
    var prints: [PhotoPrint] = []
    var ids: [AssetID] = []
    for asset in photos {
      guard let row = table.row(of: asset.id), let digest = table.digest(row) else { continue }
      let hash = table.perceptual(row).map { PerceptualHash(dHash: $0.dHash, pHash: $0.pHash) }
      var print = PhotoHashing.print(
        of: asset, digest: ImageDigest(bytes: Array(digest)), hash: hash)
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
    let bursts = report.bursts.map { frames in
      PhotoGroup(
        kind: .burst, members: frames.map { ids[$0] },
        keeper: KeeperOrder.sorted(frames, in: prints).first.map { ids[$0] })
    }
    return (groups, bursts)
  }
}
