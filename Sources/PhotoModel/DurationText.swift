/// A video's length as a badge shows it: "0:42", "12:05", "1:03:20".
public enum DurationText {
  /// `seconds` rounded to the nearest second (a clip of under a second shows "0:01"), as
  /// minutes:seconds, or hours:minutes:seconds from an hour on.
  public static func badge(seconds: Double) -> String {
    guard seconds.isFinite, seconds > 0 else { return "0:00" }
    let total = max(1, Int(min(seconds, 359_999).rounded()))
    let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
    let ss = secs < 10 ? "0\(secs)" : "\(secs)"
    guard hours > 0 else { return "\(minutes):\(ss)" }
    return "\(hours):\(minutes < 10 ? "0\(minutes)" : "\(minutes)"):\(ss)"
  }

  /// A position in a clip as a player's clock shows it: whole seconds elapsed, never
  /// rounded up ("0:00" until the first second has passed).
  public static func elapsed(milliseconds: Int) -> String {
    let total = max(0, min(milliseconds, 359_999_000)) / 1000
    let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
    let ss = secs < 10 ? "0\(secs)" : "\(secs)"
    guard hours > 0 else { return "\(minutes):\(ss)" }
    return "\(hours):\(minutes < 10 ? "0\(minutes)" : "\(minutes)"):\(ss)"
  }
}
