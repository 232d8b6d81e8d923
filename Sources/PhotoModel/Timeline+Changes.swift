extension Timeline {
  /// The timeline of the same photos with those at `positions` (ascending positions in the
  /// grouped list) taken out: each day's range moved back by the photos removed before it,
  /// emptied days dropped, months and years grouped again from the days. Reads no photo, so
  /// hiding one photo of a million costs the days (a few thousand), not the photos
  /// (`Timeline(assets:)` was a third of `H` at a million photos).
  public func removing(positions: [Int]) -> Timeline {
    guard !positions.isEmpty else { return self }
    var result = Timeline()
    var removedBefore = 0  // positions < the current day's lowerBound
    var next = 0  // the first position not yet passed
    for day in days {
      while next < positions.count && positions[next] < day.assets.lowerBound {
        next += 1
        removedBefore += 1
      }
      var inside = 0
      while next < positions.count && positions[next] < day.assets.upperBound {
        next += 1
        inside += 1
      }
      let lower = day.assets.lowerBound - removedBefore
      removedBefore += inside
      guard day.assets.count > inside else { continue }
      result.appendDay(
        Day(
          year: day.year, month: day.month, day: day.day,
          assets: lower..<(day.assets.upperBound - removedBefore)))
    }
    return result
  }

  /// The timeline with one more photo, taken on `date`, grouped at `position` of the list
  /// (where the catalog's order put it): its day grows, or a new day starts there.
  public func inserting(at position: Int, date: CaptureDate) -> Timeline {
    let key = (date.year, date.month, date.day)
    var result = Timeline()
    var inserted = false
    for day in days {
      let dayKey = (day.year, day.month, day.day)
      if inserted {
        result.appendDay(
          Day(
            year: day.year, month: day.month, day: day.day,
            assets: (day.assets.lowerBound + 1)..<(day.assets.upperBound + 1)))
      } else if dayKey == key {
        result.appendDay(
          Day(
            year: day.year, month: day.month, day: day.day,
            assets: day.assets.lowerBound..<(day.assets.upperBound + 1)))
        inserted = true
      } else if dayKey > key {
        result.appendDay(
          Day(year: date.year, month: date.month, day: date.day, assets: position..<(position + 1)))
        result.appendDay(
          Day(
            year: day.year, month: day.month, day: day.day,
            assets: (day.assets.lowerBound + 1)..<(day.assets.upperBound + 1)))
        inserted = true
      } else {
        result.appendDay(day)
      }
    }
    if !inserted {
      result.appendDay(
        Day(year: date.year, month: date.month, day: date.day, assets: position..<(position + 1)))
    }
    return result
  }

  /// Appends a day after the last one, growing or starting its month and year.
  mutating func appendDay(_ day: Day) {
    days.append(day)
    let dayIndex = days.count - 1
    if let last = months.last, last.year == day.year, last.month == day.month {
      months[months.count - 1].assets = last.assets.lowerBound..<day.assets.upperBound
      months[months.count - 1].days = last.days.lowerBound..<(dayIndex + 1)
    } else {
      months.append(
        Month(
          year: day.year, month: day.month, assets: day.assets, days: dayIndex..<(dayIndex + 1)))
    }
    let monthIndex = months.count - 1
    if let last = years.last, last.year == day.year {
      years[years.count - 1].assets = last.assets.lowerBound..<day.assets.upperBound
      years[years.count - 1].months = last.months.lowerBound..<(monthIndex + 1)
    } else {
      years.append(
        Year(year: day.year, assets: day.assets, months: monthIndex..<(monthIndex + 1)))
    }
  }
}
