import PhotoStore

extension LibraryView {
  /// The detail view's filmstrip: neighbour thumbnails in a row under the photo, the
  /// current one framed. Thumbnails not decoded yet are placeholders, like grid tiles.
  static func renderFilmstrip(_ state: AppState, into frame: inout Frame) {
    guard let strip = state.filmstrip else { return }
    for slot in strip.slots {
      guard let key = state.filmstripKey(forIndex: slot.index) else { continue }
      switch state.images[key] {
      case .ready?: frame.place(key, in: slot.rect)
      case .preview?: frame.place(key, in: slot.rect, revision: 0)
      case .failed?:
        frame.fill(slot.rect, role: .tileFailed)
        frame.putCentered(
          Glyphs.failed, row: slot.rect.row + slot.rect.height / 2, in: slot.rect, role: .tileFailed
        )
      default:
        frame.fill(slot.rect, role: .tilePlaceholder)
      }
      if slot.index == state.selectedIndex { renderSelectionFrame(around: slot.rect, into: &frame) }
    }
  }
}
