import Pixels
import CPNGWriter

/// Finds the ICC profile embedded in a JPEG (APP2 `ICC_PROFILE` chunks, in sequence order)
/// or a PNG (the zlib-compressed `iCCP` chunk).
enum ICCProfile {
  /// The largest profile accepted: real ones are a few KB; the bound keeps a hostile file
  /// from making the reader allocate much.
  static let maxBytes = 4 << 20

  /// The profile of a JPEG, joined from its APP2 chunks; nil when there is none or the
  /// chunks are inconsistent.
  static func jpeg(_ data: [UInt8]) -> ColorSource? {
    var chunks: [Int: ArraySlice<UInt8>] = [:]
    var expected = 0
    var pos = 2
    while pos + 4 <= data.count, data[pos] == 0xFF {
      let marker = data[pos + 1]
      if marker == 0xFF {
        pos += 1
        continue
      }
      if marker == 0xDA || marker == 0xD9 { break }
      let length = Int(data[pos + 2]) << 8 | Int(data[pos + 3])
      guard length >= 2, pos + 2 + length <= data.count else { break }
      let body = (pos + 4)..<(pos + 2 + length)
      // "ICC_PROFILE\0", sequence number (from 1), count.
      if marker == 0xE2, body.count > 14,
        data[body.lowerBound..<(body.lowerBound + 12)].elementsEqual(Array("ICC_PROFILE\0".utf8))
      {
        let sequence = Int(data[body.lowerBound + 12])
        expected = Int(data[body.lowerBound + 13])
        chunks[sequence] = data[(body.lowerBound + 14)..<body.upperBound]
      }
      pos += 2 + length
    }
    guard expected > 0, chunks.count == expected else { return nil }
    var profile: [UInt8] = []
    for sequence in 1...expected {
      guard let chunk = chunks[sequence], profile.count + chunk.count <= maxBytes else {
        return nil
      }
      profile += chunk
    }
    return .icc(profile)
  }

  /// The profile of a PNG's `iCCP` chunk (before IDAT), inflated; nil when absent.
  static func png(_ data: [UInt8]) -> ColorSource? {
    var pos = 8
    while pos + 12 <= data.count {
      let length =
        Int(data[pos]) << 24 | Int(data[pos + 1]) << 16 | Int(data[pos + 2]) << 8
        | Int(data[pos + 3])
      let type = String(decoding: data[(pos + 4)..<(pos + 8)], as: UTF8.self)
      guard length >= 0, pos + 12 + length <= data.count, type != "IDAT" else { return nil }
      if type == "iCCP" {
        let body = (pos + 8)..<(pos + 8 + length)
        // Profile name (1–79 bytes), NUL, compression method 0, then the zlib stream.
        guard let nul = data[body].firstIndex(of: 0), nul + 2 < body.upperBound,
          data[nul + 1] == 0
        else { return nil }
        let stream = Array(data[(nul + 2)..<body.upperBound])
        var profile = [UInt8](repeating: 0, count: maxBytes)
        let inflated = profile.withUnsafeMutableBufferPointer { out in
          lb_zlib_inflate(stream, stream.count, out.baseAddress, out.count)
        }
        guard inflated > 0 else { return nil }
        return .icc(Array(profile.prefix(inflated)))
      }
      pos += 12 + length
    }
    return nil
  }
}
