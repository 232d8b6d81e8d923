import CSixel
import Imaging

/// Encodes bitmaps as sixel with libsixel.
///
/// CONTRACT STUB: replaced by the sixel work.
public enum SixelEncoder {
  /// The libsixel version this build links (for `lightbox doctor`).
  public static var libraryVersion: String { LIBSIXEL_VERSION }
}
