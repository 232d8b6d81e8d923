/// A change to the selected photo, or to every marked photo when some are marked.
public enum EditAction: Hashable, Sendable {
  /// f: favorite or unfavorite.
  case toggleFavorite
  /// H: hide or unhide.
  case toggleHidden
  /// d: move to Recently Deleted; in Recently Deleted, delete for good (after a confirmation).
  case delete
  /// r in Recently Deleted: put the photo back where it was.
  case restore
  /// u: undo the last delete or rotation.
  case undo
  /// e: export the selected (or marked) photos as JPEGs into a folder (a prompt).
  case export
  /// > / <: turn the photos 90° clockwise (or anticlockwise), in the catalog only.
  case rotate(clockwise: Bool)
  /// y: the selected photo's path to the clipboard.
  case copyPath
  /// Y: the paths of the marked photos (else the selected one), one per line.
  case copyMarkedPaths
  /// o: the selected photo or video in an external program; O: its folder.
  case openExternally(folder: Bool)
  /// T: adjust the date and time of the selected (or marked) photos in their files (a prompt).
  case adjustDates
  /// t: add a tag to the selected (or marked) photos, or remove one (a prompt).
  case tag
  /// s: rate the selected (or marked) photos, 0–5 stars or rejected (one key).
  case rate
  /// C: write the caption of the selected (or marked) photos (a one-line editor).
  case caption
}
