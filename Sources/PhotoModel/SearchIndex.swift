/// The library's searchable fields laid out for one scan per keystroke: each photo's day,
/// media types and camera in dense arrays, and every file name in one byte run.
///
/// Matching a query against the `Asset`s themselves read 104 bytes and a path's heap block
/// per photo, and copying each asset for the test retained and released its strings: 139 ms
/// per keystroke at a million photos (`lightbox-bench ui`). Here a date test reads 11 bytes
/// a photo in order and a word is found by scanning the names once, sixteen places at a step.
/// Built once when the Search tab needs it (about 40 bytes a photo) and dropped when the
/// library changes (DECISIONS.md, 2026-11-27).
public final class SearchIndex: Sendable {
  /// How many photos, in the order of the assets it was built from.
  public let count: Int
  /// Per photo: its local capture day as `year × 10,000 + month × 100 + day`, the year
  /// clamped to ±200,000 so the key fits 32 bits (a query names years 1000–9999, or near
  /// today: a date past the clamp matches none of them either way).
  public let dayKeys: [Int32]
  /// Per photo: `month × 64 + day` of the capture date (a day past 0…63 as 63), or
  /// `unknownMonthDay` when the month is outside 0…12 (no query term asks for either).
  public let monthDays: [UInt16]
  /// Per photo: its media types (`MediaType.bit`), and `nonASCIIName` when its file name
  /// has a byte past ASCII.
  public let flags: [UInt8]
  /// Every photo's file name, ASCII letters lowercased, each followed by a 0 byte (which no
  /// file name holds, so a word never matches across two names).
  let names: [UInt8]
  /// Where each photo's name starts in `names`, and one more entry: the end.
  let nameStarts: [UInt32]
  /// Per photo: 1 + its camera's place in `cameras`, 0 for a photo without one.
  let cameraSlots: [UInt32]
  /// Each distinct make, model and lens once.
  let cameras: [CameraText]
  /// Per photo: its place's slot (`PhotoPlace.slot`), 0 for none.
  let placeSlots: [UInt32]
  /// Each place of the library once: its slot and folded names (`PhotoPlace.searchText`).
  let places: [(slot: UInt32, text: String)]
  /// How often each byte value is in `names`: a word is looked for by its rarest bytes.
  let byteCounts: [Int]

  /// `monthDays`' value for a date whose month is not a calendar's.
  public static let unknownMonthDay: UInt16 = .max
  /// `flags`' bit for a file name with a non-ASCII byte.
  public static let nonASCIIName: UInt8 = 0x80

  /// A camera's names as the matcher reads them.
  struct CameraText: Sendable {
    /// Make and model, ASCII letters lowercased, each followed by a 0 byte.
    let folded: [UInt8]
    /// Make and model as recorded, for a word with non-ASCII letters.
    let names: [String]
    /// The lens as recorded (matched by whole words, or inside words for `lens:` terms).
    let lens: String?
  }

  /// The index of `assets`, or nil when their file names together pass 4 GiB (a library of
  /// more than 16 million photos with the longest names): searching then reads the assets.
  public init?(_ assets: [Asset]) {
    count = assets.count
    var dayKeys = [Int32](repeating: 0, count: assets.count)
    var monthDays = [UInt16](repeating: Self.unknownMonthDay, count: assets.count)
    var flags = [UInt8](repeating: 0, count: assets.count)
    var cameraSlots = [UInt32](repeating: 0, count: assets.count)
    var placeSlots = [UInt32](repeating: 0, count: assets.count)
    var placeSeen: Set<UInt32> = []
    var names: [UInt8] = []
    names.reserveCapacity(assets.count * 20)
    var nameStarts: [UInt32] = []
    nameStarts.reserveCapacity(assets.count + 1)
    var cameras: [CameraText] = []
    var slotOfCamera: [ObjectIdentifier: UInt32] = [:]
    // Photos in a row usually come from one camera: the last one found is tried first.
    var lastCamera: (id: ObjectIdentifier, slot: UInt32)?
    for index in assets.indices {
      let date = assets[index].captureDate
      let year = min(max(date.year, -200_000), 200_000)
      dayKeys[index] = Int32(clamping: year * 10_000 + date.month * 100 + date.day)
      if (0...12).contains(date.month) {
        // A day outside 0…63 is kept as 63, a day no query asks for; its month still counts.
        let day = (0...63).contains(date.day) ? date.day : 63
        monthDays[index] = UInt16(date.month * 64 + day)
      }
      guard names.count <= Int(UInt32.max) - 256 else { return nil }
      nameStarts.append(UInt32(names.count))
      var nonASCII = false
      assets[index].withFileNameBytes { name in
        for byte in name {
          names.append(ASCIIMatch.fold(byte))
          if byte >= 0x80 { nonASCII = true }
        }
      }
      names.append(0)
      flags[index] = assets[index].mediaTypeBits | (nonASCII ? Self.nonASCIIName : 0)
      let place = assets[index].placeSlot
      placeSlots[index] = place
      if place != 0 { placeSeen.insert(place) }
      guard let camera = assets[index].cameraNames else { continue }
      let id = ObjectIdentifier(camera)
      if let lastCamera, lastCamera.id == id {
        cameraSlots[index] = lastCamera.slot
        continue
      }
      let slot: UInt32
      if let known = slotOfCamera[id] {
        slot = known
      } else {
        cameras.append(CameraText(camera))
        slot = UInt32(cameras.count)
        slotOfCamera[id] = slot
      }
      cameraSlots[index] = slot
      lastCamera = (id, slot)
    }
    guard names.count <= Int(UInt32.max) else { return nil }
    nameStarts.append(UInt32(names.count))
    var byteCounts = [Int](repeating: 0, count: 256)
    for byte in names { byteCounts[Int(byte)] += 1 }
    self.byteCounts = byteCounts
    self.dayKeys = dayKeys
    self.monthDays = monthDays
    self.flags = flags
    self.names = names
    self.nameStarts = nameStarts
    self.cameraSlots = cameraSlots
    self.cameras = cameras
    self.placeSlots = placeSlots
    self.places = placeSeen.sorted().compactMap { slot in
      PhotoPlace.place(slot: slot).map { (slot, $0.searchText) }
    }
  }

