import PhotoModel

/// A parsed search: date words and text words, all of which a photo must match.
///
/// Parsing happens once per keystroke; `matches` then runs once per photo (100,000 of them),
/// so every needle is lowercased up front and matching reads the asset's strings in place
/// without allocating.
public struct SearchQuery: Hashable, Sendable {
  /// One condition of the query.
  public enum Term: Hashable, Sendable {
    /// Taken on a local day from `first` through `last` (both as `SearchQuery.DayKey`s).
    case days(first: Int, last: Int)
    /// Taken in a month (1…12) of any year ("aug").
    case month(Int)
    /// Taken on a day of a month in any year ("13 August").
    case monthDay(month: Int, day: Int)
    /// The lowercased text appears in the file name, camera, an album name or the place
    /// (town, city, region, country; accents folded: "zurich" finds Zürich), or is a whole
    /// word of the lens.
    case text(String)
    /// The lowercased text appears in the lens name, inside words too ("lens:tele").
    case lens(String)
    /// Taken in the year, or with the year's digits in the file name ("2019" finds WhatsApp's
    /// `IMG-20190412-WA0003.jpg` whatever its date says).
    case year(Int)
    /// Of a media type ("video", "videos": the Videos media type).
    case mediaType(MediaType)
    /// Tagged with a path one of whose levels is the folded word ("#kyoto", "tag:kyoto";
    /// "tag:japan/kyoto": two levels in a row).
    case tag(String)
    /// Rated this many stars or more ("rating:4").
    case rating(Int)
    /// Rejected (rating −1).
    case rejected
    /// Naming a person one of whose name's whole words is the folded word ("person:anna"
    /// finds Anna Weiß and Anna, not Annabel).
    case person(String)
  }

  /// The text as typed.
  public let text: String
  /// The conditions, in the order they were typed.
  public let terms: [Term]
  /// The text terms as bytes, lowercased, for the byte-wise matcher.
  private let needles: [Needle]

  /// `today` is the local calendar date now (the reducer has no clock; it gets it as data).
  public init(_ text: String, today: (year: Int, month: Int, day: Int)) {
    self.text = text
    let terms = SearchQuery.parse(text, today: SearchQuery.Today(today))
    self.terms = terms
    self.needles = terms.compactMap { term in
      switch term {
      case .text(let word): return Needle(word)
      case .lens(let word): return Needle(word, lensOnly: true)
      default: return nil
      }
    }
  }

  /// True when the query has no terms (nothing typed but spaces): it matches every photo.
  public var isEmpty: Bool { terms.isEmpty }

  /// True when matching reads the photos' tags, people or captions: a `#tag` or `person:`
  /// term, or a word (found in tags, names and captions as in file names).
  public var readsTags: Bool {
    !tagWords.isEmpty || !personWords.isEmpty || needles.contains { !$0.lensOnly }
  }

  /// The folded words of the `person:` terms.
  private var personWords: [String] {
    terms.compactMap { term in
      if case .person(let word) = term { return word } else { return nil }
    }
  }

  /// The folded words of the `#tag` terms.
  private var tagWords: [String] {
    terms.compactMap { term in
      if case .tag(let word) = term { return word } else { return nil }
    }
  }

  /// The photos (by position) that pass every `#tag` term, or nil when there is none.
  private func taggedPhotos(count: Int, texts: TextIndexes) -> [Bool]? {
    let words = tagWords
    let people = personWords
    guard !words.isEmpty || !people.isEmpty else { return nil }
    var kept = [Bool](repeating: true, count: count)
    for (word, isPerson) in words.map({ ($0, false) }) + people.map({ ($0, true) }) {
      var hits = [Bool](repeating: false, count: count)
      if isPerson {
        if let index = texts.people, index.count == count {
          index.mark(word, match: .word, in: &hits)
        }
      } else if let index = texts.tags, index.count == count {
        index.mark(tagged: word, wholeLevel: true, in: &hits)
      }
      for photo in kept.indices where !hits[photo] { kept[photo] = false }
    }
    return kept
  }

  /// True when the photo passes the rating terms.
  private func passesRating(_ rating: Int) -> Bool {
    for term in terms {
      switch term {
      case .rating(let stars): if rating < stars { return false }
      case .rejected: if rating >= 0 { return false }
      default: continue
      }
    }
    return true
  }

