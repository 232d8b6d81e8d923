import PhotoMetadata
import PhotoModel
import Pixels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ExifDateShift {
  /// Moves every EXIF date of the JPEG, HEIC/AVIF or TIFF at `path` by `seconds` (and sets its time-zone
  /// fields to `zone`, seconds east of UTC, when given), in place and atomically (see
  /// `AtomicFile.replace`): the fields' bytes change and no other byte of the file does.
  /// Returns the changes made, whose `reversed` undo them (`changeFile`).
  ///
  /// A RAW file is refused (its maker notes may hold offsets and copies of the dates that a
  /// rewrite would leave disagreeing; an XMP sidecar is the place for those), and so are a
  /// read-only file and a file with no date field to change.
  public static func shiftFile(atPath path: String, seconds: Int64, zone: Int? = nil)
    -> Result<[ExifDateChange], ImageError>
  {
    read(path).flatMap { file in
      guard let fields = ExifDateLocator.fields(in: file.bytes), !fields.isEmpty else {
        return .failure(ImageError("no EXIF date to change in place"))
      }
      if zone != nil, !fields.contains(where: { !$0.kind.isDate }) {
        return .failure(
          ImageError("no EXIF time-zone field to set in place (the dates can still be shifted)"))
      }
      let changes = changes(fields, seconds: seconds, zone: zone)
      guard !changes.isEmpty else {
        if !fields.contains(where: { $0.kind.isDate && localSeconds($0.text) != nil }) {
          return .failure(ImageError("no valid EXIF date to change"))
        }
        return .success([])
      }
      return write(changes, file: file)
    }
  }

  /// Makes `changes` to the file at `path` (an undo: `reversed` changes of a shift), after
  /// checking that every field still holds the text the change expects.
  public static func changeFile(atPath path: String, _ changes: [ExifDateChange])
    -> Result<[ExifDateChange], ImageError>
  {
    read(path).flatMap { write(changes, file: $0) }
  }

  /// The file's real path, its status and its bytes, when it is a JPEG or TIFF that may be
  /// written.
  private static func read(_ path: String)
    -> Result<(path: String, status: stat, bytes: [UInt8]), ImageError>
  {
    guard let resolved = realpath(path, nil) else {
      return .failure(AtomicFile.errnoError("cannot find file"))
    }
    let real = String(cString: resolved)
    free(resolved)
    var status = stat()
    guard stat(real, &status) == 0 else {
      return .failure(AtomicFile.errnoError("cannot read file"))
    }
    if access(real, W_OK) != 0 || status.st_mode & 0o222 == 0 {
      return .failure(ImageError("read-only file; not changed"))
    }
    return ImageFile.contents(atPath: real).flatMap { bytes in
      switch FormatSniffer.format(of: bytes) {
      case .jpeg?, .tiff?, .heic?, .avif?: return .success((real, status, bytes))
      case .raw?:
        return .failure(ImageError("a RAW file's dates are not changed in place"))
      case let other:
        let name = other.map { "\($0)".uppercased() } ?? "this file"
        return .failure(
          ImageError("\(name) dates cannot be changed in place (JPEG, HEIC and TIFF can)"))
      }
    }
  }

  private static func write(
    _ changes: [ExifDateChange], file: (path: String, status: stat, bytes: [UInt8])
  ) -> Result<[ExifDateChange], ImageError> {
    guard let bytes = apply(changes, to: file.bytes) else {
      return .failure(ImageError("the file changed since its dates were read; not changed"))
    }
    if let error = AtomicFile.replace(file.path, with: bytes, like: file.status) {
      return .failure(error)
    }
    return .success(changes)
  }
}
