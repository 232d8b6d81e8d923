import CHeif
import CImageKernels
import PhotoMetadata
import PhotoModel
import Pixels

/// A grid of HEVC tiles (a phone's or camera's HEIC) needed at a fraction of its size is
/// decoded tile by tile by FFmpeg's decoder and each tile added into the block sums at once:
/// libheif 1.15 would assemble the whole picture and convert every pixel to RGB first, as
/// long as the decoding itself on a 16 MP grid (perf, 2026-11-29). Anything `HEIFGrid` does
/// not read, or a failure here, leaves the file to libheif.
extension HEIFDecoder {
  /// `data`'s primary grid shrunk by `factor` (whole blocks in the displayed orientation),
  /// upright, or nil when it is not a grid this path takes or its tiles did not decode.
  static func reducedGrid(_ data: [UInt8], display: PixelSize, factor: Int) -> Bitmap? {
    guard let grid = HEIFGrid.read(data), !grid.tileRanges.isEmpty else { return nil }
    let turns = grid.quarterTurns
    let stored = PixelSize(width: grid.width, height: grid.height)
    // libheif must see the same picture: a property this reading missed would show here.
    guard (turns % 2 == 1 ? stored.transposed : stored) == display else { return nil }
    let shown = (columns: display.width / factor, rows: display.height / factor)
    let blocks = turns % 2 == 1 ? (columns: shown.rows, rows: shown.columns) : shown
    guard blocks.columns > 0, blocks.rows > 0 else { return nil }
    // The partial blocks left out lie right and below once turned: before the turn, on the
    // sides that become those (a quarter turn anticlockwise brings the left side down).
    let spare = (
      x: grid.width - blocks.columns * factor, y: grid.height - blocks.rows * factor
    )
    let origin: (left: Int, top: Int)
    switch turns {
    case 1: origin = (spare.x, 0)
    case 2: origin = (spare.x, spare.y)
    case 3: origin = (0, spare.y)
    default: origin = (0, 0)
    }
    var sums = [UInt64](repeating: 0, count: blocks.columns * blocks.rows * 3)
    var format = lb_hevc_grid_format()
    var error = [CChar](repeating: 0, count: 256)
    let sizes = grid.tileRanges.map(\.count)
    let status = grid.streams.withUnsafeBufferPointer { buffer -> Int32 in
      let pointers = grid.tileRanges.map { buffer.baseAddress! + $0.lowerBound }
      return pointers.withUnsafeBufferPointer { tiles in
        sizes.withUnsafeBufferPointer { sizes in
          var request = lb_hevc_grid(
            streams: tiles.baseAddress!, sizes: sizes.baseAddress!, count: sizes.count,
            columns: grid.columns, width: grid.width, height: grid.height, left: origin.left,
            top: origin.top, factor: factor, out_columns: blocks.columns,
            out_rows: blocks.rows, threads: 0)
          return lb_hevc_grid_reduce(&request, &sums, &format, &error, error.count)
        }
      }
    }
    guard status == 0 else { return nil }
    // The grid's own nclx box wins over the tiles' bitstream, as in libheif.
    let matrix = grid.matrix ?? Int(format.matrix)
    guard let weights = lumaWeights(matrix: matrix) else { return nil }
    format.picture.kr = weights.kr
    format.picture.kb = weights.kb
    format.picture.full_range = (grid.fullRange ?? (format.picture.full_range != 0)) ? 1 : 0
    format.picture.rgb = 0
    var pixels = [UInt8](repeating: 0, count: blocks.columns * blocks.rows * 4)
    pixels.withUnsafeMutableBufferPointer { out in
      lb_ycbcr_sums_to_rgba(
        sums, blocks.columns, blocks.rows, factor, &format.picture, out.baseAddress!)
    }
    let bitmap = Bitmap(width: blocks.columns, height: blocks.rows, pixels: pixels)
    switch turns {
    case 1: return bitmap.applying(.left)
    case 2: return bitmap.applying(.down)
    case 3: return bitmap.applying(.right)
    default: return bitmap
    }
  }
}
