/// The Albums tab as a list of entries: a header per section, then its cards in rows of the
/// card grid's width. Heights in rows: a header takes 2 (a blank line for the frame of the row
/// above, then the title); a row of cards the card height + its label + 1.
public struct AlbumsLayout: Hashable, Sendable {
  /// One entry of the list.
  public enum Entry: Hashable, Sendable {
    case header(AlbumSection)
    /// Cards `first..<first+count` of the album entries.
    case cards(first: Int, count: Int)
  }

  public let entries: [Entry]
  public let rowHeight: Int

  public init() {
    entries = []
    rowHeight = 1
  }

  /// Lays out `albums` (in section order) `columns` cards wide.
  public init(albums: [AlbumEntry], columns: Int, rowHeight: Int) {
    let columns = max(1, columns)
    self.rowHeight = max(1, rowHeight)
    var entries: [Entry] = []
    var index = 0
    while index < albums.count {
      let section = albums[index].ref.section
      entries.append(.header(section))
      var end = index
      while end < albums.count && albums[end].ref.section == section { end += 1 }
      var first = index
      while first < end {
        let count = min(columns, end - first)
        entries.append(.cards(first: first, count: count))
        first += count
      }
      index = end
    }
    self.entries = entries
  }

  /// Rows an entry takes.
  public func height(of entry: Entry) -> Int {
    if case .header = entry { return 2 }
    return rowHeight
  }

  /// The cards entry holding album card `card`.
  public func entryIndex(ofCard card: Int) -> Int? {
    entries.firstIndex {
      if case .cards(let first, let count) = $0 { return card >= first && card < first + count }
      return false
    }
  }

  /// The entries that fit in `height` rows from `top` (one row kept for the last frame).
  public func visibleEntries(from top: Int, height: Int) -> Range<Int> {
    guard top < entries.count, height > 1 else {
      return min(top, entries.count)..<min(top, entries.count)
    }
    var used = 0
    var end = top
    while end < entries.count {
      let h = self.height(of: entries[end])
      if used + h + 1 > height { break }
      used += h
      end += 1
    }
    return top..<end
  }

  /// The top entry that keeps `target` in view, moving as little as possible from `top`; the
  /// section header comes along with a section's first row.
  public func top(keeping target: Int, from top: Int, height: Int) -> Int {
    guard target < entries.count else { return 0 }
    var wanted = target
    if target > 0, case .header = entries[target - 1] { wanted = target - 1 }
    var newTop = min(top, wanted)
    while newTop < target {
      if visibleEntries(from: newTop, height: height).contains(target) { break }
      newTop += 1
    }
    return max(0, newTop)
  }
}
