import PhotoModel

/// Reads an AVI file's metadata from the header list of its first RIFF chunk: `avih` (time
/// per frame, frame count, size), the first video stream's `strh` (rate, scale, length) and
/// `strf` (BITMAPINFOHEADER: size, codec), OpenDML's `dmlh` total frame count, and the
/// recording date of an `IDIT` chunk (cameras) or the `INFO` list's `ICRD`.
///
/// An OpenDML file (over 1 GB, more `AVIX` RIFF chunks) keeps its header in the first
/// RIFF, so the head is enough; nothing in `movi` is read.
enum AVIScanner {
  /// True when `b` starts a RIFF AVI file.
  static func isAVI(_ b: ByteView) -> Bool {
    b.matches("RIFF", at: 0) && b.matches("AVI ", at: 8)
  }

  /// The header of the AVI file whose head is `b`.
  static func scan(_ b: ByteView) -> MovieHeader? {
    guard isAVI(b), let riffSize = b.u32le(4) else { return nil }
    var header = Header()
    // A RIFF size too small to hold "AVI " is wrong (a muxer that could not seek back to
    // write it): the chunks then run to the end of the head.
    let riffEnd = riffSize >= 4 ? min(b.count, 8 + riffSize) : b.count
    forEachChunk(b, in: 12..<max(12, riffEnd)) { id, list, content in
      switch (id, list) {
      case (fourCC("LIST"), fourCC("hdrl")): readHeaderList(b, content, into: &header)
      case (fourCC("LIST"), fourCC("INFO")): readInfoList(b, content, into: &header)
      case (fourCC("LIST"), fourCC("movi")): return false  // the frames: the header is done
      case (fourCC("IDIT"), _): header.recorded = header.recorded ?? text(b, content)
      default: break
      }
      return true
    }
    var found = MovieHeader()
    found.hasMovie = true
    found.info = header.videoInfo
    found.localDate =
      header.recorded.flatMap(recordingDate) ?? header.created.flatMap(recordingDate)
    return found
  }

  /// What the header chunks say, before the stream's values are preferred over the main
  /// header's.
  private struct Header {
    var microsecondsPerFrame = 0
    var totalFrames = 0
    var mainSize: PixelSize?
    var streamFound = false
    var scale = 0
    var rate = 0
    var length = 0
    var handler: UInt32?
    var compression: UInt32?
    var streamSize: PixelSize?
    var recorded: String?
    var created: String?

    var videoInfo: VideoInfo {
      var info = VideoInfo()
      info.codedSize = streamSize ?? mainSize
      if let compression {
        info.codec = AVIScanner.codecName(compression, handler: handler)
      } else if let handler {
        info.codec = AVIScanner.codecName(handler)
      }
      if rate > 0, scale > 0 {
        info.frameRate = Double(rate) / Double(scale)
        if length > 0 { info.duration = Double(length) * Double(scale) / Double(rate) }
      } else if microsecondsPerFrame > 0 {
        info.frameRate = 1e6 / Double(microsecondsPerFrame)
      }
      if info.duration == nil, microsecondsPerFrame > 0, totalFrames > 0 {
        info.duration = Double(totalFrames) * Double(microsecondsPerFrame) / 1e6
      }
      return info
    }
  }

  private static func readHeaderList(_ b: ByteView, _ range: Range<Int>, into h: inout Header) {
    forEachChunk(b, in: range) { id, list, c in
      switch (id, list) {
      case (fourCC("avih"), _):
        h.microsecondsPerFrame = b.u32le(c.lowerBound) ?? 0
        // OpenDML's dmlh count (all RIFF chunks) wins over avih's (the first RIFF only).
        if h.totalFrames == 0 { h.totalFrames = b.u32le(c.lowerBound + 16) ?? 0 }
        h.mainSize = size(b.u32le(c.lowerBound + 32), b.u32le(c.lowerBound + 36))
      case (fourCC("LIST"), fourCC("strl")):
        if !h.streamFound { readStreamList(b, c, into: &h) }
      case (fourCC("LIST"), fourCC("odml")):
        forEachChunk(b, in: c) { id, _, dmlh in
          if id == fourCC("dmlh"), let frames = b.u32le(dmlh.lowerBound), frames > 0 {
            h.totalFrames = frames
          }
          return true
        }
      case (fourCC("IDIT"), _): h.recorded = h.recorded ?? text(b, c)
      default: break
      }
      return true
    }
  }

