import Foundation

/// When the sun rises and sets in a demo photo's month, and how high it stands at an hour:
/// the one model both the planner (choosing capture times) and the painter (choosing the
/// light) use, so that times of day match the painted light.
struct Daylight: Sendable {
  let sunrise: Float
  let sunset: Float
  let noonHeight: Float

  /// `southern` swaps the seasons.
  init(month: Int, southern: Bool = false) {
    let m = Float(southern ? (month + 5) % 12 + 1 : month)
    // 1 in late June, -1 in late December.
    let summer = cosf((m - 6.5) / 6 * .pi)
    sunrise = 6.6 - 1.5 * summer
    sunset = 18.6 + 2.2 * summer
    noonHeight = 0.62 + 0.3 * summer
  }

  /// Sun elevation in about [-1, 1]: 0 on the horizon, negative at night (-1 is deep night).
  func elevation(hour: Float) -> Float {
    if hour >= sunrise && hour <= sunset {
      return noonHeight * sinf(.pi * (hour - sunrise) / (sunset - sunrise))
    }
    let distance = hour < sunrise ? sunrise - hour : hour - sunset
    return -min(1, distance / 2.5)
  }

  /// A random hour for `phase`.
  func hour(for phase: LightPhase, using rng: inout SplitMix64) -> Float {
    switch phase {
    case .dawn: return rng.float((sunrise - 0.3)...(sunrise + 0.7))
    case .day: return rng.float((sunrise + 1.8)...(sunset - 1.8))
    case .dusk: return rng.float((sunset - 1.0)...(sunset + 0.45))
    case .night: return rng.float(min(sunset + 1.6, 22.4)...23.4)
    }
  }
}

/// The light of a photo, coarsely.
public enum LightPhase: String, Sendable, Equatable, CaseIterable {
  case dawn
  case day
  case dusk
  case night
}
