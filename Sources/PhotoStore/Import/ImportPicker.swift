/// The import view's place: the selected photo of the card, the grid's top row, the photos
/// marked for import and whether the card's copies are deleted after.
public struct ImportPicker: Hashable, Sendable {
  /// Index into the offer's items.
  public var selected: Int
  /// The grid row shown at the top.
  public var topRow: Int
  /// Items marked for import (only new ones can be): all new ones when the view opens.
  public var marked: Set<Int>
  /// d: each source file is deleted once its copy is verified (asked again at Enter).
  public var deleteAfter: Bool

  public init(selected: Int = 0, topRow: Int = 0, marked: Set<Int> = [], deleteAfter: Bool = false)
  {
    self.selected = selected
    self.topRow = topRow
    self.marked = marked
    self.deleteAfter = deleteAfter
  }
}