  /// A stream's `strh` and `strf`, kept when it is the first video stream.
  private static func readStreamList(_ b: ByteView, _ range: Range<Int>, into h: inout Header) {
    var isVideo = false
    var stream = h
    forEachChunk(b, in: range) { id, _, c in
      if id == fourCC("strh"), c.count >= 36 {
        isVideo = b.fourCC(c.lowerBound) == fourCC("vids")
        stream.handler = b.fourCC(c.lowerBound + 4).flatMap { $0 == 0 ? nil : $0 }
        stream.scale = b.u32le(c.lowerBound + 20) ?? 0
        stream.rate = b.u32le(c.lowerBound + 24) ?? 0
        stream.length = b.u32le(c.lowerBound + 32) ?? 0
      } else if id == fourCC("strf"), isVideo, c.count >= 20 {
        let height = b.u32le(c.lowerBound + 8).map { Int(Int32(truncatingIfNeeded: $0)) }
        stream.streamSize = size(b.u32le(c.lowerBound + 4), height.map { abs($0) })
        stream.compression = b.fourCC(c.lowerBound + 16)
      }
      return true
    }
    guard isVideo else { return }
    stream.streamFound = true
    h = stream
  }

  private static func readInfoList(_ b: ByteView, _ range: Range<Int>, into h: inout Header) {
    forEachChunk(b, in: range) { id, _, c in
      if id == fourCC("ICRD") { h.created = h.created ?? text(b, c) }
      if id == fourCC("IDIT") { h.recorded = h.recorded ?? text(b, c) }
      return true
    }
  }

  private static func size(_ width: Int?, _ height: Int?) -> PixelSize? {
    guard let width, let height, (1...65_535).contains(width), (1...65_535).contains(height)
    else { return nil }
    return PixelSize(width: width, height: height)
  }

  /// A chunk's text up to its first NUL, at most 64 bytes, without the line feed cameras end
  /// it with.
  private static func text(_ b: ByteView, _ c: Range<Int>) -> String? {
    guard b.contains(c.lowerBound, length: c.count) else { return nil }
    var end = min(c.upperBound, c.lowerBound + 64)
    for i in c.lowerBound..<end where b.byte(i) == 0 {
      end = i
      break
    }
    let text = b.string(c.lowerBound..<end).trimmed(of: " \r\n\t")
    return text.isEmpty ? nil : text
  }

  /// Calls `body` with each chunk's ID, list type (for `LIST` and `RIFF` chunks, else 0) and
  /// content (after the list type) clipped to `range`, until it returns false. Chunks are
  /// padded to even sizes; the walk stops at a chunk that leaves the range.
  static func forEachChunk(
    _ b: ByteView, in range: Range<Int>, _ body: (UInt32, UInt32, Range<Int>) -> Bool
  ) {
    let limit = min(range.upperBound, b.count)
    var p = range.lowerBound
    for _ in 0..<4096 {
      guard p + 8 <= limit, let id = b.fourCC(p), let size = b.u32le(p + 4) else { return }
      let isList = id == fourCC("LIST") || id == fourCC("RIFF")
      let start = p + 8 + (isList ? 4 : 0)
      let end = p + 8 + size
      let list = isList ? (b.fourCC(p + 8) ?? 0) : 0
      guard start <= limit else { return }
      guard body(id, list, start..<max(start, min(end, limit))) else { return }
      p = end + (size & 1)
    }
  }
}

extension String {
  /// The text without the given characters at either end (scalars: "\r\n" is one
  /// Character, so a Character set would miss a lone "\n").
  fileprivate func trimmed(of set: String) -> String {
    var scalars = Substring(self).unicodeScalars
    while let first = scalars.first, set.unicodeScalars.contains(first) { scalars.removeFirst() }
    while let last = scalars.last, set.unicodeScalars.contains(last) { scalars.removeLast() }
    return String(scalars)
  }
}
