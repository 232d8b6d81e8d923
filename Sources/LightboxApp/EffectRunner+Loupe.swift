import Imaging
import PhotoModel
import PhotoStore
import TerminalGraphics

extension EffectRunner {
  /// Makes a zoomed view's region or its minimap (keys with a `region` or an `outline`).
  ///
  /// Low → high, as the seeds deliver photos: when the source cache holds only a rougher
  /// copy of the photo (the previous zoom step's), the region cut from it is posted first as
  /// a preview, then the sharp one once the photo is decoded at the new scale.
  static func makeLoupePicture(
    _ request: ImageRequest, format: PictureFormat, background: RGB, cache: PictureCache,
    loupe: LoupeSourceCache, decoder: PhotoDecoder, preview: ((Action) -> Void)?
  ) -> Action {
    let key = request.key
    guard let photo = LoupePicture.displaySize(of: request) else {
      return .image(.failed(key, reason: "the photo's size is not known"))
    }
    let width: Int
    if let region = key.region {
      width = LoupePicture.sourceWidth(for: region, at: key.size, photo: photo)
      if let preview, let (rough, covers) = loupe.source(for: request.path, width: width),
        !covers
      {
        let picture = LoupePicture.crop(rough, region: region, photo: photo, size: key.size)
        preview(finish(picture, request, format, cache, isPreview: true))
      }
    } else {
      width = min(photo.width, key.size.width)
    }
    let source = LoupePicture.source(
      request, width: width, photo: photo, cache: loupe, decoder: decoder, background: background)
    switch source {
    case .success(let bitmap):
      if let region = key.region {
        return finish(
          LoupePicture.crop(bitmap, region: region, photo: photo, size: key.size), request,
          format, cache)
      }
      let outline = key.outline ?? ImageRegion(x: 0, y: 0, width: photo.width, height: photo.height)
      return finish(
        LoupePicture.minimap(bitmap, outline: outline, photo: photo, size: key.size), request,
        format, cache)
    case .failure(let error):
      return .image(.failed(key, reason: error.reason))
    }
  }
}
