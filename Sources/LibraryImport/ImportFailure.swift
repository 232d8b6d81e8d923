/// Why one file was not imported, in one line, and whether the import goes on.
public struct ImportFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The line shown and logged: "IMG_0001.JPG: cannot read it (Input/output error)".
  public var description: String
  /// True when nothing more can be imported (the destination disk is full).
  public var stopsImport: Bool

  public init(_ description: String, stopsImport: Bool = false) {
    self.description = description
    self.stopsImport = stopsImport
  }
}
