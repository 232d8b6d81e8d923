/// Photos to write as JPEGs into a folder: the browser's export (e).
public struct ExportJob: Hashable, Sendable {
  /// The photos' files, in grid order.
  public var paths: [String]
  /// The user's quarter turns of each photo (`Asset.userRotation`), applied on export.
  public var rotations: [Int]
  /// The folder as typed (`~/` is the runner's to expand); made when missing.
  public var folder: String
  /// The long edge of each JPEG in pixels (photos are never enlarged).
  public var longEdge: Int

  public init(paths: [String], rotations: [Int], folder: String, longEdge: Int) {
    self.paths = paths
    self.rotations = rotations
    self.folder = folder
    self.longEdge = longEdge
  }

  /// The long edge when the prompt names none.
  public static let defaultLongEdge = 2048
}
