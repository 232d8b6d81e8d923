/// Finds "On This Day" memories: for each earlier year, the photos taken within
/// `windowDays` of today's month and day.
///
/// Reads only the photos inside each year's window, found by halving the list: a million
/// photos over twenty years cost forty searches and the windows' photos.
public enum MemoryFinder {
  /// Days either side of today's date a memory takes in (Apple Photos' "this week in").
  public static let windowDays = 3

  /// The memories for the local date `today` (year, month, day) in `assets`, which are in
  /// timeline order (`CaptureDate.localSortKey`, oldest first); the most recent year first.
  ///
  /// Screenshots are left out (a memory is of a moment, not of a screen), and so are photos
  /// dated only by the file's modification time: that is when the file was copied, and a
  /// card of a library's import day would be no memory at all. Hidden and trashed photos
  /// are not in the list the library passes.
  public static func memories(
    in assets: [Asset], today: (year: Int, month: Int, day: Int)
  ) -> [Memory] {
    guard let oldest = assets.first?.captureDate.year, oldest < today.year else { return [] }
    var memories: [Memory] = []
    for year in stride(from: today.year - 1, through: max(oldest, 1800), by: -1) {
      let day = min(today.day, CaptureDate.daysIn(month: today.month, year: year))
      let middle = CaptureDate.daysFromCivil(year: year, month: today.month, day: day)
      let window = (middle - windowDays)...(middle + windowDays)
      let start = firstIndex(in: assets, atOrAfterDay: window.lowerBound)
      let end = firstIndex(in: assets, atOrAfterDay: window.upperBound + 1)
      guard start < end else { continue }
      var ids: [AssetID] = []
      var favorites: [Int] = []
      var stills: [Int] = []
      var firstDay = Int.max
      var lastDay = Int.min
      var places: [String: Int] = [:]
      for index in start..<end {
        let asset = assets[index]
        guard isRemembered(asset) else { continue }
        let local = asset.captureDate.localDayNumber
        firstDay = min(firstDay, local)
        lastDay = max(lastDay, local)
        if asset.isFavorite { favorites.append(ids.count) }
        if asset.format != .video { stills.append(ids.count) }
        if let place = asset.place { places[place.collectionTown, default: 0] += 1 }
        ids.append(asset.id)
      }
      guard !ids.isEmpty else { continue }
      // Favourites first, then stills (a video's poster is often a blurred first frame);
      // the middle one of them, which a run of shots is likelier to be a good one of than
      // its first.
      let candidates =
        !favorites.isEmpty ? favorites : !stills.isEmpty ? stills : Array(ids.indices)
      let cover = ids[candidates[(candidates.count - 1) / 2]]
      // The place most of its photos were taken in (ties: the first name in order).
      let place = places.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
      memories.append(
        Memory(
          year: year, yearsAgo: today.year - year, firstDay: firstDay, lastDay: lastDay,
          assetIDs: ids, cover: cover, place: place))
    }
    return memories
  }

  /// The memories for the local date of `now` (seconds since the epoch) in a time zone
  /// `utcOffsetSeconds` east of UTC.
  public static func memories(in assets: [Asset], now: Int64, utcOffsetSeconds: Int) -> [Memory] {
    let today = CaptureDate(epochSeconds: now, utcOffsetSeconds: utcOffsetSeconds, source: .gps)
    return memories(in: assets, today: (today.year, today.month, today.day))
  }

  /// True when a photo may be part of a memory (not a screenshot, a date from the file).
  public static func isRemembered(_ asset: Asset) -> Bool {
    asset.captureDate.source != .fileModification && !MediaType.screenshots.contains(asset)
  }

  /// The first position whose photo was taken on local day `day` or later.
  public static func firstIndex(in assets: [Asset], atOrAfterDay day: Int) -> Int {
    let key = Int64(day) * 86_400_000
    var low = 0
    var high = assets.count
    while low < high {
      let mid = (low + high) / 2
      if assets[mid].captureDate.localSortKey < key { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
