extension PNGEncoder {
  /// `encode(_:text:fast: true)`: speed over size, for local cache files.
  public static func encodeFast(_ bitmap: Bitmap, text: [(key: String, value: String)] = [])
    -> Result<[UInt8], ImageError>
  {
    encode(bitmap, text: text, fast: true)
  }
}
