import PhotoModel

/// Reads a MP4/QuickTime (MOV, M4V, 3GP) movie's metadata from its `moov` box alone: the
/// duration and creation time (`mvhd`), the video track's display matrix and size
/// (`tkhd`), timescale (`mdhd`), codec (`stsd`) and frame count (`stts`; a `vide` track,
/// or an AVIF sequence's `pict` track), Apple's keyed
/// metadata (`meta` → `keys` + `ilst`) and the `©xyz` location (`udta`).
///
/// Never touches `mdat`: a phone's `moov` is at the start or at the end of the file and is
/// a few kilobytes to a few megabytes, so the header of a 4 GB movie is read in one or two
/// `pread`s. The box walk is `HEIFScanner.forEachBox`, bounds-checked on hostile sizes.
enum QuickTimeScanner {
  /// The `moov` box is not read past this (a movie of many hours has a few MB of tables).
  static let maxMovieBoxBytes = 32 * 1024 * 1024

  /// Seconds from 1904-01-01 (the QuickTime epoch) to 1970-01-01.
  static let epochOffset: Int64 = 2_082_844_800

  /// What the movie box holds.
  typealias Found = MovieHeader

  /// The file range of the top-level `moov` box's content, found by hopping over the
  /// top-level boxes (`load` reads a header past the head), or nil.
  static func movieRange(head: ByteView, load: (Range<Int>) -> [UInt8]?) -> Range<Int>? {
    var pos = 0
    // Box sizes are capped far below Int.max, so no sum of 64 of them can overflow.
    let maxBox = 1 << 52
    for _ in 0..<64 {
      var header: [UInt8]
      if pos + 16 <= head.count {
        header = (0..<16).map { UInt8(head.byte(pos + $0)) }
      } else {
        guard let loaded = load(pos..<(pos + 16)), loaded.count >= 8 else { return nil }
        header = loaded
      }
      let box = header.withUnsafeBytes { raw -> (size: Int?, header: Int, type: UInt32?) in
        let b = ByteView(raw)
        guard let size32 = b.u32be(0) else { return (nil, 8, nil) }
        if size32 == 1 {
          // 64-bit sizes: a long movie's `mdat` is over 4 GB.
          return (b.u64be(8).flatMap { $0 <= UInt64(maxBox) ? Int($0) : nil }, 16, b.fourCC(4))
        }
        if size32 == 0 { return (maxBox, 8, b.fourCC(4)) }  // to the end of the file
        return (size32 >= 8 ? size32 : nil, 8, b.fourCC(4))
      }
      guard let size = box.size, let type = box.type, size >= box.header else { return nil }
      if type == fourCC("moov") { return (pos + box.header)..<(pos + size) }
      pos += size
    }
    return nil
  }

  /// Scans the content of a `moov` box held in `b[range]` (possibly cut short).
  static func scan(_ b: ByteView, movie range: Range<Int>) -> Found {
    var found = Found()
    found.hasMovie = true
    var trackDuration: Double?
    HEIFScanner.forEachBox(b, in: range) { type, content in
      switch type {
      case fourCC("mvhd"): readMovieHeader(b, content, into: &found)
      case fourCC("trak"):
        if found.info.codec == nil { trackDuration = readTrack(b, content, into: &found) }
      case fourCC("meta"): readKeyedMetadata(b, meta: content, into: &found)
      case fourCC("udta"): readUserData(b, content, into: &found)
      default: break
      }
      return true
    }
    // FFmpeg's AVIF muxer leaves the movie header's duration zero: the track's tells.
    if (found.info.duration ?? 0) == 0, let trackDuration { found.info.duration = trackDuration }
    return found
  }

  private static func readMovieHeader(_ b: ByteView, _ c: Range<Int>, into found: inout Found) {
    guard let version = b.u8(c.lowerBound) else { return }
    let created: UInt64?
    let timescale: Int?
    let duration: UInt64?
    if version == 1 {
      created = b.u64be(c.lowerBound + 4)
      timescale = b.u32be(c.lowerBound + 20)
      duration = b.u64be(c.lowerBound + 24)
    } else {
      created = b.u32be(c.lowerBound + 4).map(UInt64.init)
      timescale = b.u32be(c.lowerBound + 12)
      duration = b.u32be(c.lowerBound + 16).map(UInt64.init)
    }
    // 1970 to 9999: zero means unset, and nothing beyond is a real date.
    if let created, created > UInt64(epochOffset),
      created < UInt64(epochOffset + 253_402_300_800)
    {
      found.creationTime = Int64(created) - epochOffset
    }
    // An all-ones duration means "unknown" (fragmented movies).
    if let timescale, timescale > 0, let duration, duration != UInt64(UInt32.max),
      duration != UInt64.max
    {
      found.info.duration = Double(duration) / Double(timescale)
    }
  }

  /// The first video track: display matrix and size from `tkhd`, the rest from `mdia`;
  /// returns the track's length in seconds (its samples' summed durations).
  @discardableResult
  private static func readTrack(_ b: ByteView, _ trak: Range<Int>, into found: inout Found)
    -> Double?
  {
    var header: Range<Int>?
    var media: Range<Int>?
    HEIFScanner.forEachBox(b, in: trak) { type, content in
      if type == fourCC("tkhd") { header = content }
      if type == fourCC("mdia") { media = content }
      return true
    }
    guard let media, let track = readMedia(b, media) else { return nil }
    var size = track.sampleSize
    var rotation = 0
    if let header, let version = b.u8(header.lowerBound) {
      let matrix = header.lowerBound + (version == 1 ? 52 : 40)
      rotation = rotationDegrees(b, matrix: matrix)
      if let w = b.u32be(matrix + 36), let h = b.u32be(matrix + 40), w >> 16 > 0, h >> 16 > 0 {
        size = PixelSize(width: w >> 16, height: h >> 16)
      }
    }
    found.info.codec = track.codec
    found.info.frameRate = track.frameRate
    found.info.rotation = rotation
    found.info.codedSize = size
    found.info.frameCount = track.frameCount
    return track.duration
  }

