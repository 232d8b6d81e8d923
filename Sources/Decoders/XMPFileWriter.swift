import PhotoMetadata
import PhotoModel
import Pixels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes an `XMPEdit` where `xmp-write` says: the photo's sidecar (`XMPSidecarWriter`), or
/// the JPEG's, HEIF's or AVIF's own XMP packet, and puts either back as it was (u).
///
/// Into a JPEG, the packet is edited as text (`XMPSidecarWriter.edited`, so what Lightbox does
/// not understand stays), its APP1 segment replaced or a new one inserted
/// (`JPEGXMPSegment`), and the file replaced atomically (`AtomicFile.replace`: a temporary
/// file in the same folder, fsync, rename; permissions, owner and access time kept, the
/// modification time one second on as for a turned photo): every byte outside the segment
/// stays. Into a HEIF or AVIF still, the packet edited the same way goes into its XMP item
/// (`HEIFXMPItem`: a new `mdat`, the `meta` box rewritten, the image data unchanged), the
/// file replaced the same way. Another format, an image sequence, a HEIF whose boxes
/// `HEIFXMPItem` refuses, and a photo that already has a sidecar (readers take the sidecar
/// over the embedded packet, so an embedded edit would not show), go to the sidecar with a
/// one-line note (docs/DECISIONS.md, 2026-11-28).
public enum XMPFileWriter {
  /// What writing one photo did.
  public struct Outcome: Sendable, Equatable {
    /// The file written: the sidecar, or the photo itself.
    public var file: String
    /// True when the edit went into the photo's own XMP.
    public var isEmbedded = false
    /// True when the sidecar, or the JPEG's XMP segment, did not exist before.
    public var created = false
    /// False when the file already said what the edit asks (nothing was written).
    public var changed = false
    /// The sidecar's bytes, or the JPEG's packet, before the write (nil: there was none), or
    /// a HEIF's undo record (`HEIFXMPItem.writing`: its old `meta` box and length, not the
    /// whole file): what `restore` puts back.
    public var before: [UInt8]?
    /// The photo's fields read back after the write (sidecars over embedded).
    public var metadata = XMPMetadata()
    /// Why an embedded edit went to the sidecar instead, in one line.
    public var note: String?

    public init(file: String) { self.file = file }
  }

  /// Makes `edit` for the photo at `path`, in its sidecar or (`.embedded`) in its own XMP.
  public static func apply(_ edit: XMPEdit, toPhotoAt path: String, mode: XMPWriteMode)
    -> Result<Outcome, XMPWriteError>
  {
    guard mode == .embedded else { return intoSidecar(edit, path, note: nil) }
    if let problem = edit.problem { return .failure(XMPWriteError(problem)) }
    // A file that cannot be read, or is no photo (a sidecar given itself): the sidecar
    // writer edits it or names what is wrong.
    guard case .success(let head) = MetadataReader.readHead(ofFile: path, maxBytes: 4096),
      let format = FormatSniffer.format(of: head)
    else { return intoSidecar(edit, path, note: nil) }
    guard [.jpeg, .heic, .avif].contains(format) else {
      return intoSidecar(
        edit, path,
        note: "\(name(format)): written to the sidecar (embedded XMP is written into JPEG, "
          + "HEIF and AVIF stills)")
    }
    if let sidecar = XMPReader.sidecarPaths(for: path).first(where: isRegularFile) {
      return intoSidecar(
        edit, path, note: "written to its sidecar \(fileName(sidecar)), which readers prefer")
    }
    return format == .jpeg ? intoJPEG(edit, path) : intoHEIF(edit, path, format)
  }

  /// Puts back what `apply` replaced: the sidecar's bytes (`isEmbedded` false; nil removes
  /// the sidecar it created) or the JPEG's packet (nil removes the segment it added), so
  /// the file is again byte for byte what it was.
  public static func restore(_ before: [UInt8]?, file: String, isEmbedded: Bool)
    -> XMPWriteError?
  {
    guard isEmbedded else { return XMPSidecarWriter.restore(before, toSidecar: file) }
    let read: (path: String, status: stat, bytes: [UInt8])
    switch readPhoto(file) {
    case .success(let found): read = found
    case .failure(let error): return error
    }
    if let before, HEIFXMPItem.isUndoRecord(before) {
      switch HEIFXMPItem.restoring(before, in: read.bytes) {
      case .success(let bytes): return bytes == read.bytes ? nil : replace(read, with: bytes)
      case .failure(let error): return error
      }
    }
    if JPEGXMPSegment.packet(in: read.bytes) == before { return nil }
    switch JPEGXMPSegment.replacingPacket(in: read.bytes, with: before) {
    case .success(let bytes): return replace(read, with: bytes)
    case .failure(let error): return error
    }
  }

