import Foundation
import XCTest

@testable import PhotoMetadata

/// `HEIFGrid.read` on HEIF files built here: a `grid` primary of two `hvc1` tiles, its
/// descriptor in `idat`, the tiles' data in `mdat` behind 4-byte NAL lengths.
final class HEIFGridTests: XCTestCase {
  private static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
    be32(8 + content.count) + Array(type.utf8) + content
  }
  private static func fullBox(
    _ type: String, version: UInt8 = 0, flags: UInt8 = 0, _ content: [UInt8]
  )
    -> [UInt8]
  {
    box(type, [version, 0, 0, flags] + content)
  }
  private static func be16(_ value: Int) -> [UInt8] {
    [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
  private static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }

  /// An `hvcC` with one VPS, SPS and PPS of `nal` bytes each and 4-byte NAL lengths.
  private static let hvcC: [UInt8] = {
    var content = [UInt8](repeating: 0, count: 21) + [0xFF, 3]
    for type: UInt8 in [32, 33, 34] { content += [type] + be16(1) + be16(2) + [type << 1, 1] }
    return box("hvcC", content)
  }()

  private struct Options {
    var irot: UInt8? = nil
    var clap = false
    var alpha = false
    var primaryType = "grid"
  }

  /// The file: `ftyp`, `meta` (hdlr, pitm, iinf, iloc, iref, iprp, idat), `mdat`.
  private static func file(_ options: Options = Options()) -> [UInt8] {
    let tiles: [[UInt8]] = [be32(3) + [0x26, 1, 0xA1], be32(2) + [0x26, 1] + be32(1) + [0x02]]
    let descriptor: [UInt8] = [0, 0, 0, 1] + be16(1000) + be16(500)
    var items = [(1, options.primaryType), (2, "hvc1"), (3, "hvc1")]
    if options.alpha { items.append((4, "hvc1")) }
    let iinf = fullBox(
      "iinf",
      be16(items.count)
        + items.flatMap {
          fullBox("infe", version: 2, be16($0.0) + be16(0) + Array($0.1.utf8) + [0])
        })
    var properties = [hvcC, fullBox("ispe", be32(1000) + be32(500))]
    var primary: [UInt8] = [0x82]  // ispe, essential
    if let irot = options.irot {
      properties.append(box("irot", [irot]))
      primary.append(0x83)
    }
    if options.clap {
      properties.append(box("clap", [UInt8](repeating: 0, count: 32)))
      primary.append(0x80 | UInt8(properties.count))
    }
    properties.append(fullBox("auxC", Array("urn:mpeg:hevc:2015:auxid:1".utf8) + [0]))
    let auxC = UInt8(properties.count)
    var associations = be16(1) + [UInt8(primary.count)] + primary
    for tile in 2...3 { associations += be16(tile) + [2, 0x81, 0x82] }
    if options.alpha { associations += be16(4) + [2, 0x81, 0x80 | auxC] }
    let iprp = box(
      "iprp",
      box("ipco", properties.flatMap { $0 })
        + fullBox("ipma", be32(2 + 1 + (options.alpha ? 1 : 0)) + associations))
    var references = fullBox(
      "iref", box("dimg", be16(1) + be16(2) + be16(2) + be16(3)).dropFirst(0) + [])
    if options.alpha {
      references = fullBox(
        "iref",
        box("dimg", be16(1) + be16(2) + be16(2) + be16(3))
          + box("auxl", be16(4) + be16(1) + be16(1)))
    }
    // iloc v1: offset and length 4 bytes, no base; item 1 in idat (method 1).
    func iloc(mdatData: Int) -> [UInt8] {
      var entries = be16(1) + be16(1) + be16(0) + be16(1) + be32(0) + be32(descriptor.count)
      var offset = mdatData
      for (index, tile) in tiles.enumerated() {
        entries += be16(2 + index) + be16(0) + be16(0) + be16(1) + be32(offset) + be32(tile.count)
        offset += tile.count
      }
      if options.alpha {
        entries += be16(4) + be16(0) + be16(0) + be16(1) + be32(mdatData) + be32(tiles[0].count)
      }
      return fullBox("iloc", version: 1, [0x44, 0x00] + be16(items.count) + entries)
    }
    let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))
    func meta(mdatData: Int) -> [UInt8] {
      fullBox(
        "meta",
        fullBox("hdlr", be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
          + fullBox("pitm", be16(1)) + iinf + iloc(mdatData: mdatData) + references + iprp
          + box("idat", descriptor))
    }
    let metaSize = meta(mdatData: 0).count
    return ftyp + meta(mdatData: ftyp.count + metaSize + 8) + box("mdat", tiles.flatMap { $0 })
  }

  func testAGridOfTwoTilesIsReadWithItsTilesInAnnexBForm() throws {
    let grid = try XCTUnwrap(HEIFGrid.read(Self.file(Options(irot: 3))))
    XCTAssertEqual(grid.width, 1000)
    XCTAssertEqual(grid.height, 500)
    XCTAssertEqual(grid.rows, 1)
    XCTAssertEqual(grid.columns, 2)
    XCTAssertEqual(grid.quarterTurns, 3)
    let parameterSets: [UInt8] = [0, 0, 0, 1, 64, 1, 0, 0, 0, 1, 66, 1, 0, 0, 0, 1, 68, 1]
    XCTAssertEqual(
      grid.tiles,
      [
        parameterSets + [0, 0, 0, 1, 0x26, 1, 0xA1],
        parameterSets + [0, 0, 0, 1, 0x26, 1, 0, 0, 0, 1, 0x02],
      ])
  }

  func testWhatTheGridPathLeavesToLibheifIsNil() {
    XCTAssertNotNil(HEIFGrid.read(Self.file()))
    XCTAssertNil(HEIFGrid.read(Self.file(Options(clap: true))), "a crop")
    XCTAssertNil(HEIFGrid.read(Self.file(Options(alpha: true))), "an alpha plane")
    XCTAssertNil(HEIFGrid.read(Self.file(Options(primaryType: "hvc1"))), "not a grid")
    let whole = Self.file()
    for cut in [1, 9, whole.count / 2] {
      XCTAssertNil(HEIFGrid.read(Array(whole.dropLast(cut))), "cut by \(cut)")
    }
  }

  /// The fuzz finding of 2026-11-29 (`heif-grid`, kept as
  /// `Fixtures/fuzz/heif-iinf-v1-ends-inside-its-count.heic`, which `FuzzReplayTests` reads):
  /// an `iinf` of version 1, 6 bytes long, ends inside its 4-byte count. Both readers of
  /// `HEIFMetaLayout` (the grid's and the XMP writer's) trapped on a range past the box.
  func testAnIinfThatEndsInsideItsCountIsRefusedNotATrap() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/fuzz/heif-iinf-v1-ends-inside-its-count.heic")
    let bytes = try [UInt8](Data(contentsOf: fixture))
    XCTAssertNil(HEIFGrid.read(bytes))
    guard case .failure(let error) = HEIFMetaLayout.read(bytes) else {
      return XCTFail("a damaged iinf read as a layout")
    }
    XCTAssertEqual(error.description, "its iinf box is damaged")
  }
}
