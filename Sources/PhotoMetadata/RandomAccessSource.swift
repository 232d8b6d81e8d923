/// A file for the parsers that follow its own offsets past the head: the head in memory,
/// the rest through positioned reads, within a budget.
///
/// TIFF IFD offsets, RIFF chunk sizes and JPEG segment lengths may send a parser anywhere in
/// a file. The budget (`maxBytes` read and `maxReads` reads per file, failed reads
/// included) bounds what a hostile file can make the reader do, whatever its offsets say:
/// once it is spent every read answers nil, and the parsers stop as at the end of the file.
struct RandomAccessSource {
  /// The most bytes read past the head for one file.
  static let maxBytes = 4 * 1024 * 1024
  /// The most reads past the head for one file.
  static let maxReads = 64
  /// A smaller read is widened to this: the next IFD, chunk header or segment marker is
  /// usually just after what was asked for, and then comes with the same read.
  static let minimumRead = 4096

  /// The file's first bytes (`MetadataReader.maxHeaderBytes` at most).
  let head: ByteView
  /// The file's bytes in a range past the head (fewer at the end of the file, nil when
  /// none can be read).
  private let load: ((Range<Int>) -> [UInt8]?)?
  /// Bytes and reads spent so far.
  private(set) var bytesRead = 0
  private(set) var reads = 0
  /// The last read's bytes and their file offset: later small reads inside it are free.
  private var window: [UInt8] = []
  private var windowStart = 0
  /// Where the file ends, once a read has come back short.
  private var fileEnd = Int.max

  /// A source for the head alone: every range past it is "not there".
  init(head: ByteView) {
    self.head = head
    self.load = nil
  }

  init(head: ByteView, load: @escaping (Range<Int>) -> [UInt8]?) {
    self.head = head
    self.load = load
  }

  /// True when `range` lies inside the head (no read needed).
  func inHead(_ range: Range<Int>) -> Bool {
    range.lowerBound >= 0 && range.upperBound <= head.count
  }

  /// The bytes of `range` (fewer when the file ends inside it), or nil when none can be had:
  /// a negative or empty range, the end of the file, a failed read or a spent budget.
  mutating func bytes(_ range: Range<Int>) -> [UInt8]? {
    guard range.lowerBound >= 0, !range.isEmpty, range.lowerBound < fileEnd else { return nil }
    if inHead(range) {
      return Array(UnsafeRawBufferPointer(rebasing: head.buffer[range]))
    }
    let windowEnd = windowStart + window.count
    if range.lowerBound >= windowStart, range.lowerBound < windowEnd,
      range.upperBound <= windowEnd || windowEnd >= fileEnd
    {
      let from = range.lowerBound - windowStart
      return Array(window[from..<(from + min(range.count, window.count - from))])
    }
    guard let loaded = loadWindow(at: range.lowerBound, count: range.count) else {
      // What the head has of a range that runs past it: all there is without a read.
      guard range.lowerBound < head.count else { return nil }
      return Array(UnsafeRawBufferPointer(rebasing: head.buffer[range.lowerBound...]))
    }
    return Array(loaded.prefix(range.count))
  }

  /// Reads at least `count` bytes at `offset` into the window, within the budget.
  private mutating func loadWindow(at offset: Int, count: Int) -> [UInt8]? {
    guard let load, reads < Self.maxReads, bytesRead < Self.maxBytes else { return nil }
    reads += 1
    let wanted = min(max(count, Self.minimumRead), Self.maxBytes - bytesRead)
    let (end, overflow) = offset.addingReportingOverflow(wanted)
    guard !overflow, let read = load(offset..<end), !read.isEmpty else { return nil }
    let loaded = read.count > wanted ? Array(read.prefix(wanted)) : read
    bytesRead += loaded.count
    if loaded.count < wanted { fileEnd = offset + loaded.count }
    window = loaded
    windowStart = offset
    return loaded
  }
}
