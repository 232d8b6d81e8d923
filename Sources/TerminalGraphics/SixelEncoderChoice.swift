import Pixels
import PhotoModel

/// Which sixel encoder draws a picture: libsixel (`SixelEncoder`) or Lightbox's own
/// (`FastSixelEncoder`), or by picture size (`auto`, what the grid and the detail view use).
///
/// `auto` follows measurements on the shared corpus against chafa (Benchmarks/sixel,
/// `bench.py --corpus`; docs/DECISIONS.md 2026-11-26). The forced choices exist for
/// `lightbox show --sixel-encoder` so that benchmark can measure both encoders at every size.
public enum SixelEncoderChoice: String, Sendable, Hashable, CaseIterable {
  case auto, libsixel, fast

  /// The encoder `auto` resolves to for a picture of `pixels` pixels: the fast one at
  /// every size. Measured at the grid's tile (140×140 px) and a detail size (1000×600 px) on
  /// the shared corpus, it beat libsixel on PSNR at both, at about the same bytes, and it
  /// is several times faster (docs/DECISIONS.md 2026-11-26).
  public func resolved(pixels: Int) -> SixelEncoderChoice {
    self == .auto ? .fast : self
  }

  /// Encodes `rows` of `bitmap` (all of it when nil) with the chosen encoder.
  public func encode(
    _ bitmap: Bitmap, colors: Int, cell: PixelSize, rows: Range<Int>? = nil
  ) -> Result<SixelImage, SixelEncoder.EncodeError> {
    let height = rows?.count ?? bitmap.height
    switch resolved(pixels: bitmap.width * height) {
    case .fast, .auto:
      return FastSixelEncoder.encode(bitmap, colors: colors, cell: cell, rows: rows)
    case .libsixel:
      // libsixel takes a whole bitmap: crop when only some rows are asked for.
      var picture = bitmap
      if let rows, rows != 0..<bitmap.height {
        picture = bitmap.cropped(x: 0, y: rows.lowerBound, width: bitmap.width, height: rows.count)
      }
      return SixelEncoder.encode(picture, options: SixelEncoder.Options(colors: colors, cell: cell))
    }
  }
}
