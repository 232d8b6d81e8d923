/// What a cell is for; the theme decides its colours, so views never name a colour.
public enum StyleRole: UInt8, Hashable, Sendable, CaseIterable {
  case normal
  case tabBar
  case tabActive
  case header
  case headerDim
  case tilePlaceholder
  case tileFailed
  case selection
  case status
  case statusDim
  case statusError
  case title
  case titleDim
  case emptyTitle
  case emptyHint
  /// Cells covered by a picture; the graphics layer paints them after the text.
  case image
  /// The heart of a favorite.
  case favorite
  /// The frame of a marked (selected for an action) photo.
  case marked
  /// Panels and dialogs over the view (info, help, picker, prompts, confirmations).
  case panel
  case panelTitle
  case panelDim
  /// The highlighted row of a panel (the picker's choice, a text field).
  case panelSelected
  /// A refusal inside a dialog ("An album named Trip already exists").
  case panelError

  /// One letter per role for golden files.
  public var letter: Character {
    let letters: [Character] = Array("ntTHhpfsSdxLlEmIFMPQqRX")
    return letters[Int(rawValue)]
  }
}
