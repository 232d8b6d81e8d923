import PhotoModel

/// Finds the XMP packet a file embeds, where each format keeps it: JPEG APP1 (with Extended
/// XMP) and APP13 IPTC, the HEIF/AVIF `mime` item, PNG `iTXt` `XML:com.adobe.xmp`, TIFF and
/// TIFF-based RAW tag 700, the WebP `XMP ` chunk, the XMP `uuid` box of a CR3 or an MP4/MOV. Everything past the head is read through
/// a `RandomAccessSource`, within its budget.
enum EmbeddedXMP {
  /// What was found: the fields (nil when the file embeds no XMP packet and no IPTC
  /// keywords) and what is wrong with the packet, in one line.
  typealias Found = (metadata: XMPMetadata?, problem: String?)

  /// The tags of the file whose head is `source.head`, format `format`.
  static func read(format: MediaFormat?, _ source: inout RandomAccessSource) -> Found {
    let packet: [UInt8]?
    switch format {
    case .jpeg: return jpeg(&source)
    case .heic, .avif, .avifSequence: packet = heifPacket(&source)
    case .png: packet = pngPacket(&source)
    case .webp: packet = webpPacket(&source)
    case .tiff: packet = tiffPacket(&source)
    case .raw: packet = isoBMFF(source.head) ? uuidPacket(&source) : tiffPacket(&source)
    case .video: packet = isoBMFF(source.head) ? uuidPacket(&source) : nil
    case .gif, nil: packet = nil
    }
    guard let packet else { return (nil, nil) }
    let read = XMPMetadata.read(packet: packet)
    return (read.metadata, read.problem)
  }

  /// A JPEG's XMP, its Extended XMP filling what the standard packet lacks, and its IPTC
  /// keywords when there is no `dc:subject`.
  private static func jpeg(_ source: inout RandomAccessSource) -> Found {
    let segments = JPEGScanner.xmpSegments(&source)
    var tags: XMPMetadata?
    var problem: String?
    if let packet = segments.packet {
      let main = XMPMetadata.read(packet: packet)
      tags = main.metadata
      problem = main.problem
      // Only the extension the standard packet names (xmpNote:HasExtendedXMP), as exiftool.
      if let guid = main.extendedGUID,
        let extended = JPEGScanner.extendedPacket(segments, guid: guid)
      {
        tags = XMPMetadata(packet: extended).overlaid(by: main.metadata)
      }
    }
    let keywords = IPTCKeywords.read(photoshop: segments.photoshop)
    if !keywords.isEmpty, tags?.keywords == nil {
      var withKeywords = tags ?? XMPMetadata()
      withKeywords.keywords = keywords
      tags = withKeywords
    }
    return (tags, problem)
  }

  private static func heifPacket(_ source: inout RandomAccessSource) -> [UInt8]? {
    let head = source.head
    var items = HEIFScanner.locate(head)
    if items.xmp == nil,
      let meta = HEIFScanner.metaRange(head: head, load: { source.bytes($0) }),
      meta.upperBound > head.count, meta.count <= 4 * MetadataReader.maxItemBytes,
      let bytes = source.bytes(meta), bytes.count == meta.count
    {
      // The box alone is a valid top level whose item offsets are still file offsets.
      items = bytes.withUnsafeBytes { HEIFScanner.locate(ByteView($0)) }
    }
    guard let range = items.xmp else { return nil }
    return packet(&source, range)
  }

  /// The text of the first uncompressed `iTXt` chunk with the XMP keyword.
  private static func pngPacket(_ source: inout RandomAccessSource) -> [UInt8]? {
    var pos = 8
    for _ in 0..<1024 {
      guard let header = source.bytes(pos..<(pos + 8)), header.count == 8 else { return nil }
      let (length, type) = header.withUnsafeBytes {
        (ByteView($0).u32be(0), ByteView($0).fourCC(4))
      }
      guard let length, let type, length <= 0x7FFF_FFFF, type != fourCC("IEND") else { return nil }
      if type == fourCC("iTXt"), let body = packet(&source, (pos + 8)..<(pos + 8 + length)) {
        let text = body.withUnsafeBytes { raw in
          PNGScanner.textRange(ByteView(raw), 0..<raw.count, keyword: "XML:com.adobe.xmp")
        }
        if let text { return Array(body[text]) }
      }
      pos += 12 + length
    }
    return nil
  }

