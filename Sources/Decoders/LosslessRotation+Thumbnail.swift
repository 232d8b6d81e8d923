import Pixels
import PhotoModel

extension LosslessRotation {
  /// Thumbnails are encoded again at this quality when they cannot be turned losslessly.
  static let thumbnailQuality = 90

  /// `jpeg` with its EXIF thumbnail (IFD1's JPEG) turned by `rotation`, as its stored pixels
  /// were: the Orientation value applies to both, so a thumbnail left as it was would show
  /// sideways (the browser's filmstrip draws it). A thumbnail of whole MCUs is turned by
  /// `tjTransform`; one of partial MCUs (a 160×120 4:2:0 one has half an MCU row) is decoded,
  /// turned and encoded again (it is a preview; a perfect turn would crop its edge). A
  /// thumbnail that cannot be turned is dropped (IFD0 no longer points to IFD1) rather than
  /// kept sideways. Everything else in the file stays as it was.
  static func turningThumbnail(of jpeg: [UInt8], by rotation: ImageRotation) -> [UInt8] {
    guard let layout = ExifSegmentLayout(in: jpeg), layout.ifd1(jpeg) != nil else { return jpeg }
    if let thumbnail = layout.thumbnail(jpeg),
      let turned = turnedThumbnail(Array(jpeg[thumbnail.bytes]), by: rotation),
      let out = replacing(thumbnail, with: turned, in: jpeg, layout: layout)
    {
      return out
    }
    var out = jpeg
    layout.put32(0, at: layout.nextPointer, in: &out)
    return out
  }

  /// The thumbnail's JPEG turned by `rotation`, or nil when it does not decode.
  static func turnedThumbnail(_ thumbnail: [UInt8], by rotation: ImageRotation) -> [UInt8]? {
    if case .success(let bytes) = transform(thumbnail, by: rotation) { return bytes }
    let options = DecodeOptions(
      target: PixelSize(width: 1 << 16, height: 1 << 16), mode: .fit, quality: .best,
      maxPixels: ExifThumbnail.maxPixels)
    guard case .success(let bitmap) = JPEGDecoder.decode(thumbnail, options: options) else {
      return nil
    }
    let turned = bitmap.applying(Orientation(quarterTurns: rotation.quarterTurns, mirrored: false))
    return try? JPEGEncoder.encode(turned, quality: thumbnailQuality).get()
  }

  /// `jpeg` with `thumbnail`'s bytes replaced by `turned`: in place when it fits (the rest
  /// zeroed), else grown in place when the thumbnail ends the segment, else appended to the
  /// segment; nil when the segment would pass 64 KB.
  private static func replacing(
    _ thumbnail: ExifSegmentLayout.Thumbnail, with turned: [UInt8], in jpeg: [UInt8],
    layout: ExifSegmentLayout
  ) -> [UInt8]? {
    var out = jpeg
    let old = thumbnail.bytes
    if turned.count <= old.count {
      out.replaceSubrange(
        old, with: turned + [UInt8](repeating: 0, count: old.count - turned.count))
      layout.put32(turned.count, at: thumbnail.lengthValue, in: &out)
      return out
    }
    var shortened = layout
    if old.upperBound == layout.segment.upperBound {
      // The usual place (cameras and exiftool write the thumbnail last): grown where it is.
      out.removeSubrange(old)
      let length = layout.segment.count - 2 - old.count
      out[layout.segment.lowerBound + 2] = UInt8(length >> 8)
      out[layout.segment.lowerBound + 3] = UInt8(length & 0xFF)
      shortened.segment = layout.segment.lowerBound..<old.lowerBound
    }
    guard let (grown, offset) = shortened.appending(turned, to: out) else { return nil }
    out = grown
    layout.put32(offset, at: thumbnail.offsetValue, in: &out)
    layout.put32(turned.count, at: thumbnail.lengthValue, in: &out)
    return out
  }
}
