extension Memory {
  /// "3 years ago", "1 year ago".
  public var agoText: String { yearsAgo == 1 ? "1 year ago" : "\(yearsAgo) years ago" }

  /// The days the photos span: "26 Nov 2023", "26–29 Nov 2023", "30 Nov – 2 Dec 2023",
  /// "30 Dec 2023 – 2 Jan 2024".
  public var daysText: String {
    let first = CaptureDate.civilFromDays(firstDay)
    let last = CaptureDate.civilFromDays(lastDay)
    func month(_ m: Int) -> Substring { CaptureDate.monthNames[m - 1].prefix(3) }
    if firstDay == lastDay { return "\(first.day) \(month(first.month)) \(first.year)" }
    if first.year != last.year {
      return "\(first.day) \(month(first.month)) \(first.year) – "
        + "\(last.day) \(month(last.month)) \(last.year)"
    }
    if first.month != last.month {
      return "\(first.day) \(month(first.month)) – \(last.day) \(month(last.month)) \(last.year)"
    }
    return "\(first.day)–\(last.day) \(month(first.month)) \(first.year)"
  }

  /// "48 photos", "1 photo".
  public var countText: String { assetIDs.count == 1 ? "1 photo" : "\(assetIDs.count) photos" }

  /// "3 years ago · 26–29 Nov 2023 · 48 photos", with the place when known: "3 years ago ·
  /// Kyoto · 26–29 Nov 2023 · 48 photos".
  public var summary: String {
    [agoText, place, daysText, countText].compactMap { $0 }.joined(separator: " · ")
  }

  /// The card's title: "Kyoto · 2023" when the memory has a place (as Photos names its
  /// memories), else "3 years ago".
  public var title: String { place.map { "\($0) · \(year)" } ?? agoText }
}
