import PhotoMetadata
import PhotoModel
import Pixels

extension ImageDecoder {
  /// Decodes a JPEG or PNG file in this process; any other format is refused with a
  /// one-line reason, never decoded (`PhotoDecoder` sends those to the sandboxed worker).
  public static func decodeInProcess(path: String, options: DecodeOptions) -> Result<
    Bitmap, ImageError
  > {
    if case .success(let head) = ImageFile.prefix(atPath: path, count: 64),
      let refusal = refusal(format(of: head))
    {
      return .failure(refusal)
    }
    return ImageFile.contents(atPath: path).flatMap { decodeInProcess(data: $0, options: options) }
  }

  /// Decodes JPEG or PNG bytes in this process; any other format is refused.
  public static func decodeInProcess(data: [UInt8], options: DecodeOptions) -> Result<
    Bitmap, ImageError
  > {
    if let refusal = refusal(format(of: data)) { return .failure(refusal) }
    return decode(data: data, options: options)
  }

  /// Why `format` is not decoded in this process, or nil when it may be.
  static func refusal(_ format: MediaFormat?) -> ImageError? {
    guard let format, format.decodesOutOfProcess else { return nil }
    return ImageError("\(format.label) is decoded only in the sandboxed decode worker")
  }
}