  /// True when the photo matches every term of the query.
  /// (`#tag` terms need the library's tags: `matchingIndices` reads them.)
  public func matches(_ asset: Asset, albumNames: [String]) -> Bool {
    // The cheap date tests first.
    guard matchesDate(asset), tagWords.isEmpty, personWords.isEmpty else { return false }
    for needle in needles {
      if !needle.found(inAnyOf: asset, albumNames: albumNames) { return false }
    }
    return true
  }

  /// The indices of the photos that match, with album names read from `albums`: each word
  /// is compared with each album's name once, not once per photo in it.
  public func matchingIndices(
    in assets: [Asset], albums: [Album], tags: TagSearchIndex? = nil
  ) -> [Int] {
    matchingIndices(in: assets, albums: albums, texts: TextIndexes(tags: tags))
  }

  /// The same, with the people's and captions' indexes too.
  public func matchingIndices(in assets: [Asset], albums: [Album], texts: TextIndexes) -> [Int] {
    if isEmpty { return Array(assets.indices) }
    // Per word, the photos in an album whose name holds it, and those with a tag, a person
    // or a caption holding it.
    let inNamedAlbum = needles.map { $0.members(ofAlbumsNamedWithIt: albums) }
    let inTag = needles.map { needle -> [Bool] in
      var hits = [Bool](repeating: false, count: assets.count)
      if !needle.lensOnly { texts.mark(word: needle.placeWord, in: &hits) }
      return hits
    }
    let tagged = taggedPhotos(count: assets.count, texts: texts)
    var result: [Int] = []
    for (index, asset) in assets.enumerated() where matchesDate(asset) {
      if let tagged, !tagged[index] { continue }
      var all = true
      for (n, needle) in needles.enumerated()
      where !inNamedAlbum[n].contains(asset.id) && !inTag[n][index]
        && !needle.found(inAnyOf: asset, albumNames: [])
      {
        all = false
        break
      }
      if all { result.append(index) }
    }
    return result
  }

  /// The indices of the photos that match, read from `index` (built from `assets`) instead
  /// of the assets: the same photos as `matchingIndices(in:albums:)`, in a few milliseconds
  /// at a million photos (`lightbox-bench ui`).
  public func matchingIndices(
    in assets: [Asset], index: SearchIndex, albums: [Album], tags: TagSearchIndex? = nil
  ) -> [Int] {
    matchingIndices(in: assets, index: index, albums: albums, texts: TextIndexes(tags: tags))
  }

  /// The same, with the people's and captions' indexes too.
  public func matchingIndices(
    in assets: [Asset], index: SearchIndex, albums: [Album], texts: TextIndexes
  ) -> [Int] {
    precondition(index.count == assets.count, "the search index is of another library")
    if isEmpty { return Array(assets.indices) }
    let dated = photosPassingDates(index, assets)
    let tagged = taggedPhotos(count: assets.count, texts: texts)
    if needles.isEmpty && tagged == nil { return dated ?? Array(assets.indices) }
    // Per photo: every word and tag found so far.
    var kept = tagged ?? [Bool](repeating: true, count: index.count)
    for needle in needles {
      var hits = index.photos(holding: needle.word, lensOnly: needle.lensOnly) { photo in
        needle.found(inAnyOf: assets[photo], albumNames: [])
      }
      if !needle.lensOnly {
        index.markPlaces(holding: needle.placeWord, in: &hits)
        texts.mark(word: needle.placeWord, in: &hits)
      }
      let inNamedAlbum = needle.lensOnly ? [] : needle.members(ofAlbumsNamedWithIt: albums)
      if !inNamedAlbum.isEmpty {
        assets.withUnsafeBufferPointer { assets in
          for photo in assets.indices where !hits[photo] && inNamedAlbum.contains(assets[photo].id)
          {
            hits[photo] = true
          }
        }
      }
      kept.withUnsafeMutableBufferPointer { kept in
        hits.withUnsafeBufferPointer { hits in
          for photo in kept.indices where !hits[photo] { kept[photo] = false }
        }
      }
    }
    return kept.withUnsafeBufferPointer { kept in
      // Counted first: the results of a word in every name are a million positions.
      var result: [Int] = []
      if let dated {
        result.reserveCapacity(dated.count { kept[$0] })
        for photo in dated where kept[photo] { result.append(photo) }
      } else {
        result.reserveCapacity(kept.count { $0 })
        for photo in kept.indices where kept[photo] { result.append(photo) }
      }
      return result
    }
  }

