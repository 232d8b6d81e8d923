/// One source file of an import and what the plan does with it.
public struct ImportFile: Sendable, Equatable {
  /// What the import does with a file.
  public enum Action: Sendable, Equatable {
    /// Copied to `destination` (verified, then renamed into place).
    case copy
    /// The same bytes are in the library already, at this path (relative to the library).
    case inLibrary(String)
    /// The ledger says it was imported into this library before.
    case importedBefore
  }

  /// The source path's exact bytes (a name need not be UTF-8).
  public var sourceBytes: [UInt8]
  public var size: Int64
  /// The destination relative to the library: folders, then the name.
  public var destination: String
  public var action: Action
  /// The name after the group's stem: ".JPG", ".CR3", ".JPG.xmp".
  public var tail: String
  /// The source's content hash, when the plan had to read it (a size matched).
  public var hash: ContentHash?

  /// The source path as text (a name that is not UTF-8 shows replacement characters).
  public var source: String { String(decoding: sourceBytes, as: UTF8.self) }

  /// The source file's last path component.
  public var sourceName: String {
    let slash = sourceBytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
    return String(decoding: sourceBytes[slash...], as: UTF8.self)
  }

  /// The destination's last component.
  public var destinationName: String {
    destination.lastIndex(of: "/").map { String(destination[destination.index(after: $0)...]) }
      ?? destination
  }
}
