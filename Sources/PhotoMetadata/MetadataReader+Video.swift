#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PhotoModel

extension MetadataReader {
  /// A video's metadata from its container header: a MP4/QuickTime `moov` box (in the head,
  /// or read from the file with `load`: phones and cameras often write it after `mdat`),
  /// a Matroska/WebM Segment's Info, Tracks and Tags (past the head through its SeekHead),
  /// or an AVI's header list.
  static func readVideo(
    head: [UInt8], into metadata: inout PhotoMetadata, load: (Range<Int>) -> [UInt8]?
  ) {
    metadata.video = VideoInfo()
    let found: MovieHeader? = head.withUnsafeBytes { raw in
      let b = ByteView(raw)
      if MatroskaScanner.isMatroska(b) { return MatroskaScanner.scan(head: b, load: load) }
      if AVIScanner.isAVI(b) { return AVIScanner.scan(b) }
      return quickTimeMovie(b, load: load)
    }
    guard let found else { return }
    metadata.video = found.info
    if metadata.video?.container == nil {
      metadata.video?.container = head.withUnsafeBytes { Self.containerName(ByteView($0)) }
    }
    metadata.pixelSize = found.info.displaySize
    metadata.gps = found.gps
    metadata.cameraMake = found.make
    metadata.cameraModel = found.model
    if let seconds = found.creationTime {
      metadata.dateTimeOriginal = utcText(seconds)
    } else if let date = found.localDate {
      metadata.dateTimeOriginal = date.exifText
    }
    metadata.captureDate = videoCaptureDate(found)
  }

  /// The `moov` box of a MP4/QuickTime movie, from the head or the file.
  private static func quickTimeMovie(_ b: ByteView, load: (Range<Int>) -> [UInt8]?)
    -> MovieHeader?
  {
    guard
      b.matches("ftyp", at: 4) || b.matches("moov", at: 4) || b.matches("mdat", at: 4)
        || b.matches("wide", at: 4) || b.matches("free", at: 4) || b.matches("skip", at: 4),
      let range = QuickTimeScanner.movieRange(head: b, load: load)
    else { return nil }
    if range.upperBound <= b.count { return QuickTimeScanner.scan(b, movie: range) }
    let wanted =
      range
      .lowerBound..<min(range.upperBound, range.lowerBound + QuickTimeScanner.maxMovieBoxBytes)
    // A movie box cut short by the end of the file is scanned as far as it goes.
    guard let bytes = load(wanted), !bytes.isEmpty else { return nil }
    return bytes.withUnsafeBytes { QuickTimeScanner.scan(ByteView($0), movie: 0..<$0.count) }
  }

  /// Apple's creation date with its own offset when it parses, else the header's UTC
  /// creation time in this machine's time zone (the offset recorded, so the UTC instant
  /// stays exact wherever the catalog is read), else an AVI's zone-less recording date.
  static func videoCaptureDate(_ found: MovieHeader) -> CaptureDate? {
    if let text = found.appleCreationDate,
      let date = DateTextParser.creationTime(text, source: .quickTimeCreationDate), date.isValid
    {
      return date
    }
    guard let seconds = found.creationTime else { return found.localDate }
    let date = CaptureDate(
      epochSeconds: seconds, utcOffsetSeconds: localOffset(at: seconds), recordOffset: true,
      source: .movieCreationTime)
    return date.isValid ? date : nil
  }

  /// "YYYY:MM:DD HH:MM:SS" of a UTC instant (the EXIF layout, as exiftool prints
  /// QuickTime dates).
  /// An MP4-family or AVI file's container name from its first box or chunk: the `ftyp`
  /// major brand tells MOV ("qt  "), 3GP ("3gp…", "3g2…") and M4V from MP4; a QuickTime
  /// file without `ftyp` (its first box `moov`, `mdat`, `wide`…) is a MOV.
  static func containerName(_ b: ByteView) -> String {
    if AVIScanner.isAVI(b) { return "AVI" }
    guard b.matches("ftyp", at: 4) else { return "MOV" }
    if b.matches("qt  ", at: 8) { return "MOV" }
    if b.matches("3gp", at: 8) || b.matches("3g2", at: 8) { return "3GP" }
    if b.matches("M4V", at: 8) { return "M4V" }
    return "MP4"
  }

  static func utcText(_ seconds: Int64) -> String {
    let d = CaptureDate(epochSeconds: seconds, source: .movieCreationTime)
    func pad(_ n: Int, _ width: Int = 2) -> String {
      let s = String(n)
      return String(repeating: "0", count: max(0, width - s.count)) + s
    }
    return "\(pad(d.year, 4)):\(pad(d.month)):\(pad(d.day)) "
      + "\(pad(d.hour)):\(pad(d.minute)):\(pad(d.second))"
  }

  /// Seconds east of UTC of the local time zone at `seconds` (0 when unknown).
  static func localOffset(at seconds: Int64) -> Int {
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return Int(parts.tm_gmtoff)
  }
}
