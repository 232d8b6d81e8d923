/// Where the tab bar and the segment bar put their items: shared by the view (to draw) and
/// the reducer (to hit-test clicks).
public enum BarLayout {
  /// The columns of each tab's title on row 0 ("[Library]" when active, " Albums " else).
  public static func tabs() -> [(tab: Tab, columns: Range<Int>)] {
    var column = 1
    return Tab.allCases.map { tab in
      let width = tab.title.count + 2
      defer { column += width + 2 }
      return (tab, column..<(column + width))
    }
  }

  /// The columns of each segment's title on row 1 of the Library tab.
  public static func segments() -> [(segment: LibrarySegment, columns: Range<Int>)] {
    var column = 1
    return LibrarySegment.allCases.map { segment in
      let width = segment.title.count + 2
      defer { column += width + 1 }
      return (segment, column..<(column + width))
    }
  }

  /// The first column after the segment titles.
  public static var segmentsEnd: Int { (segments().last?.columns.upperBound ?? 0) + 1 }
}
