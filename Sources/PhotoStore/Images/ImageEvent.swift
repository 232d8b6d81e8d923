/// What the image pipeline reports about one request.
public enum ImageEvent: Hashable, Sendable {
  /// A first picture (the EXIF thumbnail) is in the cache; the real one follows with
  /// `.loaded`.
  case preview(ImageKey)
  /// The image is in the runner's cache and can be drawn.
  case loaded(ImageKey)
  /// The image can be drawn, but its file is damaged: decoded as far as it goes
  /// (`reason`, one line), the rest grey or black.
  case damaged(ImageKey, reason: String)
  /// The request's file read has not come back for a second (a stalled mount, a slow
  /// disk): its tile says so until the picture or a failure arrives.
  case waitingForDisk(ImageKey)
  /// The image could not be made; `reason` is one line.
  case failed(ImageKey, reason: String)
}