  /// Sets the flag of each photo whose place's folded names hold `word` (folded too,
  /// `PlaceFolding`): each place is read once, then one pass over the photos' slots.
  public func markPlaces(holding word: String, in hits: inout [Bool]) {
    guard !word.isEmpty, let last = places.last?.slot else { return }
    var matching = [Bool](repeating: false, count: Int(last) + 1)
    var any = false
    for place in places where place.text.contains(word) {
      matching[Int(place.slot)] = true
      any = true
    }
    guard any else { return }
    placeSlots.withUnsafeBufferPointer { slots in
      hits.withUnsafeMutableBufferPointer { hits in
        for photo in slots.indices {
          let slot = Int(slots[photo])
          if slot < matching.count && matching[slot] { hits[photo] = true }
        }
      }
    }
  }

  /// Which photos' file names, makes, models or lenses hold `word` (lowercase), one flag a
  /// photo; with `lensOnly`, which photos' lenses hold it (inside words too).
  ///
  /// An ASCII word matches ignoring ASCII case; a word with other letters matches the
  /// lowercased names of the photos whose names have such letters (`isNameMatched` reads
  /// those from `assets`). A lens holds a plain word only as a whole word (`WholeWordMatch`).
  public func photos(
    holding word: String, lensOnly: Bool = false, isNameMatched: (Int) -> Bool
  ) -> [Bool] {
    var hits = [Bool](repeating: false, count: count)
    let bytes = Array(word.utf8)
    guard !bytes.isEmpty else { return [Bool](repeating: true, count: count) }
    let isASCII = bytes.allSatisfy { $0 < 0x80 }
    let cameraHits = cameras.map { camera in
      if lensOnly { return camera.lens.map { $0.lowercased().contains(word) } ?? false }
      if let lens = camera.lens, WholeWordMatch.contains(lens, word: word) { return true }
      return isASCII
        ? camera.folded.withUnsafeBufferPointer { Self.firstMatch(of: bytes, in: $0, from: 0) }
          != nil
        : camera.names.contains { $0.lowercased().contains(word) }
    }
    hits.withUnsafeMutableBufferPointer { hits in
      if isASCII && !lensOnly {
        markNames(holding: bytes, in: hits)
      } else if !lensOnly {
        for index in 0..<count where flags[index] & Self.nonASCIIName != 0 {
          if isNameMatched(index) { hits[index] = true }
        }
      }
      if cameraHits.contains(true) {
        cameraSlots.withUnsafeBufferPointer { slots in
          for index in 0..<count where slots[index] != 0 && cameraHits[Int(slots[index]) - 1] {
            hits[index] = true
          }
        }
      }
    }
    return hits
  }

  /// Which photos' file names hold `word` (lowercase ASCII: a year's digits), one flag a
  /// photo.
  public func photos(withNameHolding word: String) -> [Bool] {
    var hits = [Bool](repeating: false, count: count)
    let bytes = Array(word.utf8)
    guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) else { return hits }
    hits.withUnsafeMutableBufferPointer { markNames(holding: bytes, in: $0) }
    return hits
  }

  /// Sets the flag of each photo whose name holds `needle` (folded ASCII): one pass over the
  /// names, skipping to the next name after a match.
  private func markNames(holding needle: [UInt8], in hits: UnsafeMutableBufferPointer<Bool>) {
    let finder = PairFinder(needle, byteCounts: byteCounts)
    names.withUnsafeBufferPointer { names in
      nameStarts.withUnsafeBufferPointer { starts in
        var photo = 0
        finder.forEachMatch(in: names, from: 0) { found in
          // The photo whose name holds `found`: names are in photo order, so move forward.
          while Int(starts[photo + 1]) <= found { photo += 1 }
          hits[photo] = true
          return Int(starts[photo + 1])
        }
      }
    }
  }

  /// Where `needle` first occurs in `haystack` at or after `start` (any byte counts alike).
  static func firstMatch(
    of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    PairFinder(needle, byteCounts: nil).firstMatch(in: haystack, from: start)
  }
}

