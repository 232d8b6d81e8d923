import PhotoModel

/// Reads the Segment children `MatroskaScanner` wants (`SeekHead`, `Info`, `Tracks`, `Tags`)
/// into a `MovieHeader`, remembering which it has seen and where the `SeekHead` says the
/// others are.
struct MatroskaSegmentReader {
  private typealias ID = MatroskaScanner.ID

  /// The file offset of the Segment's content: `SeekPosition`s count from it.
  let segmentStart: Int
  /// File offsets of `Info`, `Tracks` and `Tags` from the `SeekHead`.
  var seekPositions: [UInt32: Int] = [:]
  /// The elements read.
  var done: Set<UInt32> = []
  /// A creation date from a tag, in seconds since 1970 (UTC); `DateUTC` wins over it.
  var tagDate: Int64?

  init(segmentStart: Int) { self.segmentStart = segmentStart }

  /// Reads one Segment child whose content is `content` of `b`.
  mutating func read(
    _ id: UInt32, _ b: ByteView, _ content: Range<Int>, into found: inout MovieHeader
  ) {
    switch id {
    case ID.seekHead: readSeekHead(b, content)
    case ID.info: readInfo(b, content, into: &found)
    case ID.tracks: if !done.contains(id) { readTracks(b, content, into: &found) }
    case ID.tags: readTags(b, content, into: &found)
    default: return
    }
    done.insert(id)
  }

  /// The tag date when `Info` had no `DateUTC`.
  func finish(_ found: inout MovieHeader) {
    if found.creationTime == nil { found.creationTime = tagDate }
  }

  private mutating func readSeekHead(_ b: ByteView, _ content: Range<Int>) {
    EBMLElement.forEach(b, in: content) { seek, entry in
      guard seek.id == ID.seek else { return true }
      var target: UInt64?
      var position: UInt64?
      EBMLElement.forEach(b, in: entry) { field, value in
        if field.id == ID.seekID { target = EBMLElement.unsigned(b, value) }
        if field.id == ID.seekPosition { position = EBMLElement.unsigned(b, value) }
        return true
      }
      if let target, let position, position < UInt64(EBMLElement.maxSize),
        seekPositions[UInt32(truncatingIfNeeded: target)] == nil
      {
        seekPositions[UInt32(truncatingIfNeeded: target)] = segmentStart + Int(position)
      }
      return true
    }
  }

  private func readInfo(_ b: ByteView, _ content: Range<Int>, into found: inout MovieHeader) {
    var scale: UInt64 = 1_000_000  // nanoseconds per tick, the default
    var duration: Double?
    var date: Int64?
    EBMLElement.forEach(b, in: content) { field, value in
      switch field.id {
      case ID.timestampScale: scale = EBMLElement.unsigned(b, value) ?? scale
      case ID.duration: duration = EBMLElement.float(b, value)
      case ID.dateUTC: date = EBMLElement.signed(b, value)
      default: break
      }
      return true
    }
    if let duration, scale > 0 {
      let seconds = duration * Double(scale) / 1e9
      if seconds.isFinite, seconds >= 0 { found.info.duration = seconds }
    }
    // Zero is 2001-01-01T00:00:00Z exactly: what a muxer with no date writes.
    if let date, date != 0 {
      // Nanoseconds rounded down to the second (Int64 division rounds toward zero).
      var seconds = date / 1_000_000_000
      if date % 1_000_000_000 < 0 { seconds -= 1 }
      seconds += MatroskaScanner.epochOffset
      if seconds > 0, seconds < 253_402_300_800 { found.creationTime = seconds }
    }
  }

