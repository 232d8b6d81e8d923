extension JPEGScanner {
  /// The XMP of a JPEG as it stores it: the standard packet (APP1
  /// `http://ns.adobe.com/xap/1.0/`), the Extended XMP chunks (APP1
  /// `http://ns.adobe.com/xmp/extension/`, for packets over 64 KB) and the Photoshop image
  /// resources of APP13 (`Photoshop 3.0`, where IPTC keywords live).
  struct XMPSegments {
    var packet: [UInt8]?
    /// Extended XMP chunks: GUID, the whole extension's length, this chunk's offset, data.
    var extended: [(guid: String, length: Int, offset: Int, data: [UInt8])] = []
    /// The APP13 Photoshop resources, the bodies of every such segment joined.
    var photoshop: [UInt8] = []
  }

  /// The most segments walked looking for XMP (a JPEG has a handful before its scan).
  static let maxXMPSegments = 1024

  /// Walks the segments before the first scan through `source` and keeps their XMP.
  static func xmpSegments(_ source: inout RandomAccessSource) -> XMPSegments {
    var found = XMPSegments()
    var pos = 2  // after SOI
    for _ in 0..<maxXMPSegments {
      guard let header = source.bytes(pos..<(pos + 4)), header.count >= 2 else { break }
      if header[0] != 0xFF {
        // Extraneous bytes, skipped as djpeg does, but only inside the head.
        guard source.inHead(pos..<(pos + 1)) else { break }
        pos += 1
        continue
      }
      let marker = Int(header[1])
      switch marker {
      case 0xFF:
        pos += 1
        continue
      case 0x00, 0x01, 0xD0...0xD8:
        pos += 2
        continue
      case 0xD9, 0xDA:
        return found
      default:
        break
      }
      guard header.count >= 4 else { break }
      let length = Int(header[2]) << 8 | Int(header[3])
      guard length >= 2 else { break }
      if marker == 0xE1 || marker == 0xED, length > 2,
        let body = source.bytes((pos + 4)..<(pos + 2 + length))
      {
        take(body, marker: marker, into: &found)
      }
      pos += 2 + length
    }
    return found
  }

  private static func take(_ body: [UInt8], marker: Int, into found: inout XMPSegments) {
    body.withUnsafeBytes { raw in
      let b = ByteView(raw)
      if marker == 0xED {
        if b.matches("Photoshop 3.0\0", at: 0), found.photoshop.count < XMPMetadata.maxPacketBytes {
          found.photoshop += body.dropFirst(14)
        }
      } else if found.packet == nil, b.matches("http://ns.adobe.com/xap/1.0/\0", at: 0) {
        found.packet = Array(body.dropFirst(xmpSignatureLength))
      } else if b.matches("http://ns.adobe.com/xmp/extension/\0", at: 0), b.count >= 75,
        let length = b.u32be(67), let offset = b.u32be(71),
        found.extended.count < maxXMPSegments
      {
        let guid = b.string(35..<67)
        found.extended.append((guid, length, offset, Array(body.dropFirst(75))))
      }
    }
  }

  /// The Extended XMP packet with the GUID `guid` put together from its chunks (in any
  /// order); nil when there is none. Parts no chunk covers stay blank (spaces), so a
  /// missing chunk costs what it held and no more.
  static func extendedPacket(_ segments: XMPSegments, guid: String) -> [UInt8]? {
    let chunks = segments.extended.filter { $0.guid == guid }
    guard let length = chunks.first?.length, length > 0 else { return nil }
    let total = min(length, XMPMetadata.maxPacketBytes)
    var packet = [UInt8](repeating: 0x20, count: total)
    for chunk in chunks where chunk.length == length && chunk.offset < total {
      let count = min(chunk.data.count, total - chunk.offset)
      packet.replaceSubrange(chunk.offset..<(chunk.offset + count), with: chunk.data.prefix(count))
    }
    return packet
  }
}
