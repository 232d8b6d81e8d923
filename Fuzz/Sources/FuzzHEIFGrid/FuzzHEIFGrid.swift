import PhotoMetadata

/// The HEIF grid reader (`HEIFGrid`: `HEIFMetaLayout`'s strict reading plus `iref`'s `dimg`
/// and `auxl`, `ipco`/`ipma`, the grid descriptor in `idat` or the file, and each tile's
/// `hvcC` and NAL units rewritten in Annex B form): the input is a whole file, or follows an
/// ftyp box with a HEIC brand. A grid it reads must be consistent: as many tiles as its rows
/// and columns, each starting with a start code.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIFGrid(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let file = Array(UnsafeBufferPointer(start: start, count: min(count, 1_100_000)))
  let bytes =
    file.count >= 8 && Array(file[4..<8]) == Array("ftyp".utf8)
    ? file
    : [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + file
  guard let grid = HEIFGrid.read(bytes) else { return 0 }
  guard grid.tiles.count == grid.rows * grid.columns, grid.width > 0, grid.height > 0,
    grid.tiles.allSatisfy({ Array($0.prefix(4)) == [0, 0, 0, 1] })
  else { fatalError("an inconsistent grid: \(grid.rows)×\(grid.columns), \(grid.tiles.count)") }
  return 0
}
