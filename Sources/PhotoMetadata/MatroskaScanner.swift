import PhotoModel

/// Reads a Matroska (MKV) or WebM file's metadata from its EBML header and the Segment's
/// `Info` (timestamp scale, duration, `DateUTC`), `Tracks` (the first video track's codec,
/// pixel size and default frame duration) and `Tags` (a creation date when `Info` has
/// none, an ISO 6709 location, Apple's keys when a phone's movie was remuxed).
///
/// Never reads a Cluster: the three elements sit before the clusters in the head, or the
/// `SeekHead` points to them and each missing one is read with one bounded `load`.
enum MatroskaScanner {
  /// An element read past the head is read no further than this.
  static let maxLoadBytes = 256 * 1024

  /// Seconds from 1970-01-01 to 2001-01-01, Matroska's `DateUTC` epoch.
  static let epochOffset: Int64 = 978_307_200

  /// Element IDs (the specification's spelling, length marker included).
  enum ID {
    static let ebml: UInt32 = 0x1A45_DFA3
    static let docType: UInt32 = 0x4282
    static let segment: UInt32 = 0x1853_8067
    static let seekHead: UInt32 = 0x114D_9B74
    static let seek: UInt32 = 0x4DBB
    static let seekID: UInt32 = 0x53AB
    static let seekPosition: UInt32 = 0x53AC
    static let info: UInt32 = 0x1549_A966
    static let timestampScale: UInt32 = 0x2A_D7B1
    static let duration: UInt32 = 0x4489
    static let dateUTC: UInt32 = 0x4461
    static let tracks: UInt32 = 0x1654_AE6B
    static let trackEntry: UInt32 = 0xAE
    static let trackType: UInt32 = 0x83
    static let codecID: UInt32 = 0x86
    static let codecPrivate: UInt32 = 0x63A2
    static let defaultDuration: UInt32 = 0x23_E383
    static let video: UInt32 = 0xE0
    static let pixelWidth: UInt32 = 0xB0
    static let pixelHeight: UInt32 = 0xBA
    static let tags: UInt32 = 0x1254_C367
  }

  /// True when `b` starts with an EBML header.
  static func isMatroska(_ b: ByteView) -> Bool {
    b.u32be(0) == Int(ID.ebml)
  }

  /// The header of the Matroska or WebM file whose head is `head`; `load` reads an element
  /// past it. Nil when the EBML header names another document type or no Segment follows.
  static func scan(head: ByteView, load: (Range<Int>) -> [UInt8]?) -> MovieHeader? {
    guard let ebml = EBMLElement(head, at: 0), ebml.id == ID.ebml,
      let headerEnd = ebml.declaredEnd
    else { return nil }
    var docType = "matroska"  // the specification's default
    EBMLElement.forEach(head, in: ebml.content(within: head.count)) { element, content in
      if element.id == ID.docType { docType = EBMLElement.string(head, content) ?? "" }
      return true
    }
    guard docType == "matroska" || docType == "webm" else { return nil }
    guard let segment = findSegment(head, after: headerEnd) else { return nil }

    var found = MovieHeader()
    found.hasMovie = true
    found.info.container = docType == "webm" ? "WEBM" : "MKV"
    var reader = MatroskaSegmentReader(segmentStart: segment.contentStart)
    var cutShort: [UInt32: Int] = [:]
    EBMLElement.forEach(head, in: segment.content(within: head.count)) { element, content in
      guard element.fits(before: head.count) else {
        // An element the head cuts off: a wanted one is read from the file below.
        cutShort[element.id] = element.start
        return false
      }
      reader.read(element.id, head, content, into: &found)
      return true
    }
    for id in [ID.info, ID.tracks, ID.tags] where !reader.done.contains(id) {
      if id == ID.tags, found.creationTime != nil || reader.tagDate != nil, found.gps != nil {
        continue
      }
      guard let position = cutShort[id] ?? reader.seekPositions[id], position >= 0,
        position < EBMLElement.maxSize, let bytes = load(position..<(position + maxLoadBytes))
      else { continue }
      bytes.withUnsafeBytes { raw in
        let b = ByteView(raw)
        guard let element = EBMLElement(b, at: 0), element.id == id else { return }
        reader.read(id, b, element.content(within: b.count), into: &found)
      }
    }
    reader.finish(&found)
    return found
  }

  /// The Segment after the EBML header (skipping Void elements), or nil.
  private static func findSegment(_ b: ByteView, after start: Int) -> EBMLElement? {
    var position = start
    for _ in 0..<16 {
      guard let element = EBMLElement(b, at: position) else { return nil }
      if element.id == ID.segment { return element }
      guard let end = element.declaredEnd, end > position else { return nil }
      position = end
    }
    return nil
  }
}
