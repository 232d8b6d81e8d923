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

  /// One letter per role for golden files.
  public var letter: Character {
    let letters: [Character] = Array("ntTHhpfsSdxLlEmI")
    return letters[Int(rawValue)]
  }
}