  /// The photos whose day and media types pass every date and type term, from the index; nil
  /// when the query has no such term (every photo passes).
  ///
  /// The terms are folded first into one day range, one month, one day of a month and the
  /// type bits all required, so the loop over every photo compares integers (walking the
  /// terms for each photo copied each one: most of a 12 ms keystroke at a million photos).
  private func photosPassingDates(_ index: SearchIndex, _ assets: [Asset]) -> [Int]? {
    var first = Int.min
    var last = Int.max
    var month = -1
    var monthDay = -1
    var types: UInt8 = 0
    var tested = false
    // Per year term: its days, and the photos with its digits in their names.
    var years: [(first: Int, last: Int, named: [Bool])] = []
    // The least rating, and whether only rejected photos pass (rating −1).
    var leastRating = Int.min
    var rejected = false
    for term in terms {
      switch term {
      case .days(let from, let through):
        (first, last, tested) = (max(first, from), min(last, through), true)
      case .month(let m):
        if month != -1 && month != m { return [] }
        (month, tested) = (m, true)
      case .monthDay(let m, let d):
        let key = m * 64 + d
        if monthDay != -1 && monthDay != key { return [] }
        (monthDay, tested) = (key, true)
      case .mediaType(let type):
        (types, tested) = (types | type.bit, true)
      case .year(let year):
        let (from, through) = Self.days(ofYear: year)
        years.append((from, through, index.photos(withNameHolding: String(year))))
        tested = true
      case .rating(let stars):
        (leastRating, tested) = (max(leastRating, stars), true)
      case .rejected:
        (rejected, tested) = (true, true)
      case .text, .lens, .tag, .person:
        break
      }
    }
    if !tested { return nil }
    if rejected && leastRating > -1 { return [] }
    if first > last { return [] }
    var result: [Int] = []
    let rated = leastRating != Int.min || rejected
    index.dayKeys.withUnsafeBufferPointer { dayKeys in
      index.monthDays.withUnsafeBufferPointer { monthDays in
        index.flags.withUnsafeBufferPointer { flags in
          assets.withUnsafeBufferPointer { assets in
            for photo in 0..<index.count {
              let key = Int(dayKeys[photo])
              if key < first || key > last { continue }
              if month != -1 && Int(monthDays[photo] / 64) != month { continue }
              if monthDay != -1 && Int(monthDays[photo]) != monthDay { continue }
              if flags[photo] & types != types { continue }
              if !years.allSatisfy({ (key >= $0.first && key <= $0.last) || $0.named[photo] }) {
                continue
              }
              if rated {
                // The rating read in place (the asset not copied).
                let rating = assets[photo].rating
                if rating < leastRating || (rejected && rating >= 0) { continue }
              }
              result.append(photo)
            }
          }
        }
      }
    }
    return result
  }

  /// True when the photo's local capture date passes every date term.
  private func matchesDate(_ asset: Asset) -> Bool {
    let date = asset.captureDate
    let key = SearchQuery.dayKey(year: date.year, month: date.month, day: date.day)
    for term in terms {
      switch term {
      case .days(let first, let last):
        if key < first || key > last { return false }
      case .month(let month):
        if date.month != month { return false }
      case .monthDay(let month, let day):
        if date.month != month || date.day != day { return false }
      case .mediaType(let type):
        if !type.contains(asset) { return false }
      case .year(let year):
        let (first, last) = Self.days(ofYear: year)
        if (key < first || key > last) && !Needle(String(year)).inFileName(asset.path) {
          return false
        }
      case .rating, .rejected:
        if !passesRating(asset.rating) { return false }
      case .text, .lens, .tag, .person:
        break
      }
    }
    return true
  }

  /// The first and last day keys of a year.
  static func days(ofYear year: Int) -> (first: Int, last: Int) {
    (dayKey(year: year, month: 1, day: 1), dayKey(year: year, month: 12, day: 31))
  }

  /// A local calendar day as one comparable number: year × 10,000 + month × 100 + day
  /// (wrapping arithmetic, so a hostile year cannot trap).
  public static func dayKey(year: Int, month: Int, day: Int) -> Int {
    year &* 10_000 &+ month &* 100 &+ day
  }
}

