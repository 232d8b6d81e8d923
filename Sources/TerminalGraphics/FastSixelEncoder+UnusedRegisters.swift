extension FastSixelEncoder {
  /// `palette` without the registers no index uses, the rest numbered from the most used
  /// down, and `parts`' indices (rows of `width`) renumbered to match.
  ///
  /// The palette comes from a subsample and the dithering maps each bin to its nearest
  /// register, so some registers end up unused: `abc_color_irot_alpha_irot.avif`'s tile
  /// defined 120 and used 54, and each definition costs its ~14 bytes of the stream. The
  /// order matters too: every colour switch in a band is `#` and the register's number, so
  /// the most used colours get the one- and two-digit numbers (a photo's detail picture
  /// switches colour ~20,000 times).
  static func withoutUnusedRegisters(palette: [Int32], parts: [[UInt8]], width: Int) -> (
    palette: [Int32], parts: [[UInt8]]
  ) {
    var uses = [Int](repeating: 0, count: 256)
    for part in parts {
      for (c, n) in nodeStarts(part, width: width).enumerated() { uses[c] += n }
    }
    let order = registerOrder(palette: palette, uses: uses)
    guard let table = order.table else { return (palette, parts) }
    return (order.palette, parts.map { renumber($0, by: table) })
  }

  /// `palette` without the registers whose `uses` are 0, the rest numbered from the most
  /// used down, and the table from old numbers to new (nil when nothing moves).
  static func registerOrder(palette: [Int32], uses: [Int]) -> (
    palette: [Int32], table: [UInt8]?
  ) {
    let count = palette.count / 3
    // Most used first; equal counts keep their order, so the result is deterministic.
    let order = (0..<count).filter { uses[$0] > 0 }.sorted {
      uses[$0] != uses[$1] ? uses[$0] > uses[$1] : $0 < $1
    }
    if order == Array(0..<count) { return (palette, nil) }
    var table = [UInt8](repeating: 0, count: 256)
    var kept: [Int32] = []
    kept.reserveCapacity(order.count * 3)
    for (new, old) in order.enumerated() {
      table[old] = UInt8(new)
      kept += palette[(old * 3)..<(old * 3 + 3)]
    }
    return (kept, table)
  }

  /// `indices` with every number replaced through `table`.
  static func renumber(_ indices: [UInt8], by table: [UInt8]) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: indices.count) { out, initialized in
      indices.withUnsafeBufferPointer { source in
        table.withUnsafeBufferPointer { map in
          for i in 0..<source.count { out[i] = map[Int(source[i])] }
        }
      }
      initialized = indices.count
    }
  }

  /// For each register, the nodes its colour starts in the six-row bands of `indices` (rows
  /// of `width`): runs of columns holding it, gaps up to `nodeGap` bridged, as `packBands`
  /// cuts them; each is a `#` switch at most, and a colour used at all starts at least one.
  /// Raw pointers: this reads every pixel.
  static func nodeStarts(_ indices: [UInt8], width: Int) -> [Int] {
    var uses = [Int](repeating: 0, count: 256)
    guard width > 0 else { return uses }
    let last = UnsafeMutablePointer<Int>.allocate(capacity: 256)
    defer { last.deallocate() }
    let gap = Int(Self.nodeGap) + 1
    uses.withUnsafeMutableBufferPointer { usesBuffer in
      indices.withUnsafeBufferPointer { buffer in
        guard let counts = usesBuffer.baseAddress, let p = buffer.baseAddress else { return }
        let rows = buffer.count / width
        var band = 0
        while band < rows {
          last.initialize(repeating: -gap - 1, count: 256)
          let bandRows = min(6, rows - band)
          let base = p + band * width
          var x = 0
          while x < width {
            var r = 0
            while r < bandRows {
              let c = Int(base[r * width + x])
              if x - last[c] > gap { counts[c] += 1 }
              last[c] = x
              r += 1
            }
            x += 1
          }
          band += 6
        }
      }
    }
    return uses
  }
}
