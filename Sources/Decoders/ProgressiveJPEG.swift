import Pixels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The DC-only fast path for progressive JPEGs.
///
/// At scale 1/8 libjpeg's IDCT (`jpeg_idct_1x1`) reads only the DC coefficient of each
/// block, so every AC scan of a progressive file is decoded for nothing. This builds a
/// second, smaller JPEG stream that keeps the headers and the DC scans (first and
/// refinement) and drops the AC scans; TurboJPEG decodes it at 1/8 to the same pixels as
/// the whole file, at the cost of the DC scans only.
///
/// Why a rewritten stream rather than libjpeg's buffered-image mode
/// (`jpeg_start_output` after the first scan): libjpeg reports fatal errors by calling
/// `error_exit`, which must not return; the only way out is `longjmp`, and Swift can
/// neither call `setjmp` nor be jumped over. TurboJPEG does its `setjmp` in C, so a stream
/// TurboJPEG decodes is error-safe, and a progressive file with some scans left out is
/// still a valid JPEG (missing coefficients are zero).
public enum ProgressiveJPEG {
  /// What the walk over a JPEG's segments found.
  public struct Layout: Sendable, Equatable {
    /// SOF2 (Huffman) or SOF10 (arithmetic) frame.
    public var isProgressive = false
    /// Component identifiers of the frame, in order.
    public var components: [UInt8] = []
    /// Every scan: its SOS marker offset, the end of its entropy-coded data, spectral start.
    public var scans: [Scan] = []
  }

  /// One scan of the file.
  public struct Scan: Sendable, Equatable {
    /// Offset of the scan's `FF DA` marker.
    public var start: Int
    /// Offset just past the scan's entropy-coded data (the next marker).
    public var end: Int
    /// Components the scan carries (by identifier).
    public var components: [UInt8]
    /// Spectral selection start: 0 for a DC scan.
    public var spectralStart: Int
    /// Successive approximation high bit: 0 for a first scan, else a refinement.
    public var approximationHigh: Int
  }

  /// A stream holding only the headers and DC scans of `data`, or nil when `data` is not a
  /// progressive JPEG whose DC scans cover every component before the first AC scan (then
  /// the whole file must be decoded).
  public static func dcScansOnly(_ data: [UInt8]) -> [UInt8]? {
    data.withUnsafeBufferPointer { dcScansOnly($0) }
  }

  static func dcScansOnly(_ data: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard let layout = layout(of: data, stopUnlessProgressive: true), layout.isProgressive,
      let firstAC = layout.scans.firstIndex(where: { $0.spectralStart > 0 })
    else { return nil }
    // Every component needs its DC first scan before the cut, or its blocks would be flat.
    var covered = Set<UInt8>()
    for scan in layout.scans[..<firstAC] where scan.approximationHigh == 0 {
      covered.formUnion(scan.components)
    }
    guard covered.isSuperset(of: layout.components) else { return nil }

    var out: [UInt8] = []
    let cut = layout.scans[firstAC].start
    out.reserveCapacity(cut + 4096)
    out += data[0..<cut]
    // After the cut: keep table/restart segments (DRI changes apply to later scans) and the
    // DC refinement scans, which libjpeg's standard script puts near the end of the file.
    var position = layout.scans[firstAC].end
    for scan in layout.scans[(firstAC + 1)...] {
      if scan.start > position { out += data[position..<scan.start] }
      if scan.spectralStart == 0 { out += data[scan.start..<scan.end] }
      position = scan.end
    }
    out += [0xFF, 0xD9]
    disableBlockSmoothing(&out)
    return out
  }