extension SearchIndex {
  /// A substring search that first looks for two of the needle's bytes at their distance
  /// apart, sixteen places at a step, and compares the whole needle only where both are (the
  /// "packed pair" idea of Rust's memchr crate). The two are the rarest in the names: in a
  /// library of `IMG_1234.JPG`s, "img_123"'s first byte is in every name, its "2" and "3"
  /// side by side in a few percent of them.
  struct PairFinder {
    let needle: [UInt8]
    /// The offsets in the needle of the two bytes looked for (equal for a one-byte needle).
    let first: Int
    let second: Int

    init(_ needle: [UInt8], byteCounts: [Int]?) {
      self.needle = needle
      guard needle.count > 1 else {
        (first, second) = (0, 0)
        return
      }
      // Without counts: the first and the last byte.
      guard let byteCounts else {
        (first, second) = (0, needle.count - 1)
        return
      }
      let order = needle.indices.sorted {
        byteCounts[Int(needle[$0])] < byteCounts[Int(needle[$1])]
      }
      let rarest = order[0]
      let next = order.dropFirst().first { needle[$0] != needle[rarest] } ?? order[1]
      (first, second) = (min(rarest, next), max(rarest, next))
    }

    /// Where the needle first occurs in `haystack` at or after `start`.
    func firstMatch(in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
      var first: Int?
      forEachMatch(in: haystack, from: start) { found in
        first = found
        return nil
      }
      return first
    }

    /// Calls `body` with each place the needle occurs from `start` on, in order; `body`
    /// says where to go on looking (past the match), or nil to stop.
    ///
    /// Sixteen places at a step (SIMD16 compares: 2.3 times the eight-byte word tricks on the
    /// names of a million photos), and every candidate of a step is taken from its bits
    /// without loading the step again: when every name matched, loading again after each
    /// match was most of the scan.
    func forEachMatch(
      in haystack: UnsafeBufferPointer<UInt8>, from start: Int, _ body: (Int) -> Int?
    ) {
      guard !needle.isEmpty else {
        if start <= haystack.count { _ = body(start) }
        return
      }
      guard let base = haystack.baseAddress, haystack.count >= needle.count else { return }
      let last = haystack.count - needle.count
      let raw = UnsafeRawPointer(base)
      let one = SIMD16<UInt8>(repeating: needle[first])
      let two = SIMD16<UInt8>(repeating: needle[second])
      let (first, second) = (self.first, self.second)
      var position = start
      // No match is reported before this place (the end of the last match's name).
      var resume = start
      needle.withUnsafeBufferPointer { needle in
        func matches(at candidate: Int) -> Bool {
          var i = 0
          while i < needle.count && base[candidate + i] == needle[i] { i += 1 }
          return i == needle.count
        }
        /// The candidates flagged (0x80) in `bits`, from `offset` on: false to stop.
        func take(_ bits: UInt64, at offset: Int) -> Bool {
          var bits = bits
          while bits != 0 {
            let candidate = offset + bits.trailingZeroBitCount / 8
            bits &= bits &- 1
            if candidate < resume || !matches(at: candidate) { continue }
            guard let next = body(candidate) else { return false }
            resume = max(next, candidate + 1)
          }
          return true
        }
        // Sixteen candidates at a time while both loads stay inside the haystack.
        while position + second + 16 <= haystack.count && position + 15 <= last {
          let a = raw.loadUnaligned(fromByteOffset: position + first, as: SIMD16<UInt8>.self)
          let b = raw.loadUnaligned(fromByteOffset: position + second, as: SIMD16<UInt8>.self)
          let flags = SIMD16<UInt8>(repeating: 0).replacing(
            with: 0x80, where: (a .== one) .& (b .== two))
          let halves = unsafeBitCast(flags, to: SIMD2<UInt64>.self)
          if halves[0] | halves[1] != 0 {
            // Byte k of the step is bit 8k + 7 of its half, low bytes first (little-endian).
            guard take(UInt64(littleEndian: halves[0]), at: position),
              take(UInt64(littleEndian: halves[1]), at: position + 8)
            else { return }
          }
          position = max(position + 16, resume)
        }
        position = max(position, resume)
        while position <= last {
          if matches(at: position) {
            guard let next = body(position) else { return }
            position = max(next, position + 1)
          } else {
            position += 1
          }
        }
      }
    }
  }
}

extension SearchIndex.CameraText {
  init(_ camera: CameraNames) {
    var folded: [UInt8] = []
    for name in [camera.make, camera.model] {
      for byte in (name ?? "").utf8 { folded.append(ASCIIMatch.fold(byte)) }
      folded.append(0)
    }
    self.folded = folded
    self.names = [camera.make, camera.model].compactMap { $0 }
    self.lens = camera.lens
  }
}
