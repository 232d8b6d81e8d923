extension PlaceTable {
  /// The header's counts, checked against each other and the file's size before any
  /// section is read.
  struct Layout {
    var version: UInt32
    var headerSize: Int
    var fileSize: Int
    var places: Int
    var countries: Int
    var regions: Int
    var rows: Int
    var columns: Int
    var strings: Int

    /// Why the header cannot describe a table of `actualSize` bytes, or nil.
    func problem(actualSize: Int) -> String? {
      guard version == PlaceTable.version else {
        return "version \(version), this Lightbox reads version \(PlaceTable.version)"
      }
      guard headerSize == PlaceTable.headerSize else { return "header of \(headerSize) bytes" }
      guard fileSize == actualSize else {
        return "\(actualSize) bytes, the header says \(fileSize) (cut short?)"
      }
      // The grid is 0.5°: anything else is a table this reader would index wrongly.
      guard rows == 360, columns == 720 else { return "a grid of \(rows)×\(columns) cells" }
      // 16-bit indices (0xFFFF is "no region").
      guard countries <= 0xFFFF, regions < 0xFFFF else { return "too many regions or countries" }
      let body =
        (rows * columns + 1) * 4 + places * PlaceTable.placeSize
        + (regions + countries) * PlaceTable.entrySize + strings
      let padded = PlaceTable.headerSize + body + (4 - body % 4) % 4
      guard padded == actualSize else {
        return "sections of \(padded) bytes in a file of \(actualSize)"
      }
      return nil
    }
  }

  /// The first record that points outside the table, or nil: cell starts in order and
  /// within the places, every name in the string pool, every region and country index in
  /// its table, every position on the globe.
  func validate() -> String? {
    if let problem = gridProblem() { return problem }
    func stringFits(_ offset: UInt32) -> Bool {
      let offset = Int(offset)
      guard offset < stringsSize else { return false }
      let count = Int(base.load(fromByteOffset: stringsOffset + offset, as: UInt8.self))
      return offset + 1 + count <= stringsSize
    }
    for i in 0..<placeCount {
      let offset = placesOffset + i * Self.placeSize
      let (latitude, longitude) = (i32(offset), i32(offset + 4))
      // Ranges, not `abs`: the magnitude of Int32.min overflows, a trap (found by fuzzing).
      guard (-9_000_000...9_000_000).contains(latitude),
        (-18_000_000...18_000_000).contains(longitude)
      else {
        return "place \(i) off the globe"
      }
      let region = u16(offset + 16)
      guard stringFits(u32(offset + 12)), region == Self.noRegion || Int(region) < regionCount,
        Int(u16(offset + 18)) < countryCount
      else { return "place \(i) points outside the table" }
    }
    for i in 0..<regionCount {
      let offset = regionsOffset + i * Self.entrySize
      guard stringFits(u32(offset)), Int(u16(offset + 4)) < countryCount else {
        return "region \(i) points outside the table"
      }
    }
    for i in 0..<countryCount where !stringFits(u32(countriesOffset + i * Self.entrySize + 4)) {
      return "country \(i) points outside the table"
    }
    return nil
  }

  /// Why the grid does not index the places, or nil: its starts must rise from 0 to
  /// `placeCount` without falling (then each one is a place index).
  ///
  /// The 259,201 starts are compared eight neighbouring pairs at a time with SIMD compares,
  /// which coverage instrumentation does not trace: the `place-table` fuzz target otherwise
  /// spent three quarters of its time tracing two compares a cell (and opening the table
  /// takes a few vector instructions per 32 bytes). The walk that names the first bad cell
  /// runs only on a grid already found bad.
  func gridProblem() -> String? {
    let count = rows * columns + 1
    var fell = true
    #if _endian(little)
      var falls = SIMDMask<SIMD8<Int32>>(repeating: false)
      var i = 0
      while i + 9 <= count {
        let at = cellsOffset + i * 4
        let starts = base.loadUnaligned(fromByteOffset: at, as: SIMD8<UInt32>.self)
        let next = base.loadUnaligned(fromByteOffset: at + 4, as: SIMD8<UInt32>.self)
        falls .|= next .< starts
        i += 8
      }
      fell = any(falls)
      while i + 1 < count {
        if u32(cellsOffset + (i + 1) * 4) < u32(cellsOffset + i * 4) { fell = true }
        i += 1
      }
    #endif
    if !fell, u32(cellsOffset) == 0, Int(u32(cellsOffset + (count - 1) * 4)) == placeCount {
      return nil
    }
    var previous = 0
    for i in 0..<count {
      let start = Int(u32(cellsOffset + i * 4))
      if start < previous || start > placeCount { return "grid cell \(i) out of order" }
      previous = start
    }
    return "grid does not cover the places"
  }
}