  static func intoSidecar(_ edit: XMPEdit, _ path: String, note: String?)
    -> Result<Outcome, XMPWriteError>
  {
    let sidecar = XMPSidecarWriter.sidecarPath(for: path)
    let old: [UInt8]?
    switch XMPSidecarWriter.snapshot(ofSidecar: sidecar) {
    case .success(let bytes): old = bytes
    case .failure(let error): return .failure(error)
    }
    return XMPSidecarWriter.apply(edit, toPhotoAt: path).map { written in
      var outcome = Outcome(file: written.sidecar)
      outcome.created = written.created
      outcome.changed = written.changed
      outcome.before = old
      outcome.metadata = written.metadata
      outcome.note = written.changed ? note : nil
      return outcome
    }
  }

  private static func intoJPEG(_ edit: XMPEdit, _ path: String) -> Result<Outcome, XMPWriteError> {
    let read: (path: String, status: stat, bytes: [UInt8])
    switch readPhoto(path) {
    case .success(let found): read = found
    case .failure(let error): return .failure(error)
    }
    let location: JPEGXMPSegment.Location
    switch JPEGXMPSegment.locate(read.bytes) {
    case .success(let found): location = found
    case .failure(let error): return .failure(error)
    }
    guard !location.hasExtended else {
      return .failure(XMPWriteError("the JPEG holds Extended XMP, which Lightbox does not write"))
    }
    let before = location.packet.map { Array(read.bytes[$0]) }
    var outcome = Outcome(file: path)
    outcome.isEmbedded = true
    outcome.before = before
    let after: [UInt8]?
    switch editedEmbeddedPacket(before, by: edit, path: path) {
    case .success(let bytes): after = bytes
    case .failure(let error): return .failure(error)
    }
    if let after {
      let bytes: [UInt8]
      switch JPEGXMPSegment.replacingPacket(in: read.bytes, with: after) {
      case .success(let spliced): bytes = spliced
      case .failure(let error): return .failure(error)
      }
      if let error = replace(read, with: bytes) { return .failure(error) }
      outcome.changed = true
      outcome.created = before == nil
    }
    outcome.metadata = XMPReader.read(contentsOf: path).metadata
    return .success(outcome)
  }

  /// The file's own packet `before` (nil: none) with `edit` made, as text; nil when the edit
  /// changes nothing. The packet is seeded with the file's other metadata layers (IPTC
  /// keywords, which a dc:subject written here would otherwise hide).
  static func editedEmbeddedPacket(_ before: [UInt8]?, by edit: XMPEdit, path: String)
    -> Result<[UInt8]?, XMPWriteError>
  {
    let seed = XMPReader.read(contentsOf: path).embedded ?? XMPMetadata()
    return XMPSidecarWriter.edited(before, by: edit, seed: seed).map { after in
      after == (before ?? XMPSidecarWriter.emptyPacket) ? nil : after
    }
  }

  /// The photo at `path` (its real path, status and bytes), when it may be written.
  static func readPhoto(_ path: String)
    -> Result<(path: String, status: stat, bytes: [UInt8]), XMPWriteError>
  {
    guard let resolved = realpath(path, nil) else {
      return .failure(XMPWriteError("cannot find \(fileName(path)): \(errnoText())"))
    }
    let real = String(cString: resolved)
    free(resolved)
    var status = stat()
    guard stat(real, &status) == 0 else {
      return .failure(XMPWriteError("cannot read \(fileName(path)): \(errnoText())"))
    }
    if access(real, W_OK) != 0 || status.st_mode & 0o222 == 0 {
      return .failure(XMPWriteError("read-only file; not changed"))
    }
    switch ImageFile.contents(atPath: real) {
    case .success(let bytes): return .success((real, status, bytes))
    case .failure(let error): return .failure(XMPWriteError(error.reason))
    }
  }

  /// Replaces the file read as `read` by `bytes`, unless it changed since it was read.
  static func replace(
    _ read: (path: String, status: stat, bytes: [UInt8]), with bytes: [UInt8]
  ) -> XMPWriteError? {
    var now = stat()
    guard stat(read.path, &now) == 0, now.st_ino == read.status.st_ino,
      now.st_size == read.status.st_size, now.st_mtim.tv_sec == read.status.st_mtim.tv_sec,
      now.st_mtim.tv_nsec == read.status.st_mtim.tv_nsec
    else {
      return XMPWriteError("\(fileName(read.path)) changed while it was written: not replaced")
    }
    return AtomicFile.replace(read.path, with: bytes, like: read.status).map {
      XMPWriteError($0.reason)
    }
  }

  /// "HEIC", "AVIF", "AVIF sequence", "PNG": a format as a note names it.
  private static func name(_ format: MediaFormat) -> String {
    format == .avifSequence ? "AVIF sequence" : "\(format)".uppercased()
  }

  private static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  private static func fileName(_ path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}
