/// Whether the library is still being read.
public enum LibraryStatus: Hashable, Sendable {
  /// Walking the roots; `found` photos so far.
  case scanning(found: Int)
  /// Every root was read.
  case ready
}
