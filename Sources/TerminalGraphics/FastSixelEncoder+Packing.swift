/// Packing: the sixel stream itself, written from palette indices into a buffer sized once
/// for the worst case.
extension FastSixelEncoder {
  /// The DCS … ST stream: raster attributes, palette, then six-row bands.
  static func pack(_ indices: [UInt8], width: Int, height: Int, palette: [Int32]) -> [UInt8] {
    packHeader(width: width, height: height, palette: palette)
      + packBands(indices, width: width, height: height) + ControlSequence.stringTerminator
  }

  /// The DCS introducer, raster attributes and colour registers.
  static func packHeader(width: Int, height: Int, palette: [Int32]) -> [UInt8] {
    let colors = palette.count / 3
    var out = Writer(capacity: colors * 24 + 64)
    defer { out.release() }
    out.bytes(ControlSequence.sixelStart)
    out.number(width)
    out.byte(UInt8(ascii: ";"))
    out.number(height)
    for k in 0..<colors {
      out.byte(UInt8(ascii: "#"))
      out.number(k)
      out.bytes(Array(";2;".utf8))
      for c in 0..<3 {
        if c > 0 { out.byte(UInt8(ascii: ";")) }
        out.number((Int(palette[k * 3 + c]) * 100 + 127) / 255)
      }
    }
    return out.array
  }

  /// Six-row bands of palette indices, each ended by "-"; `height` rows of `width`.
  static func packBands(_ indices: [UInt8], width: Int, height: Int) -> [UInt8] {
    // Worst case per band: every pixel its own entry, each a gap run and a mask run of up
    // to 7 bytes ("!NNNNNc"), per colour "$#NNN", and "-".
    let bands = (height + 5) / 6
    let bound = bands * (6 * width * 14 + 256 * 6 + 1) + 16
    var out = Writer(capacity: bound)
    defer { out.release() }
    // Per colour: the columns where it appears in this band and their six-bit masks. The
    // colour's current column and mask stay in small tables (in L1) until the colour moves
    // to another column, so each pixel touches the big lists only when it starts an entry.
    let columns = UnsafeMutablePointer<Int32>.allocate(capacity: 256 * width)
    let masks = UnsafeMutablePointer<UInt8>.allocate(capacity: 256 * width)
    let used = UnsafeMutablePointer<Int>.allocate(capacity: 256)
    let present = UnsafeMutablePointer<Int>.allocate(capacity: 256)
    let lastColumn = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
    let mask = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    defer {
      columns.deallocate()
      masks.deallocate()
      used.deallocate()
      present.deallocate()
      lastColumn.deallocate()
      mask.deallocate()
    }
    used.initialize(repeating: 0, count: 256)
    lastColumn.initialize(repeating: -1, count: 256)
    mask.initialize(repeating: 0, count: 256)
    indices.withUnsafeBufferPointer { idx in
      var top = 0
      while top < height {
        let rows = min(6, height - top)
        var presentCount = 0
        for x in 0..<width {
          var p = top &* width &+ x
          let column = Int32(truncatingIfNeeded: x)
          for dy in 0..<rows {
            let c = Int(idx[p])
            p &+= width
            let bit = UInt8(truncatingIfNeeded: 1 << dy)
            if lastColumn[c] == column {
              mask[c] |= bit
              continue
            }
            let n = used[c]
            if n > 0 {
              masks[c &* width &+ n &- 1] = mask[c]
            } else {
              present[presentCount] = c
              presentCount += 1
            }
            columns[c &* width &+ n] = column
            used[c] = n &+ 1
            lastColumn[c] = column
            mask[c] = bit
          }
        }
        for k in 0..<presentCount {
          let c = present[k]
          let n = used[c]
          let base = c * width
          masks[base + n - 1] = mask[c]
          if k > 0 { out.byte(UInt8(ascii: "$")) }
          out.byte(UInt8(ascii: "#"))
          out.number(c)
          var position = 0
          var i = 0
          while i < n {
            let x = Int(columns[base + i])
            if x > position { out.run(63, count: x - position) }
            // Equal masks in consecutive columns make one run.
            let m = masks[base + i]
            var j = i + 1
            while j < n && columns[base + j] == Int32(x + j - i) && masks[base + j] == m { j += 1 }
            out.run(63 + m, count: j - i)
            position = x + (j - i)
            i = j
          }
          used[c] = 0
          lastColumn[c] = -1
        }
        out.byte(UInt8(ascii: "-"))
        top += 6
      }
    }
    return out.array
  }

  /// Appends bytes to a buffer allocated once at its worst-case size (no checks per byte).
  struct Writer {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var count = 0

    init(capacity: Int) {
      self.capacity = capacity
      base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    func release() { base.deallocate() }

    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    mutating func byte(_ b: UInt8) {
      base[count] = b
      count += 1
    }

    mutating func bytes(_ b: [UInt8]) {
      for x in b { byte(x) }
    }

    /// A non-negative decimal number.
    mutating func number(_ n: Int) {
      if n < 10 {
        byte(UInt8(48 + n))
        return
      }
      var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
      var value = n
      var length = 0
      withUnsafeMutableBytes(of: &digits) { d in
        while value > 0 && length < 6 {
          d[length] = UInt8(48 + value % 10)
          value /= 10
          length += 1
        }
        for i in stride(from: length - 1, through: 0, by: -1) { byte(d[i]) }
      }
    }

    /// `count` copies of a sixel character, as a repeat introducer when that is shorter.
    mutating func run(_ character: UInt8, count: Int) {
      if count > 3 {
        byte(UInt8(ascii: "!"))
        number(count)
        byte(character)
      } else {
        for _ in 0..<count { byte(character) }
      }
    }
  }
}
