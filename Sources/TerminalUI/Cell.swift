import PhotoStore

/// One character cell of a frame.
public struct Cell: Hashable, Sendable {
  /// One grapheme cluster; "" for the right half of a double-width character.
  public var text: String
  public var role: StyleRole

  public init(_ text: String = " ", role: StyleRole = .normal) {
    self.text = text
    self.role = role
  }
}

/// A picture the graphics layer draws over reserved cells after the text is on screen.
public struct ImagePlacement: Hashable, Sendable {
  public var key: ImageKey
  /// The cells reserved for the picture; the picture is centred in them.
  public var rect: CellRect
  /// 0 for a preview, 1 for the final picture: a change means the picture must be re-sent.
  public var revision: Int

  public init(key: ImageKey, rect: CellRect, revision: Int = 1) {
    self.key = key
    self.rect = rect
    self.revision = revision
  }
}
