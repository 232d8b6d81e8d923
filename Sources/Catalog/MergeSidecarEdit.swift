import PhotoMetadata

/// What a merge writes into its keeper's XMP sidecar (the others' tags, and their best
/// rating and a label when the keeper has none), journaled with the merge before the write:
/// a killed merge makes the edit again at the next start (it changes nothing the second
/// time), and the undo puts `before` back.
public struct MergeSidecarEdit: Sendable, Equatable {
  /// The keeper's file (the sidecar belongs to it).
  public var photo: String
  /// The sidecar the edit goes to (`XMPSidecarWriter.prepare`'s).
  public var sidecar: String
  /// The sidecar's bytes before the merge; nil when the merge creates it (the undo removes
  /// it).
  public var before: [UInt8]?
  /// The edit: tags to add, a rating and a label to set.
  public var edit: XMPEdit

  public init(photo: String, sidecar: String, before: [UInt8]?, edit: XMPEdit) {
    self.photo = photo
    self.sidecar = sidecar
    self.before = before
    self.edit = edit
  }
}
