/// The terminal size as `TIOCGWINSZ` reports it (pixel fields are 0 when the terminal
/// does not fill them in).
public struct WindowSize: Sendable, Hashable {
  public var columns: Int
  public var rows: Int
  public var pixelWidth: Int
  public var pixelHeight: Int

  public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
    self.columns = columns
    self.rows = rows
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }
}
