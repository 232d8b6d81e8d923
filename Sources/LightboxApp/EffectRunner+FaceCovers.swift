import DecodeWorker
import PhotoModel
import PhotoStore
import Pixels
import TerminalGraphics
import ThumbnailCache

extension EffectRunner {
  /// A People card's cover: the photo's thumbnail from the freedesktop cache (made when
  /// missing, through the decode worker as every tile's), cropped around the face and
  /// filled into the card. The size class is the one in which the crop is about the card's
  /// size, up to x-large (512 px): a small face in a large photo is drawn from at most that.
  static func makeFacePicture(
    _ request: ImageRequest, face: FaceArea, source: ThumbnailSource,
    pipeline: ThumbnailPipeline, facts: ThumbnailPipeline.PhotoFacts, format: PictureFormat,
    cache: PictureCache
  ) -> Action {
    // The user's quarter turns come after the crop: the card is measured the other way round.
    let card = request.rotation % 2 == 0 ? request.key.size : request.key.size.transposed
    let share = max(min(face.width, face.height) * FaceCrop.margin, 0.05)
    let wanted = Double(max(card.width, card.height)) / min(share, 1)
    let sizeClass = ThumbnailSize.covering(Int(wanted.rounded(.up))) ?? .xLarge
    var thumbnail: Bitmap?
    switch pipeline.cached(source, size: sizeClass, wantsPixels: true) {
    case .cached(let bitmap?): thumbnail = bitmap
    case .knownFailure:
      return .image(.failed(request.key, reason: "could not be decoded before (unchanged since)"))
    default: break
    }
    if thumbnail == nil {
      switch pipeline.make(source, size: sizeClass, facts: { _ in facts }) {
      case .made(let made, let problem):
        logStoreProblem(problem, request)
        thumbnail = made
      case .cached(let cached?): thumbnail = cached
      case let outcome: return failure(outcome, request)
      }
    }
    guard let thumbnail else { return .image(.failed(request.key, reason: "could not be decoded")) }
    let rect = FaceCrop.rect(
      around: face, width: thumbnail.width, height: thumbnail.height,
      aspect: Double(card.width) / Double(max(1, card.height)))
    let cropped = thumbnail.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    return finish(
      cropped.turnedClockwise(request.rotation).fitted(into: request.key.size, mode: .fill),
      request, format, cache)
  }
}
