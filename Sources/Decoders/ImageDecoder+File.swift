import Pixels
import PhotoModel

extension ImageDecoder {
  /// The bytes of the regular file at `path` (FIFOs and devices refused before opening,
  /// files over 512 MB refused), for callers that parse metadata and decode from one read.
  public static func readFile(path: String) -> Result<[UInt8], ImageError> {
    ImageFile.contents(atPath: path)
  }

  /// The decodable format of the file at `path` from its first bytes, without reading the
  /// rest; nil when it is not an image Lightbox decodes (or cannot be read).
  public static func format(ofFile path: String) -> MediaFormat? {
    guard case .success(let head) = ImageFile.prefix(atPath: path, count: 16) else { return nil }
    return format(of: head)
  }
}
