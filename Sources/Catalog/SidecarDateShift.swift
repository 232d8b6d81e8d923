#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PhotoMetadata
import PhotoModel

/// Moves the capture date of a photo whose own file is not patched (a RAW: its maker notes
/// may hold offsets and copies of the dates that a rewrite would leave disagreeing) by
/// writing the moved date into its XMP sidecar, which the index then reads over the file's.
public enum SidecarDateShift {
  /// What a shift did: the sidecar as it was (for u) and the date written.
  public struct Outcome: Sendable, Equatable {
    /// The sidecar written.
    public var sidecar: String
    /// Its bytes before (nil: the shift created it).
    public var before: [UInt8]?
    /// The date before, and the date written.
    public var from: CaptureDate
    public var to: CaptureDate
  }

  /// True when the file at `path` is a RAW, whose dates go to its sidecar.
  public static func isRAW(_ path: String) -> Bool {
    guard case .success(let head) = MetadataReader.readHead(ofFile: path, maxBytes: 4096) else {
      return false
    }
    return FormatSniffer.format(of: head) == .raw
  }

  /// Writes the date of the photo at `path`, moved by `seconds` on the same wall clock, into
  /// its sidecar as `exif:DateTimeOriginal` and `xmp:CreateDate` (with its offset when
  /// known). The date moved is the one the library shows: the sidecar's, else the file's
  /// own (EXIF, a date in the name, the modification time).
  public static func shift(photoAt path: String, seconds: Int64) -> Result<Outcome, XMPWriteError> {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return .failure(XMPWriteError("cannot read: \(String(cString: strerror(errno)))"))
    }
    let entry = FileIndexing.entry(
      path: LibraryPath(bytes: Array(path.utf8)), stamp: FileStamp(info), sidecars: false)
    guard let own = entry.captureDate else {
      return .failure(XMPWriteError(entry.reason ?? "not a photo"))
    }
    let from = XMPReader.preferred(own: own, sidecar: XMPReader.sidecarDate(photoPath: path))
    var to = CaptureDate(epochSeconds: from.localSortKey / 1000 + seconds, source: .xmpSidecar)
    to.millisecond = from.millisecond
    to.utcOffsetSeconds = from.utcOffsetSeconds
    let sidecar = XMPSidecarWriter.sidecarPath(for: path)
    let before: [UInt8]?
    switch XMPSidecarWriter.snapshot(ofSidecar: sidecar) {
    case .success(let bytes): before = bytes
    case .failure(let error): return .failure(error)
    }
    let edit = XMPEdit(captureDate: XMPReader.dateText(to))
    return XMPSidecarWriter.apply(edit, toPhotoAt: path).map { written in
      Outcome(sidecar: written.sidecar, before: before, from: from, to: to)
    }
  }
}
