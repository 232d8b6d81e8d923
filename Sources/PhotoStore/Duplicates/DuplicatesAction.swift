/// The Duplicates album's own keys.
public enum DuplicatesAction: Hashable, Sendable {
  /// K: the selected photo becomes its group's keeper.
  case chooseKeeper
}
