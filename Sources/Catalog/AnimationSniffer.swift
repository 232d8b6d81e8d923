#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PhotoModel

/// Tells a multi-frame GIF, APNG, animated WebP or AVIF/HEIF sequence (the Animated media
/// type) from the
/// structure at the start of the file, reading only what that needs.
///
/// PNG: an `acTL` chunk with more than one frame before the first `IDAT`. WebP: the VP8X
/// animation flag. GIF: a NETSCAPE2.0/ANIMEXTS1.0 loop extension, or a second image
/// descriptor (the first frame's data blocks are skipped by their lengths).
enum AnimationSniffer {
  /// Past this offset the walk gives up (a GIF whose first frame is this large is treated
  /// as a still).
  static let maxOffset = 32 << 20

  /// True when the file at `path` of this format has more than one frame.
  static func isAnimated(_ path: LibraryPath, format: MediaFormat) -> Bool {
    // The sniffer saw the `avis` brand: a sequence by definition, nothing more to read.
    if format == .avifSequence { return true }
    guard [.gif, .png, .webp, .heic, .avif].contains(format) else { return false }
    let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var reader = Reader(fd: fd)
    switch format {
    case .png: return png(&reader)
    case .gif: return gif(&reader)
    case .heic, .avif: return heifSequence(&reader)
    default: return webp(&reader)
    }
  }

  /// An image sequence (animated AVIF, HEIF burst or animation): the ftyp major brand says
  /// so (`avis`, `msf1`, `hevs`); a still with a sequence inside keeps a still's brand.
  static func heifSequence(_ r: inout Reader) -> Bool {
    guard let brand = r.bytes(8, 4) else { return false }
    return ["avis", "msf1", "hevs"].contains { Array($0.utf8) == brand }
  }

  static func png(_ r: inout Reader) -> Bool {
    var pos = 8
    for _ in 0..<1000 {
      guard let length = r.u32be(pos), let type = r.bytes(pos + 4, 4) else { return false }
      if type == Array("acTL".utf8) {
        return (r.u32be(pos + 8) ?? 0) > 1
      }
      if type == Array("IDAT".utf8) { return false }
      let (next, overflow) = pos.addingReportingOverflow(12 &+ Int(length))
      guard !overflow, next > pos else { return false }
      pos = next
    }
    return false
  }

  static func webp(_ r: inout Reader) -> Bool {
    guard r.bytes(0, 4) == Array("RIFF".utf8), r.bytes(8, 4) == Array("WEBP".utf8),
      r.bytes(12, 4) == Array("VP8X".utf8), let flags = r.byte(20)
    else { return false }
    return flags & 0x02 != 0
  }

  static func gif(_ r: inout Reader) -> Bool {
    guard let signature = r.bytes(0, 3), signature == Array("GIF".utf8),
      let screen = r.byte(10)
    else { return false }
    var pos = 13
    if screen & 0x80 != 0 { pos += 3 << (Int(screen & 7) + 1) }
    var frames = 0
    while pos < maxOffset {
      guard let introducer = r.byte(pos) else { return false }
      switch introducer {
      case 0x21:  // extension: label, then data sub-blocks
        guard let label = r.byte(pos + 1) else { return false }
        if label == 0xFF, r.byte(pos + 2) == 11, let id = r.bytes(pos + 3, 11),
          id == Array("NETSCAPE2.0".utf8) || id == Array("ANIMEXTS1.0".utf8)
        {
          return true
        }
        guard let end = skipSubBlocks(&r, from: pos + 2) else { return false }
        pos = end
      case 0x2C:  // image descriptor (10 bytes), local colour table, LZW size, data
        frames += 1
        if frames > 1 { return true }
        guard let packed = r.byte(pos + 9) else { return false }
        pos += 10
        if packed & 0x80 != 0 { pos += 3 << (Int(packed & 7) + 1) }
        guard let end = skipSubBlocks(&r, from: pos + 1) else { return false }
        pos = end
      default:  // trailer (0x3B) or something broken
        return false
      }
    }
    return false
  }

  /// The offset after the sub-blocks starting at `start` (ended by a zero-length block).
  private static func skipSubBlocks(_ r: inout Reader, from start: Int) -> Int? {
    var pos = start
    while pos < maxOffset {
      guard let size = r.byte(pos) else { return nil }
      pos += 1 + Int(size)
      if size == 0 { return pos }
    }
    return nil
  }

  /// Random access to the file through one cached 64 KB window.
  struct Reader {
    let fd: Int32
    private var window: [UInt8] = []
    private var windowStart = 0
    static let windowSize = 64 * 1024

    init(fd: Int32) { self.fd = fd }

    mutating func byte(_ offset: Int) -> UInt8? {
      guard offset >= 0 else { return nil }
      if offset < windowStart || offset >= windowStart + window.count {
        guard load(at: offset) else { return nil }
      }
      return window[offset - windowStart]
    }

    mutating func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
      var out: [UInt8] = []
      out.reserveCapacity(count)
      for i in 0..<count {
        guard let b = byte(offset + i) else { return nil }
        out.append(b)
      }
      return out
    }

    mutating func u32be(_ offset: Int) -> UInt32? {
      guard let b = bytes(offset, 4) else { return nil }
      return UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
    }

    private mutating func load(at offset: Int) -> Bool {
      var buffer = [UInt8](repeating: 0, count: Self.windowSize)
      var got = 0
      while got < buffer.count {
        let n = buffer.withUnsafeMutableBytes { raw in
          pread(fd, raw.baseAddress! + got, raw.count - got, off_t(offset + got))
        }
        if n < 0, errno == EINTR { continue }
        if n <= 0 { break }
        got += n
      }
      guard got > 0 else { return false }
      window = Array(buffer[..<got])
      windowStart = offset
      return true
    }
  }
}