  /// Clockwise quarter turns of the display matrix {a b u / c d v / x y w} (16.16 fixed
  /// point a, b, c, d): QuickTime maps a coded point (x, y) to (ax + cy, bx + dy).
  static func rotationDegrees(_ b: ByteView, matrix: Int) -> Int {
    guard let a = b.u32be(matrix), let bb = b.u32be(matrix + 4), let c = b.u32be(matrix + 12),
      let d = b.u32be(matrix + 16)
    else { return 0 }
    let (ia, ib, ic, id) = (
      Int32(truncatingIfNeeded: a), Int32(truncatingIfNeeded: bb), Int32(truncatingIfNeeded: c),
      Int32(truncatingIfNeeded: d)
    )
    if ia == 0, id == 0, ib > 0, ic < 0 { return 90 }
    if ia == 0, id == 0, ib < 0, ic > 0 { return 270 }
    if ia < 0, id < 0, ib == 0, ic == 0 { return 180 }
    return 0
  }

  private struct Track {
    var codec: String?
    var frameRate: Double?
    var sampleSize: PixelSize?
    var frameCount: Int?
    /// Seconds: the samples' summed durations over the media timescale.
    var duration: Double?
  }

  /// A video track's (`vide`, or `pict`: an AVIF sequence's) codec, frame rate, frame
  /// count, length and sample-entry size; nil for other tracks.
  private static func readMedia(_ b: ByteView, _ mdia: Range<Int>) -> Track? {
    var timescale: Int?
    var isVideo = false
    var sampleTable: Range<Int>?
    HEIFScanner.forEachBox(b, in: mdia) { type, content in
      switch type {
      case fourCC("mdhd"):
        timescale =
          b.u8(content.lowerBound) == 1
          ? b.u32be(content.lowerBound + 20) : b.u32be(content.lowerBound + 12)
      case fourCC("hdlr"):
        let handler = b.fourCC(content.lowerBound + 8)
        isVideo = handler == fourCC("vide") || handler == fourCC("pict")
      case fourCC("minf"):
        HEIFScanner.forEachBox(b, in: content) { type, inner in
          if type == fourCC("stbl") { sampleTable = inner }
          return true
        }
      default: break
      }
      return true
    }
    guard isVideo else { return nil }
    var track = Track()
    guard let sampleTable else { return track }
    HEIFScanner.forEachBox(b, in: sampleTable) { type, content in
      switch type {
      case fourCC("stsd"):
        let entry = content.lowerBound + 8
        if let format = b.fourCC(entry + 4) { track.codec = codecName(format) }
        if let w = b.u16be(entry + 32), let h = b.u16be(entry + 34), w > 0, h > 0 {
          track.sampleSize = PixelSize(width: w, height: h)
        }
      case fourCC("stts"):
        guard let timescale, timescale > 0, let (samples, ticks) = sampleTimes(b, stts: content)
        else { break }
        track.frameCount = samples
        track.frameRate = Double(samples) * Double(timescale) / ticks
        track.duration = ticks / Double(timescale)
      default: break
      }
      return true
    }
    return track
  }

  /// The track's sample count and its samples' summed durations (in the media timescale),
  /// or nil when the table is empty.
  private static func sampleTimes(_ b: ByteView, stts: Range<Int>) -> (Int, Double)? {
    guard let count = b.u32be(stts.lowerBound + 4) else { return nil }
    var samples = 0
    // Doubles: a hostile count times delta overflows 64 bits.
    var ticks = 0.0
    var p = stts.lowerBound + 8
    for _ in 0..<min(count, 1 << 20) {
      guard p + 8 <= stts.upperBound, let n = b.u32be(p), let delta = b.u32be(p + 4) else {
        break
      }
      samples += n
      ticks += Double(n) * Double(delta)
      p += 8
    }
    guard samples > 0, ticks > 0 else { return nil }
    return (samples, ticks)
  }

  /// The codec as FFmpeg (and so ffprobe) names it, else the four-character code.
  static func codecName(_ format: UInt32) -> String {
    let names: [UInt32: String] = [
      fourCC("avc1"): "h264", fourCC("avc3"): "h264", fourCC("hvc1"): "hevc",
      fourCC("hev1"): "hevc", fourCC("mp4v"): "mpeg4", fourCC("s263"): "h263",
      fourCC("h263"): "h263", fourCC("av01"): "av1", fourCC("vp09"): "vp9",
      fourCC("vp08"): "vp8", fourCC("jpeg"): "mjpeg", fourCC("mjpa"): "mjpeg",
      fourCC("apcn"): "prores", fourCC("apch"): "prores", fourCC("apcs"): "prores",
      fourCC("apco"): "prores", fourCC("ap4h"): "prores", fourCC("dvh1"): "hevc",
      fourCC("dvhe"): "hevc",
    ]
    if let name = names[format] { return name }
    let scalars = (0..<4).map { UInt8(truncatingIfNeeded: format >> (24 - 8 * $0)) }
    // Printable ASCII only: nothing from a file reaches the terminal as a control code.
    let text = String(decoding: scalars.map { (32...126).contains($0) ? $0 : 63 }, as: UTF8.self)
    return text.trimmingTrailingSpaces
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
