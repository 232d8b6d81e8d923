import DecodeWorker
import PhotoModel
import PhotoStore
import Pixels
import TerminalGraphics
import ThumbnailCache

extension EffectRunner {
  /// A card larger than a `large` thumbnail (a year's cover): its x-large entry when that
  /// covers the card, else the entry made at the card's size from the cheapest source that
  /// has it (`ThumbnailPipeline.makeCover`); the EXIF thumbnail is shown first when it is
  /// too small to be that source.
  static func makeCoverPicture(
    _ request: ImageRequest, source: ThumbnailSource, pipeline: ThumbnailPipeline,
    facts: ThumbnailPipeline.PhotoFacts, format: PictureFormat, cache: PictureCache,
    preview: ((Action) -> Void)?
  ) -> Action {
    // Entries are upright photos; the user's quarter turns come after, so the card is
    // measured the other way round when they turn it sideways.
    let card = request.rotation % 2 == 0 ? request.key.size : request.key.size.transposed
    let display = request.storedSize.map { request.orientation.displaySize(ofStored: $0) }
    let cover = ThumbnailPipeline.coverSize(filling: card, display: display)
    func shown(_ entry: Bitmap, isPreview: Bool = false) -> Action {
      finish(
        entry.turnedClockwise(request.rotation).fitted(into: request.key.size, mode: .fill),
        request, format, cache, isPreview: isPreview)
    }
    switch pipeline.cachedCover(source, card: card, display: display) {
    case .cached(let entry?): return shown(entry)
    case .knownFailure:
      return .image(.failed(request.key, reason: "could not be decoded before (unchanged since)"))
    default: break
    }
    var embedded: Bitmap?
    if let range = request.exifThumbnail,
      let small = pipeline.preview(path: request.path, range: range, facts: facts)
    {
      if small.width >= cover.width && small.height >= cover.height {
        embedded = small
      } else if let preview {
        preview(shown(small, isPreview: true))
      }
    }
    switch pipeline.makeCover(source, size: cover, facts: facts, embedded: embedded) {
    case .made(let entry, let problem):
      logStoreProblem(problem, request)
      return shown(entry)
    case .cached(let entry?):
      return shown(entry)
    case let outcome:
      return failure(outcome, request)
    }
  }
}
