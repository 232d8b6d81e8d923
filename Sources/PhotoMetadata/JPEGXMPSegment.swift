/// A JPEG's standard XMP segment (APP1 `http://ns.adobe.com/xap/1.0/`), found and replaced
/// as bytes: what `xmp-write = embedded` edits, every byte outside that segment kept.
///
/// A new segment goes after SOI and the APP0 (JFIF) and APP1 (Exif) segments that open the
/// file, where exiftool and Adobe put it. Extended XMP (the packet spread over further APP1
/// segments) is not written: a packet that would not fit one segment is refused.
public enum JPEGXMPSegment {
  /// The segment's signature, its NUL included.
  public static let signature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
  /// The largest packet written into one APP1 segment: the XMP specification's 65,502 bytes
  /// (part 3, 1.1.3), two under what 65,535 less the length field and the signature leaves.
  public static let maximumPacketBytes = 65_502

  /// Where a JPEG's XMP is: its standard packet's segment (marker to end) and packet bytes,
  /// or where a new segment would go.
  public struct Location: Equatable, Sendable {
    /// The whole APP1 segment, from its 0xFF; nil when the JPEG has no standard packet.
    public var segment: Range<Int>?
    /// The packet inside it.
    public var packet: Range<Int>?
    /// Where a new segment goes when there is none.
    public var insertion: Int
    /// True when the JPEG also holds Extended XMP segments.
    public var hasExtended: Bool
  }

  /// Where the XMP of the JPEG `bytes` is, or why its segments cannot be walked before the
  /// first scan.
  public static func locate(_ bytes: [UInt8]) -> Result<Location, XMPWriteError> {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
      return .failure(XMPWriteError("not a JPEG file"))
    }
    var location = Location(segment: nil, packet: nil, insertion: 2, hasExtended: false)
    var leading = true
    var pos = 2
    while true {
      guard pos + 1 < bytes.count, bytes[pos] == 0xFF else {
        return .failure(XMPWriteError("a JPEG segment is damaged at byte \(pos): not written"))
      }
      let marker = bytes[pos + 1]
      switch marker {
      case 0xFF:
        // Fill bytes before a marker: not a segment, and nothing goes before them.
        pos += 1
        leading = false
        continue
      case 0xDA, 0xD9:
        return .success(location)
      case 0x01, 0xD0...0xD7:
        pos += 2
        leading = false
        continue
      default:
        break
      }
      guard pos + 3 < bytes.count else {
        return .failure(XMPWriteError("the JPEG ends inside a segment: not written"))
      }
      let length = Int(bytes[pos + 2]) << 8 | Int(bytes[pos + 3])
      let end = pos + 2 + length
      guard length >= 2, end <= bytes.count else {
        return .failure(XMPWriteError("a JPEG segment is damaged at byte \(pos): not written"))
      }
      let body = (pos + 4)..<end
      if marker == 0xE1, starts(bytes, body, with: signature) {
        if location.segment != nil {
          return .failure(XMPWriteError("the JPEG holds two XMP packets: not written"))
        }
        location.segment = pos..<end
        location.packet = (body.lowerBound + signature.count)..<end
      } else if marker == 0xE1,
        starts(bytes, body, with: Array("http://ns.adobe.com/xmp/extension/\0".utf8))
      {
        location.hasExtended = true
      }
      let opening =
        marker == 0xE0 || (marker == 0xE1 && starts(bytes, body, with: Array("Exif\0".utf8)))
      if leading, opening {
        location.insertion = end
      } else {
        leading = false
      }
      pos = end
    }
  }

  /// The standard XMP packet of the JPEG `bytes`, nil when it has none.
  public static func packet(in bytes: [UInt8]) -> [UInt8]? {
    guard case .success(let location) = locate(bytes), let packet = location.packet else {
      return nil
    }
    return Array(bytes[packet])
  }

  /// The JPEG `bytes` with its standard XMP packet replaced by `packet` (a segment made for
  /// it when there is none), or with that segment removed when `packet` is nil; every other
  /// byte as it was.
  public static func replacingPacket(in bytes: [UInt8], with packet: [UInt8]?)
    -> Result<[UInt8], XMPWriteError>
  {
    if let packet, packet.count > maximumPacketBytes {
      return .failure(
        XMPWriteError(
          "the XMP would be \(packet.count) bytes, more than a JPEG segment holds "
            + "(\(maximumPacketBytes)): not written"))
    }
    return locate(bytes).map { location in
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + (packet?.count ?? 0) + 40)
      let cut = location.segment ?? location.insertion..<location.insertion
      out += bytes[..<cut.lowerBound]
      if let packet {
        let length = 2 + signature.count + packet.count
        out += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
        out += signature
        out += packet
      }
      out += bytes[cut.upperBound...]
      return out
    }
  }

  private static func starts(_ bytes: [UInt8], _ range: Range<Int>, with prefix: [UInt8]) -> Bool {
    range.count >= prefix.count
      && bytes[range.lowerBound..<(range.lowerBound + prefix.count)].elementsEqual(prefix)
  }
}
