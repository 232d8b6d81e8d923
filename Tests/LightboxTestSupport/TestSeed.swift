import Foundation

/// The seed of a test run's randomness: `LIGHTBOX_TEST_SEED` when set (to replay a failure),
/// else a fresh one; printed once so a failing run can be repeated exactly.
public enum TestSeed {
  /// The seed, chosen once per test process.
  public static let value: UInt64 = {
    let seed: UInt64
    if let text = ProcessInfo.processInfo.environment["LIGHTBOX_TEST_SEED"],
      let given = UInt64(text)
    {
      seed = given
    } else {
      var system = SystemRandomNumberGenerator()
      seed = system.next() >> 16  // short enough to retype
    }
    print("LIGHTBOX_TEST_SEED=\(seed) (set it to replay this run's random choices)")
    return seed
  }()
}

/// SplitMix64: a small, fast, seeded generator (Vigna), so random test choices replay.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose outputs depend only on `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
