/// Joins Live Photos: an iPhone writes `IMG_0001.HEIC` (or `.JPG`) and a short
/// `IMG_0001.MOV` for one shot, and a photo library shows them as one item with a "LIVE"
/// badge, the still in front (as RAW+JPEG pairs are joined by `RAWPairing`).
public enum LivePairing {
  /// How far apart the still's and the movie's capture times may be when they are paired by
  /// name (the movie starts about 1.5 s before the shutter and its creation date is rounded).
  public static let maximumSecondsApart: Int64 = 2

  /// `assets` with each movie that belongs to a JPEG or HEIF still folded into that still's
  /// `liveMovie`; order kept, other movies stay items of their own.
  ///
  /// A movie belongs to a still when both carry the same Apple content identifier, or else
  /// when they are in the same folder with the same stem (case-insensitive) and their capture
  /// times are at most `maximumSecondsApart` apart. A still takes one movie.
  public static func pair(_ assets: consuming [Asset]) -> [Asset] {
    // The movies' stems and identifiers first (far fewer than stills), so the tables of
    // stills hold only those a movie could join, not a key per photo.
    var movieStems = Set<String>()
    var movieIdentifiers = Set<String>()
    for index in assets.indices where assets[index].format == .video {
      movieStems.insert(RAWPairing.stemKey(assets[index].path))
      if let identifier = assets[index].contentIdentifier { movieIdentifiers.insert(identifier) }
    }
    guard !movieStems.isEmpty else { return assets }
    var byIdentifier: [String: Int] = [:]
    var byStem: [String: Int] = [:]
    for index in assets.indices where isStill(assets[index]) {
      if let identifier = assets[index].contentIdentifier, movieIdentifiers.contains(identifier),
        byIdentifier[identifier] == nil
      {
        byIdentifier[identifier] = index
      }
      let key = RAWPairing.stemKey(assets[index].path)
      if movieStems.contains(key), byStem[key] == nil { byStem[key] = index }
    }
    guard !byStem.isEmpty || !byIdentifier.isEmpty else { return assets }
    // In place, by index: iterating a copy while writing would copy the whole list.
    var result = consume assets
    var folded = Set<Int>()
    for index in result.indices where result[index].format == .video {
      let movie = result[index]
      var still = movie.contentIdentifier.flatMap { byIdentifier[$0] }
      if still.map({ result[$0].liveMovie != nil }) ?? true {
        still = byStem[RAWPairing.stemKey(movie.path)].flatMap { candidate in
          let front = result[candidate]
          guard front.liveMovie == nil,
            closeInTime(front.captureDate, movie.captureDate),
            // Two different identifiers say two different shots, whatever the names.
            front.contentIdentifier == nil || movie.contentIdentifier == nil
              || front.contentIdentifier == movie.contentIdentifier
          else { return nil }
          return candidate
        }
      }
      guard let still else { continue }
      result[still].liveMovie = CompanionFile(
        id: movie.id, path: movie.path, byteSize: movie.byteSize, format: .video,
        duration: movie.duration)
      folded.insert(index)
    }
    guard !folded.isEmpty else { return result }
    let foldedIDs = Set(folded.map { result[$0].id })
    result.removeAll { foldedIDs.contains($0.id) }
    return result
  }

  /// A JPEG or HEIF that is not itself animated.
  static func isStill(_ asset: Asset) -> Bool {
    (asset.format == .jpeg || asset.format == .heic || asset.format == .avif)
      && !asset.isAnimated
  }

  /// At most `maximumSecondsApart` apart: as instants when both offsets are known, else as
  /// wall-clock times (a movie's date without a zone is shown in local time too).
  static func closeInTime(_ a: CaptureDate, _ b: CaptureDate) -> Bool {
    if let x = a.utcSeconds, let y = b.utcSeconds { return abs(x - y) <= maximumSecondsApart }
    return abs(a.localSortKey - b.localSortKey) <= maximumSecondsApart * 1000
  }
}
