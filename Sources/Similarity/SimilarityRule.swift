/// Which perceptual hash groups similar photos and how near two must be, and what makes a
/// burst: chosen by measurement on the accuracy set (docs/benchmarks.md, docs/DECISIONS.md).
public struct SimilarityRule: Sendable, Equatable {
  public enum HashKind: String, Sendable, CaseIterable {
    case dHash, pHash
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

  /// The measured choice (see the decision of 2026-11-28 on perceptual hashes).
  public static let standard = SimilarityRule(kind: .dHash, radius: 10, burstRadius: 20)

  /// The hash this rule compares.
  public func value(_ hash: PerceptualHash) -> UInt64 {
    kind == .dHash ? hash.dHash : hash.pHash
  }
}
