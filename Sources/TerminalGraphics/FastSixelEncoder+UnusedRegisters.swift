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
    let count = palette.count / 3
    // Uses: the nodes each colour would start in the bands (a run of columns holding it,
    // gaps up to `nodeGap` bridged, as `packBands` cuts them), each one a `#` switch at
    // most; a colour used at all starts at least one. Raw pointers: this reads every pixel.
    var uses = [Int](repeating: 0, count: 256)
    let last = UnsafeMutablePointer<Int>.allocate(capacity: 256)
    defer { last.deallocate() }
    let gap = Int(Self.nodeGap) + 1
    uses.withUnsafeMutableBufferPointer { usesBuffer in
      guard let counts = usesBuffer.baseAddress, width > 0 else { return }
      for part in parts {
        part.withUnsafeBufferPointer { buffer in
          guard let p = buffer.baseAddress else { return }
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
    }
    // Most used first; equal counts keep their order, so the result is deterministic.
    let order = (0..<count).filter { uses[$0] > 0 }.sorted {
      uses[$0] != uses[$1] ? uses[$0] > uses[$1] : $0 < $1
    }
    if order == Array(0..<count) { return (palette, parts) }
    var renumber = [UInt8](repeating: 0, count: 256)
    var kept: [Int32] = []
    kept.reserveCapacity(order.count * 3)
    for (new, old) in order.enumerated() {
      renumber[old] = UInt8(new)
      kept += palette[(old * 3)..<(old * 3 + 3)]
    }
    let renumbered = parts.map { part in part.map { renumber[Int($0)] } }
    return (kept, renumbered)
  }
}