  /// Sets the first AC entry of every quantisation table in `stream` to zero.
  ///
  /// With AC scans missing, libjpeg "smooths" blocks by guessing AC (and in libjpeg-turbo
  /// 2.1, DC) coefficients from the neighbours' DC, which blurs the 1/8 image away from
  /// what the whole file gives. Its `smoothing_ok` test refuses to smooth when Q01 is zero;
  /// at 1/8 the IDCT multiplies only the DC coefficient by Q00, and every AC coefficient is
  /// zero anyway, so the change alters nothing else.
  static func disableBlockSmoothing(_ stream: inout [UInt8]) {
    var i = 2
    while i + 4 <= stream.count {
      guard stream[i] == 0xFF else {
        i += 1
        continue
      }
      let marker = stream[i + 1]
      if marker == 0xFF || marker == 0x00 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
        i += marker == 0xFF ? 1 : 2
        continue
      }
      if marker == 0xD9 { return }
      let length = Int(stream[i + 2]) << 8 | Int(stream[i + 3])
      guard length >= 2, i + 2 + length <= stream.count else { return }
      if marker == 0xDB {
        // Tables: Pq/Tq byte, then 64 entries of 1 (Pq 0) or 2 (Pq 1) bytes, zigzag order.
        var t = i + 4
        let end = i + 2 + length
        while t < end {
          let wide = stream[t] >> 4 != 0
          let size = 1 + 64 * (wide ? 2 : 1)
          guard t + size <= end else { break }
          if wide {
            stream[t + 3] = 0
            stream[t + 4] = 0
          } else {
            stream[t + 2] = 0
          }
          t += size
        }
      }
      if marker == 0xDA {
        i = stream.withUnsafeBufferPointer { entropyEnd($0, from: i + 2 + length) }
        continue
      }
      i += 2 + length
    }
  }

  /// Walks `data` segment by segment, skipping each scan's entropy-coded data; nil when it
  /// does not start with SOI. Stops at EOI or at the end of the data (truncated files).
  public static func layout(of data: [UInt8]) -> Layout? {
    data.withUnsafeBufferPointer { layout(of: $0) }
  }

  /// With `stopUnlessProgressive`, the walk ends at a non-progressive frame header, so a
  /// baseline file costs only its headers.
  static func layout(of data: UnsafeBufferPointer<UInt8>, stopUnlessProgressive: Bool = false)
    -> Layout?
  {
    guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
    var layout = Layout()
    var i = 2
    while i + 1 < data.count {
      guard data[i] == 0xFF else {
        i += 1  // Junk between segments: libjpeg skips it with a warning.
        continue
      }
      let marker = data[i + 1]
      if marker == 0xFF || marker == 0x00 {
        i += 1
        continue
      }
      if marker == 0xD9 { break }
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        i += 2
        continue
      }
      guard i + 4 <= data.count else { break }
      let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
      guard length >= 2, i + 2 + length <= data.count else { break }
      let body = i + 4
      switch marker {
      case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
        if layout.components.isEmpty && length >= 8 {
          layout.isProgressive = marker == 0xC2 || marker == 0xCA
          let count = Int(data[body + 5])
          guard length >= 8 + 3 * count else { return layout }
          for c in 0..<count { layout.components.append(data[body + 6 + 3 * c]) }
          if stopUnlessProgressive && !layout.isProgressive { return layout }
        }
      case 0xDA:
        guard length >= 6 else { return layout }
        let count = Int(data[body])
        guard count >= 1, length >= 6 + 2 * count else { return layout }
        let ids = (0..<count).map { data[body + 1 + 2 * $0] }
        let params = body + 1 + 2 * count
        let end = entropyEnd(data, from: i + 2 + length)
        layout.scans.append(
          Scan(
            start: i, end: end, components: ids, spectralStart: Int(data[params]),
            approximationHigh: Int(data[params + 2] >> 4)))
        i = end
        continue
      default:
        break
      }
      i += 2 + length
    }
    return layout
  }

  /// Offset of the first marker after entropy-coded data starting at `from`: an `FF`
  /// followed by anything but a stuffed `00`, a restart marker or another fill `FF`.
  static func entropyEnd(_ data: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
    guard let base = data.baseAddress else { return data.count }
    var i = from
    while i < data.count {
      // memchr: entropy data is most of the file, and 0xFF is rare in it.
      guard let hit = memchr(base + i, 0xFF, data.count - i) else { return data.count }
      let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      var next = at + 1
      while next < data.count && data[next] == 0xFF { next += 1 }
      guard next < data.count else { return data.count }
      let byte = data[next]
      if byte == 0x00 || (0xD0...0xD7).contains(byte) {
        i = next + 1
        continue
      }
      return next - 1
    }
    return data.count
  }
}
