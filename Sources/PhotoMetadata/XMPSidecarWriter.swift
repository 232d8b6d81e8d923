#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes tags, ratings, labels, titles and captions into a photo's XMP sidecar, where
/// darktable, digiKam, Lightroom and exiftool read them back.
///
/// The sidecar is the one the photo already has (the one `XMPReader` reads first), else a
/// new `IMG_1234.JPG.xmp` (docs/DECISIONS.md, 2026-11-28). An existing sidecar is edited as
/// text (`XMPPacketEditor`): everything Lightbox does not understand stays byte for byte; one
/// that cannot be parsed is never written. The file is replaced atomically (`SidecarFile`).
public enum XMPSidecarWriter {
  /// What writing one photo's sidecar did.
  public struct Outcome: Sendable, Equatable {
    /// The sidecar written (or that would have been, when nothing changed).
    public var sidecar: String
    /// True when the sidecar did not exist before.
    public var created = false
    /// False when the sidecar already said what the edit asks (nothing was written).
    public var changed = false
    /// The photo's fields read back after the write (sidecars over embedded).
    public var metadata = XMPMetadata()

    public init(sidecar: String) { self.sidecar = sidecar }
  }

  /// The sidecar an edit of the photo at `path` goes to: the first of its sidecars that
  /// exists (`XMPReader.sidecarPaths`), else `path.xmp`.
  public static func sidecarPath(for path: String) -> String {
    XMPReader.sidecarPaths(for: path).first { isRegularFile($0) } ?? path + ".xmp"
  }

  /// Makes `edit` in the sidecar of the photo at `path` (or in `path` itself when it is a
  /// sidecar). Nothing is written when the edit changes nothing, and a sidecar is not
  /// created for an edit that changes nothing.
  public static func apply(_ edit: XMPEdit, toPhotoAt path: String)
    -> Result<Outcome, XMPWriteError>
  {
    let prepared: Prepared
    switch prepare(edit, toPhotoAt: path) {
    case .success(let made): prepared = made
    case .failure(let error): return .failure(error)
    }
    var outcome = Outcome(sidecar: prepared.sidecar)
    if prepared.changes {
      if let error = SidecarFile.write(
        prepared.after, to: prepared.sidecar, replacing: prepared.version)
      {
        return .failure(error)
      }
      outcome.created = prepared.before == nil
      outcome.changed = true
    }
    outcome.metadata = XMPReader.read(contentsOf: path).metadata
    return .success(outcome)
  }

  /// An edit made in memory, not written yet: which sidecar it goes to, its bytes before
  /// and after. A merge journals `before` ahead of the write (its undo puts them back).
  public struct Prepared: Sendable, Equatable {
    /// The sidecar the edit goes to.
    public var sidecar: String
    /// Its bytes now; nil when it does not exist (the write would create it).
    public var before: [UInt8]?
    /// Its bytes with the edit made.
    public var after: [UInt8]
    /// The version `before` was read at: the write fails if the file changed since.
    var version: SidecarFile.Version?

    /// False when the sidecar already says what the edit asks (nothing would be written).
    public var changes: Bool { after != (before ?? XMPPacketEditor.emptySidecar) }
  }

  /// Reads the sidecar the edit of the photo at `path` goes to and makes the edit in
  /// memory (what `apply` writes), or says why it cannot be made.
  public static func prepare(_ edit: XMPEdit, toPhotoAt path: String)
    -> Result<Prepared, XMPWriteError>
  {
    if let problem = edit.problem { return .failure(XMPWriteError(problem)) }
    guard isRegularFile(path) else {
      var info = stat()
      if stat(path, &info) != 0 {
        return .failure(XMPWriteError("cannot read: \(String(cString: strerror(errno)))"))
      }
      return .failure(XMPWriteError("not a regular file"))
    }
    let reading = XMPReader.read(contentsOf: path)
    if !reading.isPacketFile {
      // A sidecar is for a photo or video Lightbox shows, not for any file named.
      guard case .success(let head) = MetadataReader.readHead(ofFile: path, maxBytes: 4096),
        FormatSniffer.format(of: head) != nil
      else { return .failure(XMPWriteError("not a photo or video Lightbox reads")) }
    }
    let target: String
    var seed = XMPMetadata()
    if reading.isPacketFile {
      target = path
    } else if let first = reading.sidecars.first {
      target = first
      // What the layers under this sidecar say: the embedded fields, then the other sidecars.
      seed = reading.embedded ?? XMPMetadata()
      for other in reading.sidecars.dropFirst().reversed() {
        if case .success(let read) = SidecarFile.read(other, limit: XMPMetadata.maxPacketBytes) {
          seed = seed.overlaid(by: XMPMetadata(packet: read.bytes))
        }
      }
    } else {
      target = sidecarPath(for: path)
      seed = reading.metadata
    }
    var existing: [UInt8]?
    var version: SidecarFile.Version?
    if isRegularFile(target) || reading.isPacketFile {
      switch SidecarFile.read(target, limit: XMPMetadata.maxPacketBytes) {
      case .success(let read): (existing, version) = (read.bytes, read.version)
      case .failure(let error): return .failure(error)
      }
    }
    do {
      let after = try XMPPacketEditor.edited(
        existing ?? XMPPacketEditor.emptySidecar, by: edit, seed: seed)
      return .success(Prepared(sidecar: target, before: existing, after: after, version: version))
    } catch {
      // The sidecar is named when it is not the file given.
      return .failure(
        target == path ? error : XMPWriteError("\(fileName(target)): \(error.reason)"))
    }
  }

  /// The bytes of the sidecar at `path` as they are now (nil: there is none), to put back
  /// after an edit with `restore`.
  public static func snapshot(ofSidecar path: String) -> Result<[UInt8]?, XMPWriteError> {
    guard isRegularFile(path) else { return .success(nil) }
    return SidecarFile.read(path, limit: XMPMetadata.maxPacketBytes).map { Optional($0.bytes) }
  }

  /// Puts the sidecar at `path` back to `bytes` (written atomically, as an edit is), or
  /// removes it when `bytes` is nil (the edit created it).
  public static func restore(_ bytes: [UInt8]?, toSidecar path: String) -> XMPWriteError? {
    guard let bytes else {
      guard isRegularFile(path) else { return nil }
      return unlink(path) == 0
        ? nil
        : XMPWriteError("cannot remove \(fileName(path)): \(String(cString: strerror(errno)))")
    }
    var version: SidecarFile.Version?
    if isRegularFile(path) {
      switch SidecarFile.read(path, limit: XMPMetadata.maxPacketBytes) {
      case .success(let read):
        if read.bytes == bytes { return nil }
        version = read.version
      case .failure(let error): return error
      }
    }
    return SidecarFile.write(bytes, to: path, replacing: version)
  }

  /// The text of the sidecar `sidecar` (nil: a new one) with `edit` made, the fields of the
  /// photo's other layers in `seed` (a list the sidecar lacks starts from them).
  public static func edited(
    _ sidecar: [UInt8]?, by edit: XMPEdit, seed: XMPMetadata = XMPMetadata()
  )
    -> Result<[UInt8], XMPWriteError>
  {
    do {
      return .success(
        try XMPPacketEditor.edited(sidecar ?? XMPPacketEditor.emptySidecar, by: edit, seed: seed))
    } catch {
      return .failure(error)
    }
  }

  /// The packet a new sidecar (or a JPEG's new XMP segment) starts from: an empty
  /// `rdf:Description` in the wrapper exiftool and Adobe write.
  public static var emptyPacket: [UInt8] { XMPPacketEditor.emptySidecar }

  private static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  private static func fileName(_ path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }
}
