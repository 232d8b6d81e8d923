import Pixels
import PhotoMetadata
import PhotoModel

/// Camera RAW files through their embedded previews: the largest JPEG that decodes (see
/// `RAWPreviews` for the layouts), scaled in the DCT like any JPEG. Never a demosaic: a
/// browser shows what the camera showed on its screen, at a fraction of the cost.
///
/// The caller's orientation is the RAW's own (IFD0 or CR3's CMT1): previews are stored
/// as the sensor saw them.
enum RAWPreviewDecoder {
  static func decode(_ data: [UInt8], options: DecodeOptions) -> Result<DecodedImage, ImageError> {
    let previews = RAWPreviews.candidates(in: data)
    guard !previews.isEmpty else {
      return .failure(ImageError("RAW: no embedded preview (or it lies past the end of the file)"))
    }
    var firstError: ImageError?
    for preview in previews.prefix(4) {
      let jpeg = Array(data[preview.range])
      switch JPEGDecoder.decodePreferringDCScans(jpeg, options: options) {
      case .success(let bitmap): return .success(DecodedImage(bitmap: bitmap))
      case .failure(let error): firstError = firstError ?? error
      }
    }
    return .failure(ImageError("RAW preview: \(firstError?.reason ?? "undecodable")"))
  }
}