extension SearchQuery {
  /// A text term ready for matching: its lowercased UTF-8 bytes.
  struct Needle: Hashable, Sendable {
    let word: String
    let bytes: [UInt8]
    /// The word folded as place names are (`PlaceFolding`): "zürich" looks for "zurich".
    let placeWord: String
    /// ASCII needles are matched byte-wise with ASCII case folding; others fall back to
    /// lowercasing the haystack (rare: only when the user types non-ASCII letters).
    let isASCII: Bool
    /// A `lens:` term: found in the lens name only, inside words too.
    let lensOnly: Bool

    init(_ word: String, lensOnly: Bool = false) {
      self.word = word
      self.bytes = Array(word.utf8)
      self.placeWord = PlaceFolding.folded(word)
      self.isASCII = bytes.allSatisfy { $0 < 0x80 }
      self.lensOnly = lensOnly
    }

    /// True when the needle is in the file name, camera make or model or an album name, or
    /// is a whole word of the lens (a `lens:` needle: anywhere in the lens, and only there).
    func found(inAnyOf asset: Asset, albumNames: [String]) -> Bool {
      if lensOnly { return asset.lensModel.map { found(in: $0) } ?? false }
      if inFileName(asset.path) { return true }
      if let make = asset.cameraMake, found(in: make) { return true }
      if let model = asset.cameraModel, found(in: model) { return true }
      if let lens = asset.lensModel, WholeWordMatch.contains(lens, word: word) { return true }
      if let place = asset.place, inPlace(place) { return true }
      for name in albumNames where found(in: name) { return true }
      return false
    }

    /// True when the needle is in the place's folded names.
    func inPlace(_ place: PhotoPlace) -> Bool {
      !placeWord.isEmpty && place.searchText.contains(placeWord)
    }

    /// Searches only the last path component, without cutting the path into a new string.
    func inFileName(_ path: String) -> Bool {
      var path = path
      var hasNonASCII = false
      let result = path.withUTF8 { buffer -> Bool in
        var start = buffer.count
        while start > 0, buffer[start - 1] != UInt8(ascii: "/") {
          start -= 1
          if buffer[start] >= 0x80 { hasNonASCII = true }
        }
        return isASCII && found(in: UnsafeBufferPointer(rebasing: buffer[start...]))
      }
      if isASCII || !hasNonASCII { return result }
      return slowFound(in: String(path.split(separator: "/").last ?? ""))
    }

    /// True when the needle is in `text` (an album name).
    func found(inAnyOf text: String) -> Bool { found(in: text) }

    /// The photos of the albums whose names hold the needle: each name is read once, not
    /// once per photo in it.
    func members(ofAlbumsNamedWithIt albums: [Album]) -> Set<AssetID> {
      var ids: Set<AssetID> = []
      if lensOnly { return ids }
      for album in albums where found(inAnyOf: album.name) { ids.formUnion(album.assetIDs) }
      return ids
    }

    private func found(in haystack: String) -> Bool {
      if !isASCII { return slowFound(in: haystack) }
      var haystack = haystack
      return haystack.withUTF8 { found(in: $0) }
    }

    /// Substring search with ASCII case folding of the haystack (the needle is lowercase).
    private func found(in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
      guard isASCII else { return false }
      let n = bytes.count
      guard n > 0 else { return true }
      guard haystack.count >= n else { return false }
      return bytes.withUnsafeBufferPointer { needle in
        let first = needle[0]
        var i = 0
        let end = haystack.count - n
        while i <= end {
          if Needle.fold(haystack[i]) == first {
            var j = 1
            while j < n, Needle.fold(haystack[i + j]) == needle[j] { j += 1 }
            if j == n { return true }
          }
          i += 1
        }
        return false
      }
    }

    /// Lowercases the haystack, which allocates, so only haystacks that have a non-ASCII
    /// byte are tried: the lowercase of ASCII text is ASCII and cannot hold this needle.
    private func slowFound(in haystack: String) -> Bool {
      var haystack = haystack
      let hasNonASCII = haystack.withUTF8 { bytes in bytes.contains { $0 >= 0x80 } }
      return hasNonASCII && haystack.lowercased().contains(word)
    }

    @inline(__always) static func fold(_ byte: UInt8) -> UInt8 {
      byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
  }
}
