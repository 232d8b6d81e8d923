/// A file's size and modification time as the catalog last saw them: hashes made of the
/// file are current while its row still has them.
public struct ImageHashStamp: Sendable, Equatable {
  public var size: Int64
  public var mtimeNanoseconds: Int64

  public init(size: Int64, mtimeNanoseconds: Int64) {
    self.size = size
    self.mtimeNanoseconds = mtimeNanoseconds
  }
}
