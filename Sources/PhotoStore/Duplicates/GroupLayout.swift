/// The Duplicates and Bursts albums as rows of tiles: each group starts a row of its own
/// and wraps onto more when it has more photos than the grid has columns. Indices are into
/// the album's list (`AppState.assets`: the groups' photos one group after another).
public struct GroupLayout: Hashable, Sendable {
  /// One row of tiles: photos `first..<first+count` of group `group`.
  public struct Row: Hashable, Sendable {
    public var group: Int
    public var first: Int
    public var count: Int
  }

  public private(set) var rows: [Row]
  /// For each group, its first photo's index into the list (and the list's end, last).
  public private(set) var groupStarts: [Int]

  public init() {
    rows = []
    groupStarts = [0]
  }

  /// Rows for groups of `sizes` photos, `columns` to a row.
  public init(sizes: [Int], columns: Int) {
    let columns = max(1, columns)
    var rows: [Row] = []
    var starts: [Int] = []
    var first = 0
    for (group, size) in sizes.enumerated() {
      starts.append(first)
      var offset = 0
      while offset < size {
        let count = min(columns, size - offset)
        rows.append(Row(group: group, first: first + offset, count: count))
        offset += count
      }
      first += size
    }
    starts.append(first)
    self.rows = rows
    groupStarts = starts
  }

  /// How many groups are laid out.
  public var groupCount: Int { groupStarts.count - 1 }

  /// The group that holds photo `index`.
  public func group(ofIndex index: Int) -> Int? {
    guard groupCount > 0, index >= 0, index < groupStarts[groupCount] else { return nil }
    // The last start at or before `index`, by halving.
    var low = 0
    var high = groupCount - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if groupStarts[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The photos of group `group`.
  public func members(ofGroup group: Int) -> Range<Int> {
    groupStarts[group]..<groupStarts[group + 1]
  }

  /// The row that shows photo `index`.
  public func row(ofIndex index: Int) -> Int? {
    guard !rows.isEmpty, index >= 0, index < groupStarts[groupCount] else { return nil }
    var low = 0
    var high = rows.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if rows[middle].first <= index { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The first visible row that keeps row `row` on screen (`visible` rows of them), moving
  /// `top` as little as possible.
  public func top(keeping row: Int, from top: Int, visible: Int) -> Int {
    guard visible > 0, !rows.isEmpty else { return 0 }
    var top = min(top, rows.count - 1)
    if row < top { top = row }
    if row >= top + visible { top = row - visible + 1 }
    return min(max(0, top), max(0, rows.count - visible))
  }
}