  /// The data of the first `XMP ` chunk.
  private static func webpPacket(_ source: inout RandomAccessSource) -> [UInt8]? {
    var pos = 12
    for _ in 0..<1024 {
      guard let header = source.bytes(pos..<(pos + 8)), header.count == 8 else { return nil }
      let (type, length) = header.withUnsafeBytes {
        (ByteView($0).fourCC(0), ByteView($0).u32le(4))
      }
      guard let type, let length else { return nil }
      if type == fourCC("XMP ") { return packet(&source, (pos + 8)..<(pos + 8 + length)) }
      pos += 8 + length + (length & 1)
    }
    return nil
  }

  /// The value of IFD0's tag 700 (XMLPacket) of a TIFF or a TIFF-based RAW.
  private static func tiffPacket(_ source: inout RandomAccessSource) -> [UInt8]? {
    let head = source.head
    let little: Bool
    if head.matches("II", at: 0) {
      little = true
    } else if head.matches("MM", at: 0) {
      little = false
    } else {
      return nil
    }
    func u16(_ b: ByteView, _ at: Int) -> Int? { little ? b.u16le(at) : b.u16be(at) }
    func u32(_ b: ByteView, _ at: Int) -> Int? { little ? b.u32le(at) : b.u32be(at) }
    guard u16(head, 2) == 42, let ifd = u32(head, 4), ifd >= 8,
      let countBytes = source.bytes(ifd..<(ifd + 2)), countBytes.count == 2,
      let count = countBytes.withUnsafeBytes({ u16(ByteView($0), 0) }),
      let table = source.bytes((ifd + 2)..<(ifd + 2 + min(count, 1024) * 12))
    else { return nil }
    let entry: (type: Int, count: Int, offset: Int)? = table.withUnsafeBytes { raw in
      let t = ByteView(raw)
      for at in stride(from: 0, to: t.count - 11, by: 12) where u16(t, at) == 700 {
        guard let type = u16(t, at + 2), let count = u32(t, at + 4), let offset = u32(t, at + 8)
        else { return nil }
        return (type, count, offset)
      }
      return nil
    }
    // BYTE or UNDEFINED, out of line (a packet is longer than four bytes).
    guard let entry, entry.type == 1 || entry.type == 7, entry.count > 4 else { return nil }
    return packet(&source, entry.offset..<(entry.offset + entry.count))
  }

  /// True for an ISO base media file (CR3, MP4, MOV with an `ftyp` box first).
  private static func isoBMFF(_ head: ByteView) -> Bool { head.matches("ftyp", at: 4) }

  /// The XMP `uuid` box's extended type (BE7ACFCB-97A9-42E8-9C71-999491E3AFAC).
  static let xmpUUID: [UInt8] = [
    0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC,
  ]

  /// The content of the top-level `uuid` box of the XMP type, found by hopping over the
  /// top-level boxes (Canon and Adobe write it after `moov`, or after `mdat`).
  private static func uuidPacket(_ source: inout RandomAccessSource) -> [UInt8]? {
    var pos = 0
    for _ in 0..<64 {
      guard let header = source.bytes(pos..<(pos + 32)), header.count >= 8 else { return nil }
      let (size32, type, large) = header.withUnsafeBytes { raw in
        (ByteView(raw).u32be(0), ByteView(raw).fourCC(4), ByteView(raw).u64be(8))
      }
      guard let size32, let type else { return nil }
      var headerSize = 8
      var size = size32
      if size32 == 1 {
        guard let large, large <= UInt64(Int32.max) else { return nil }
        size = Int(large)
        headerSize = 16
      }
      guard size >= headerSize else { return nil }  // 0 (to the end of the file) or damage
      if type == fourCC("uuid"), header.count >= headerSize + 16,
        Array(header[headerSize..<(headerSize + 16)]) == xmpUUID
      {
        return packet(&source, (pos + headerSize + 16)..<(pos + size))
      }
      pos += size
    }
    return nil
  }

  /// The bytes of `range`, at most `XMPMetadata.maxPacketBytes`; nil when none can be read.
  private static func packet(_ source: inout RandomAccessSource, _ range: Range<Int>)
    -> [UInt8]?
  {
    guard range.lowerBound >= 0, !range.isEmpty else { return nil }
    let capped = range.lowerBound..<min(range.upperBound, range.lowerBound + maxEmbeddedBytes)
    return source.bytes(capped)
  }

  /// The most bytes of one embedded packet read: the source's budget (4 MB per file)
  /// bounds it anyway.
  static let maxEmbeddedBytes = RandomAccessSource.maxBytes
}
