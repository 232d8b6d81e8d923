/// The four ways the Library tab shows the timeline, cycled by Tab / Shift-Tab.
public enum LibrarySegment: String, Hashable, Sendable, CaseIterable {
  /// A card per year with a key photo.
  case years
  /// A card per month.
  case months
  /// Photos under a date header per day.
  case days
  /// One continuous grid.
  case all

  /// The title on the segment bar.
  public var title: String {
    switch self {
    case .years: return "Years"
    case .months: return "Months"
    case .days: return "Days"
    case .all: return "All"
    }
  }

  /// The next segment to the right (wrapping).
  public var next: LibrarySegment {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// The next segment to the left (wrapping).
  public var previous: LibrarySegment {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + all.count - 1) % all.count]
  }
}