  /// The first video track (type 1).
  private func readTracks(_ b: ByteView, _ content: Range<Int>, into found: inout MovieHeader) {
    EBMLElement.forEach(b, in: content) { entry, fields in
      guard entry.id == ID.trackEntry else { return true }
      var isVideo = false
      var codecID: String?
      var codecPrivate: Range<Int>?
      var frameDuration: UInt64?
      var width: UInt64?
      var height: UInt64?
      EBMLElement.forEach(b, in: fields) { field, value in
        switch field.id {
        case ID.trackType: isVideo = EBMLElement.unsigned(b, value) == 1
        case ID.codecID: codecID = EBMLElement.string(b, value, maxBytes: 64)
        case ID.codecPrivate: codecPrivate = value
        case ID.defaultDuration: frameDuration = EBMLElement.unsigned(b, value)
        case ID.video:
          EBMLElement.forEach(b, in: value) { inner, number in
            if inner.id == ID.pixelWidth { width = EBMLElement.unsigned(b, number) }
            if inner.id == ID.pixelHeight { height = EBMLElement.unsigned(b, number) }
            return true
          }
        default: break
        }
        return true
      }
      guard isVideo else { return true }
      if let codecID {
        found.info.codec = MatroskaScanner.codecName(codecID, b, privateData: codecPrivate)
      }
      if let frameDuration, frameDuration > 0 { found.info.frameRate = 1e9 / Double(frameDuration) }
      if let width, let height, (1...65_535).contains(width), (1...65_535).contains(height) {
        found.info.codedSize = PixelSize(width: Int(width), height: Int(height))
      }
      return false
    }
  }

  /// Global tags only (no track, edition, chapter or attachment UID in `Targets`): a
  /// track's tags describe the track ("DURATION", "ENCODER").
  private mutating func readTags(
    _ b: ByteView, _ content: Range<Int>, into found: inout MovieHeader
  ) {
    EBMLElement.forEach(b, in: content) { tag, fields in
      guard tag.id == 0x7373 else { return true }
      var isGlobal = true
      var pairs: [(String, String)] = []
      EBMLElement.forEach(b, in: fields) { field, value in
        if field.id == 0x63C0 {  // Targets
          EBMLElement.forEach(b, in: value) { target, number in
            if [0x63C5, 0x63C9, 0x63C4, 0x63C6].contains(target.id),
              EBMLElement.unsigned(b, number) ?? 1 != 0
            {
              isGlobal = false
            }
            return true
          }
        } else if field.id == 0x67C8, let pair = simpleTag(b, value) {
          pairs.append(pair)
        }
        return true
      }
      if isGlobal { for (name, value) in pairs { apply(name, value, to: &found) } }
      return true
    }
  }

  /// A SimpleTag's upper-cased TagName and its TagString.
  private func simpleTag(_ b: ByteView, _ content: Range<Int>) -> (String, String)? {
    var name: String?
    var text: String?
    EBMLElement.forEach(b, in: content, maxElements: 64) { field, value in
      if field.id == 0x45A3 { name = EBMLElement.string(b, value, maxBytes: 64) }
      if field.id == 0x4487 { text = EBMLElement.string(b, value) }
      return true
    }
    guard let name, let text else { return nil }
    return (name.uppercased(), text)
  }

  private mutating func apply(_ name: String, _ value: String, to found: inout MovieHeader) {
    switch name {
    case "CREATION_TIME", "DATE_RECORDED":
      if tagDate == nil { tagDate = Self.utcSeconds(value) }
    case "COM.APPLE.QUICKTIME.CREATIONDATE": found.appleCreationDate = value
    case "LOCATION", "LOCATION-ENG", "COM.APPLE.QUICKTIME.LOCATION.ISO6709":
      if found.gps == nil { found.gps = QuickTimeScanner.iso6709(value) }
    case "COM.APPLE.QUICKTIME.MAKE": found.make = QuickTimeScanner.printable(value)
    case "COM.APPLE.QUICKTIME.MODEL": found.model = QuickTimeScanner.printable(value)
    case "COM.APPLE.QUICKTIME.CONTENT.IDENTIFIER":
      found.info.contentIdentifier = QuickTimeScanner.printable(value)
    default: break
    }
  }

  /// A tag date ("2021-03-04T05:06:07.000000Z", "2021-03-04 05:06:07") as seconds since
  /// 1970: its zone when it has one, else UTC, as ffmpeg writes `creation_time`.
  static func utcSeconds(_ text: String) -> Int64? {
    guard let date = DateTextParser.creationTime(text, source: .movieCreationTime), date.isValid
    else { return nil }
    return date.utcSeconds ?? date.localSortKey / 1000
  }
}
