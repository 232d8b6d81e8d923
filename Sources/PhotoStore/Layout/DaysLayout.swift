import PhotoModel

/// The Days segment as a list of entries: a date header per day, then that day's photos in
/// rows of the grid's width. Built once per library change or resize, never per keystroke.
///
/// Heights in terminal rows: a header takes 2 (a blank line that holds the frame of the row
/// above, then the title); a row of tiles takes the tile height + 1 (the gap above it).
public struct DaysLayout: Hashable, Sendable {
  /// One entry of the list.
  public enum Entry: Hashable, Sendable {
    case header(day: Int)
    /// Photos `first..<first+count` of the asset array, all of one day.
    case tiles(day: Int, first: Int, count: Int)
  }

  public let columns: Int
  public let entries: [Entry]
  /// For each day, the index of its header entry.
  public let headerEntry: [Int]

  public init() {
    columns = 0
    entries = []
    headerEntry = []
  }

  public init(timeline: Timeline, columns: Int) {
    self.columns = max(1, columns)
    var entries: [Entry] = []
    var headers: [Int] = []
    entries.reserveCapacity(timeline.days.count * 2)
    for (dayIndex, day) in timeline.days.enumerated() {
      headers.append(entries.count)
      entries.append(.header(day: dayIndex))
      var first = day.assets.lowerBound
      while first < day.assets.upperBound {
        let count = min(self.columns, day.assets.upperBound - first)
        entries.append(.tiles(day: dayIndex, first: first, count: count))
        first += count
      }
    }
    self.entries = entries
    headerEntry = headers
  }

  /// Rows an entry takes for tiles `tileRows` tall.
  public static func height(of entry: Entry, tileRows: Int) -> Int {
    switch entry {
    case .header: return 2
    case .tiles: return tileRows + 1
    }
  }

  /// The tiles entry that holds asset `index`.
  public func entryIndex(ofAsset index: Int, timeline: Timeline) -> Int? {
    guard let day = timeline.dayIndex(ofAsset: index), day < headerEntry.count else { return nil }
    let offset = index - timeline.days[day].assets.lowerBound
    return headerEntry[day] + 1 + offset / columns
  }

  /// The day whose header is pinned above the entries from `top`: when the list starts
  /// inside a day (its header scrolled away), the header stays at the top while its photos
  /// scroll, as in Photos. Nil when `top` is a header, or when the rows are too few for the
  /// pinned header and a row of tiles.
  public func pinnedDay(top: Int, height: Int, tileRows: Int) -> Int? {
    guard entries.indices.contains(top), case .tiles(let day, _, _) = entries[top] else {
      return nil
    }
    let needed = Self.height(of: .header(day: day), tileRows: tileRows) + tileRows + 2
    return height >= needed ? day : nil
  }

  /// Rows the pinned header takes above the entries from `top` (0 when none is pinned).
  public func pinnedRows(top: Int, height: Int, tileRows: Int) -> Int {
    guard let day = pinnedDay(top: top, height: height, tileRows: tileRows) else { return 0 }
    return Self.height(of: .header(day: day), tileRows: tileRows)
  }

  /// The entries that fit in `height` rows from `top` under the pinned header, if any (one
  /// row is kept for the frame under the last tiles).
  public func visibleEntries(from top: Int, height: Int, tileRows: Int) -> Range<Int> {
    guard top < entries.count, height > 1 else { return top..<top }
    var used = pinnedRows(top: top, height: height, tileRows: tileRows)
    var end = top
    while end < entries.count {
      let h = Self.height(of: entries[end], tileRows: tileRows)
      if used + h + 1 > height { break }
      used += h
      end += 1
    }
    return top..<end
  }

  /// The top entry that shows the end of the list with as much above it as fits.
  public func bottomTop(height: Int, tileRows: Int) -> Int {
    var top = entries.count
    while top > 0 {
      let visible = visibleEntries(from: top - 1, height: height, tileRows: tileRows)
      if visible.upperBound < entries.count { break }
      top -= 1
    }
    return min(top, max(0, entries.count - 1))
  }

  /// The top entry that keeps entry `target` in view, moving as little as possible from
  /// `top`; when the target is the first row of its day, its header comes along.
  public func top(keeping target: Int, from top: Int, height: Int, tileRows: Int) -> Int {
    guard target < entries.count else { return 0 }
    var wanted = target
    if target > 0, case .header = entries[target - 1] { wanted = target - 1 }
    var newTop = min(top, wanted)
    while newTop < target {
      let visible = visibleEntries(from: newTop, height: height, tileRows: tileRows)
      if visible.contains(target) { break }
      newTop += 1
    }
    return max(0, newTop)
  }
}
