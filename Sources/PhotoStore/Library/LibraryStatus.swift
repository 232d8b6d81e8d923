/// Whether the library is still being indexed.
public enum LibraryStatus: Hashable, Sendable {
  /// The catalog is being brought up to date: `done` of `total` files examined.
  case indexing(done: Int, total: Int)
  /// Indexing finished; the library follows file changes live.
  case ready
}
