/// SplitMix64: a small, fast, seedable random number generator (Steele, Lea, Flood 2014).
///
/// The demo library draws every random choice from one of these, seeded from the options'
/// seed and an index, so output never depends on the clock, the thread or the platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public private(set) var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// A generator for stream `index` of `seed`: independent streams for the same seed.
  public init(seed: UInt64, stream index: UInt64) {
    state = SplitMix64.mix(seed &+ SplitMix64.mix(index &+ 0x632B_E59B_D9B4_E019))
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return SplitMix64.mix(state)
  }

  /// The SplitMix64 output function: a good 64-bit integer hash on its own.
  @inline(__always)
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform Float in [0, 1).
  public mutating func unit() -> Float { Float(next() >> 40) * (1.0 / 16_777_216.0) }

  /// A uniform Float in `range`.
  public mutating func float(_ range: ClosedRange<Float>) -> Float {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }

  /// A uniform Int in `range` (Lemire-free modulo: the bias is below 2^-40 for our ranges).
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) &+ 1
    return range.lowerBound + Int((next() >> 1) % span)
  }

  /// True with probability `p`.
  public mutating func chance(_ p: Float) -> Bool { unit() < p }

  /// One element of a non-empty array.
  public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

  /// An index chosen with the given relative weights.
  public mutating func weighted(_ weights: [Float]) -> Int {
    let total = weights.reduce(0, +)
    var r = unit() * total
    for (i, w) in weights.enumerated() {
      if r < w { return i }
      r -= w
    }
    return weights.count - 1
  }
}
