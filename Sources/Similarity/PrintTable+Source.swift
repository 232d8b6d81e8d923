import PhotoModel

extension PrintTable {
  /// The table as grouping reads it, with the paths it asks for on a tie and the cameras'
  /// order by name.
  struct Source: PrintSource {
    let table: PrintTable
    let path: (Int) -> String
    /// Each camera number's place among the names in `String` order.
    let cameraRanks: [Int32]

    init(table: PrintTable, path: @escaping (Int) -> String) {
      self.table = table
      self.path = path
      var ranks = [Int32](repeating: 0, count: table.cameraNames.count)
      let names = table.cameraNames
      for (rank, number) in names.indices.sorted(by: { names[$0] < names[$1] }).enumerated() {
        ranks[number] = Int32(rank)
      }
      cameraRanks = ranks
    }

    var count: Int { table.count }

    func digestWord(_ i: Int) -> UInt64? { table.digests[4 * i] }

    func sameDigest(_ i: Int, _ j: Int) -> Bool {
      let d = table.digests
      return d[4 * i] == d[4 * j] && d[4 * i + 1] == d[4 * j + 1]
        && d[4 * i + 2] == d[4 * j + 2] && d[4 * i + 3] == d[4 * j + 3]
    }

    func hash(_ i: Int) -> PerceptualHash? {
      table.flags[i] & 1 != 0
        ? PerceptualHash(dHash: table.dHashes[i], pHash: table.pHashes[i]) : nil
    }

    func flatColour(_ i: Int) -> RGB? {
      let c = table.flatColours[i]
      guard c != PrintTable.none else { return nil }
      return RGB(
        UInt8(truncatingIfNeeded: c >> 16), UInt8(truncatingIfNeeded: c >> 8),
        UInt8(truncatingIfNeeded: c))
    }

    func hasCamera(_ i: Int) -> Bool { table.cameras[i] >= 0 }
    func sameCamera(_ i: Int, _ j: Int) -> Bool { table.cameras[i] == table.cameras[j] }

    func cameraPrecedes(_ i: Int, _ j: Int) -> Bool {
      cameraRanks[Int(table.cameras[i])] < cameraRanks[Int(table.cameras[j])]
    }

    func pixelSize(_ i: Int) -> PixelSize? {
      let number = table.sizes[i]
      return number < 0 ? nil : table.pixelSizes[Int(number)]
    }

    func shotMilliseconds(_ i: Int) -> Int64? { table.flags[i] & 2 != 0 ? table.shots[i] : nil }

    func pathPrecedes(_ i: Int, _ j: Int) -> Bool { path(i) < path(j) }
  }
}
