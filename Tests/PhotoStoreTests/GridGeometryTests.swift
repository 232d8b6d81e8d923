import XCTest

@testable import PhotoStore

final class GridGeometryTests: XCTestCase {
  func testColumnsFollowTheWidth() {
    XCTAssertEqual(GridGeometry(terminal: TerminalSize(columns: 80, rows: 24)).columns, 5)
    XCTAssertEqual(GridGeometry(terminal: TerminalSize(columns: 120, rows: 40)).columns, 7)
    XCTAssertEqual(GridGeometry(terminal: TerminalSize(columns: 200, rows: 60)).columns, 13)
  }

  func testTilesDoNotOverlapAndStayInsideTheArea() {
    let g = GridGeometry(terminal: TerminalSize(columns: 100, rows: 30))
    var covered = Set<Int>()
    for r in 0..<g.visibleRows {
      for c in 0..<g.columns {
        let rect = g.tileRect(visibleRow: r, column: c)
        XCTAssertGreaterThanOrEqual(rect.row - 1, g.area.row)
        XCTAssertLessThanOrEqual(rect.row + rect.height, g.area.row + g.area.height - 1)
        XCTAssertGreaterThanOrEqual(rect.column - 1, 0)
        XCTAssertLessThan(rect.column + rect.width, 100)
        for y in rect.row..<(rect.row + rect.height) {
          for x in rect.column..<(rect.column + rect.width) {
            XCTAssertTrue(covered.insert(y * 1000 + x).inserted)
          }
        }
      }
    }
  }

  func testTinyTerminalShrinksTilesOrShowsNone() {
    let tiny = GridGeometry(terminal: TerminalSize(columns: 20, rows: 6))
    XCTAssertEqual(tiny.tile.rows, 1)
    XCTAssertGreaterThan(tiny.columns, 0)
    let none = GridGeometry(terminal: TerminalSize(columns: 3, rows: 3))
    XCTAssertEqual(none.tilesPerPage, 0)
    XCTAssertEqual(none.topRow(keeping: 5, from: 0, count: 10), 0)
  }

  func testTopRowMovesAsLittleAsPossible() {
    let g = GridGeometry(terminal: TerminalSize(columns: 80, rows: 24))  // 5 columns, 2 rows
    XCTAssertEqual(g.topRow(keeping: 12, from: 0, count: 50), 1)
    XCTAssertEqual(g.topRow(keeping: 12, from: 2, count: 50), 2)
    XCTAssertEqual(g.topRow(keeping: 3, from: 2, count: 50), 0)
    XCTAssertEqual(g.topRow(keeping: 49, from: 0, count: 50), 8)
  }
}
