import DecodeWorker
import PhotoModel
import PhotoStore
import TerminalGraphics

extension EffectRunner {
  /// Makes a zoomed view's region or its minimap (keys with a `region` or an `outline`).
  ///
  /// Low → high, as the seeds deliver photos: when the source cache holds only a rougher
  /// part that shows the region (the previous zoom step's), the region cut from it is posted
  /// first as a preview, then the sharp one once it is decoded at the new scale. After a
  /// region's picture, `prefetch` is given the decode of the tile around it (a JPEG's next
  /// pan steps then only crop); without it no tile is decoded ahead.
  static func makeLoupePicture(
    _ request: ImageRequest, format: PictureFormat, background: RGB, cache: PictureCache,
    loupe: LoupeSourceCache, decoder: PhotoDecoder, preview: ((Action) -> Void)?,
    prefetch: ((@escaping @Sendable () -> Void) -> Void)? = nil
  ) -> Action {
    let key = request.key
    guard let photo = LoupePicture.displaySize(of: request) else {
      return .image(.failed(key, reason: "the photo's size is not known"))
    }
    let region = key.region ?? LoupePicture.whole(photo)
    let scale = LoupePicture.neededScale(for: region, at: key.size)
    if key.region != nil, let preview,
      let rough = loupe.part(for: request.path, showing: region, scale: scale, rougher: true)
    {
      let picture = LoupePicture.crop(rough, region: region, size: key.size)
      preview(finish(picture, request, format, cache, isPreview: true))
    }
    let part = LoupePicture.part(
      request, region: region, scale: scale, photo: photo, cache: loupe, decoder: decoder,
      background: background)
    switch part {
    case .success(let part):
      if key.region != nil {
        let action = finish(
          LoupePicture.crop(part, region: region, size: key.size), request, format, cache)
        prefetch? {
          LoupePicture.prefetchTile(
            request, region: region, scale: scale, photo: photo, cache: loupe)
        }
        return action
      }
      let outline = key.outline ?? region
      return finish(
        LoupePicture.minimap(part, outline: outline, photo: photo, size: key.size), request,
        format, cache)
    case .failure(let error):
      return .image(.failed(key, reason: error.reason))
    }
  }
}
