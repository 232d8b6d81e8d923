/// Formats byte counts the way a photo app shows them ("3.1 MB", "812 KB").
public enum ByteCountText {
  /// Decimal units (1 MB = 1,000,000 bytes), one decimal below 10 units.
  public static func format(_ bytes: Int64) -> String {
    let units = ["bytes", "KB", "MB", "GB", "TB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1000, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    if unit == 0 { return "\(bytes) \(bytes == 1 ? "byte" : "bytes")" }
    let rounded = (value * 10).rounded() / 10
    if rounded < 10 {
      return "\(Int(rounded))"
        + (rounded == rounded.rounded() ? "" : ".\(Int((rounded * 10).rounded()) % 10)")
        + " \(units[unit])"
    }
    return "\(Int(value.rounded())) \(units[unit])"
  }
}
