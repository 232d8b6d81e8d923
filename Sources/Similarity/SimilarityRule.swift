/// Which perceptual hash groups similar photos and how near two must be, and what makes a
/// burst: chosen by measurement on the accuracy set (docs/benchmarks.md, docs/DECISIONS.md).
public struct SimilarityRule: Sendable, Equatable {
  public enum HashKind: String, Sendable, CaseIterable {
    /// The 64-bit dHash alone.
    case dHash
    /// The 64-bit pHash alone.
    case pHash
    /// Both, as one 128-bit hash: the distance is the sum of the two.
    case both
  }

  /// The bits compared: one or two words.
  public struct Key: Sendable, Equatable {
    public var first: UInt64
    public var second: UInt64

    public init(_ first: UInt64, _ second: UInt64 = 0) {
      self.first = first
      self.second = second
    }

    /// Bits that differ.
    public func distance(to other: Key) -> Int {
      (first ^ other.first).nonzeroBitCount + (second ^ other.second).nonzeroBitCount
    }
  }

  public var kind: HashKind
  /// Hashes at most this many bits apart are the same picture.
  public var radius: Int
  /// A burst's frames: the same camera, at most this far apart in time…
  public var burstMilliseconds: Int64
  /// …and at most this many bits apart (frames move a little: wider than `radius`).
  public var burstRadius: Int

  public init(kind: HashKind, radius: Int, burstMilliseconds: Int64 = 2000, burstRadius: Int) {
    self.kind = kind
    self.radius = radius
    self.burstMilliseconds = burstMilliseconds
    self.burstRadius = burstRadius
  }

  /// The measured choice (docs/DECISIONS.md, 2026-11-28 "Similar photos: dHash and pHash as
  /// one 128-bit hash"): on the accuracy set, 99.3 % of the edits grouped with their
  /// original and no false group; the nearest two distinct photos were 34 bits apart.
  public static let standard = SimilarityRule(kind: .both, radius: 20, burstRadius: 44)

  /// The bits this rule compares.
  public func key(_ hash: PerceptualHash) -> Key {
    switch kind {
    case .dHash: Key(hash.dHash)
    case .pHash: Key(hash.pHash)
    case .both: Key(hash.dHash, hash.pHash)
    }
  }

  /// How far apart two photos' hashes are under this rule.
  public func distance(_ a: PerceptualHash, _ b: PerceptualHash) -> Int {
    key(a).distance(to: key(b))
  }
}
