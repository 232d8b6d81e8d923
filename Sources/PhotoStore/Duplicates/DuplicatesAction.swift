/// The Duplicates album's own keys.
public enum DuplicatesAction: Hashable, Sendable {
  /// K: the selected photo becomes its group's keeper.
  case chooseKeeper
  /// m: merge the selected group into its keeper (after a confirmation).
  case merge
}
