/// The library grouped by local capture date into years → months → days.
///
/// Built in one pass over assets already sorted by capture date (the catalog's order), so a
/// group is a contiguous range of asset indices and nothing is re-sorted per keystroke.
public struct Timeline: Hashable, Sendable {
  /// One calendar day that has photos.
  public struct Day: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// Indices into the asset array.
    public var assets: Range<Int>
  }

  /// One month that has photos.
  public struct Month: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var assets: Range<Int>
    /// Indices into `days`.
    public var days: Range<Int>
  }

  /// One year that has photos.
  public struct Year: Hashable, Sendable {
    public var year: Int
    public var assets: Range<Int>
    /// Indices into `months`.
    public var months: Range<Int>
  }

  public internal(set) var days: [Day] = []
  public internal(set) var months: [Month] = []
  public internal(set) var years: [Year] = []

  public init() {}

  /// Groups `assets`, which must be sorted by `captureDate.localSortKey`.
  public init(assets: [Asset]) {
    var index = 0
    for position in assets.indices {
      // Only the date is read: not a copy of the whole asset (retains and releases).
      let date = assets[position].captureDate
      if let last = days.last, last.year == date.year, last.month == date.month,
        last.day == date.day
      {
        days[days.count - 1].assets = last.assets.lowerBound..<(index + 1)
      } else {
        days.append(
          Day(year: date.year, month: date.month, day: date.day, assets: index..<(index + 1)))
      }
      let dayIndex = days.count - 1
      if let last = months.last, last.year == date.year, last.month == date.month {
        months[months.count - 1].assets = last.assets.lowerBound..<(index + 1)
        months[months.count - 1].days = last.days.lowerBound..<(dayIndex + 1)
      } else {
        months.append(
          Month(
            year: date.year, month: date.month, assets: index..<(index + 1),
            days: dayIndex..<(dayIndex + 1)))
      }
      let monthIndex = months.count - 1
      if let last = years.last, last.year == date.year {
        years[years.count - 1].assets = last.assets.lowerBound..<(index + 1)
        years[years.count - 1].months = last.months.lowerBound..<(monthIndex + 1)
      } else {
        years.append(
          Year(year: date.year, assets: index..<(index + 1), months: monthIndex..<(monthIndex + 1)))
      }
      index += 1
    }
  }

  /// The index of the day that holds asset `index` (binary search).
  public func dayIndex(ofAsset index: Int) -> Int? { Self.search(days, \.assets, index) }

  /// The index of the month that holds asset `index`.
  public func monthIndex(ofAsset index: Int) -> Int? {
    Self.search(months, \.assets, index)
  }

  /// The index of the year that holds asset `index`.
  public func yearIndex(ofAsset index: Int) -> Int? { Self.search(years, \.assets, index) }

  public static func search<G>(_ groups: [G], _ range: KeyPath<G, Range<Int>>, _ index: Int) -> Int?
  {
    var low = 0
    var high = groups.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let r = groups[mid][keyPath: range]
      if r.upperBound <= index {
        low = mid + 1
      } else if r.lowerBound > index {
        high = mid - 1
      } else {
        return mid
      }
    }
    return nil
  }

  /// The photo that stands for a group on a card: the middle one, as a stable choice.
  public static func keyAsset(of range: Range<Int>) -> Int {
    range.lowerBound + (range.count - 1) / 2
  }
}
