import PhotoMetadata
import PhotoModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension XMPFileWriter {
  /// Makes `edit` in the XMP item of the HEIF or AVIF still at `path`: its packet edited as
  /// text, written by `HEIFXMPItem` and the file replaced atomically; a file whose boxes
  /// `HEIFXMPItem` will not rewrite gets the edit in its sidecar, with the reason as the note.
  static func intoHEIF(_ edit: XMPEdit, _ path: String, _ format: MediaFormat)
    -> Result<Outcome, XMPWriteError>
  {
    let read: (path: String, status: stat, bytes: [UInt8])
    switch readPhoto(path) {
    case .success(let found): read = found
    case .failure(let error): return .failure(error)
    }
    let kind = format == .avif ? "AVIF" : "HEIF"
    func toSidecar(_ refusal: XMPWriteError) -> Result<Outcome, XMPWriteError> {
      intoSidecar(edit, path, note: "\(kind): \(refusal.reason); written to the sidecar")
    }
    let before: [UInt8]?
    switch HEIFXMPItem.packet(in: read.bytes) {
    case .success(let packet): before = packet
    case .failure(let refusal): return toSidecar(refusal)
    }
    var outcome = Outcome(file: path)
    outcome.isEmbedded = true
    let after: [UInt8]?
    switch editedEmbeddedPacket(before, by: edit, path: path) {
    case .success(let bytes): after = bytes
    case .failure(let error): return .failure(error)
    }
    if let after {
      let written: (bytes: [UInt8], undo: [UInt8])
      switch HEIFXMPItem.writing(after, into: read.bytes) {
      case .success(let found): written = found
      case .failure(let refusal): return toSidecar(refusal)
      }
      if let error = replace(read, with: written.bytes) { return .failure(error) }
      outcome.before = written.undo
      outcome.changed = true
      outcome.created = before == nil
    }
    outcome.metadata = XMPReader.read(contentsOf: path).metadata
    return .success(outcome)
  }
}
