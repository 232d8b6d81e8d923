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
  ///
  /// Per band, each column's distinct colours and their six-bit masks are gathered as
  /// entries (at most six per column), then grouped by colour with a counting sort, so each
  /// colour's entries lie together in column order. Everything a band touches is a few
  /// arrays of six entries per column (about 70 KB at 2000 columns), where per-colour lists
  /// of the whole width (2.5 MB) had every pixel write far apart.
  static func packBands(_ indices: [UInt8], width: Int, height: Int) -> [UInt8] {
    // Worst case per band: every pixel its own entry and node, each a gap run and a mask
    // run of up to 7 bytes ("!NNNNNc"), "#NNN" and a "$", and "-".
    let bands = (height + 5) / 6
    let bound = bands * (6 * width * 19 + 1) + 16
    var out = Writer(capacity: bound)
    defer { out.release() }
    let capacity = 6 * width
    let entryColor = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    let entryColumn = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    let entryMask = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    let sortedColumn = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    let sortedMask = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    let count = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
    let next = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
    let present = UnsafeMutablePointer<Int>.allocate(capacity: 256)
    let columnColors = UnsafeMutablePointer<UInt8>.allocate(capacity: 6)
    let columnMasks = UnsafeMutablePointer<UInt8>.allocate(capacity: 6)
    let nodeColor = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    let nodeFirst = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    let nodeEnd = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    let pending = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    let columnStart = UnsafeMutablePointer<Int32>.allocate(capacity: width + 1)
    defer {
      for pointer in [entryColumn, sortedColumn, count, next, nodeFirst, nodeEnd, pending] {
        pointer.deallocate()
      }
      columnStart.deallocate()
      for pointer in [entryColor, entryMask, sortedMask, columnColors, columnMasks, nodeColor] {
        pointer.deallocate()
      }
      present.deallocate()
    }
    count.initialize(repeating: 0, count: 256)
    indices.withUnsafeBufferPointer { idx in
      var top = 0
      while top < height {
        let rows = min(6, height - top)
        var presentCount = 0
        var entries = 0
        for x in 0..<width {
          // The column's distinct colours (first seen first) and the rows each covers.
          var p = top &* width &+ x
          var distinct = 0
          for dy in 0..<rows {
            let c = idx[p]
            p &+= width
            let bit = UInt8(truncatingIfNeeded: 1 << dy)
            var j = 0
            while j < distinct && columnColors[j] != c { j &+= 1 }
            if j < distinct {
              columnMasks[j] |= bit
            } else {
              columnColors[distinct] = c
              columnMasks[distinct] = bit
              distinct &+= 1
            }
          }
          for j in 0..<distinct {
            let c = columnColors[j]
            entryColor[entries] = c
            entryColumn[entries] = Int32(truncatingIfNeeded: x)
            entryMask[entries] = columnMasks[j]
            entries &+= 1
            if count[Int(c)] == 0 {
              present[presentCount] = Int(c)
              presentCount &+= 1
            }
            count[Int(c)] &+= 1
          }
        }
        // Colours in order of first appearance, each one's entries in column order.
        var offset: Int32 = 0
        for k in 0..<presentCount {
          next[present[k]] = offset
          offset &+= count[present[k]]
        }
        for i in 0..<entries {
          let c = Int(entryColor[i])
          let position = Int(next[c])
          sortedColumn[position] = entryColumn[i]
          sortedMask[position] = entryMask[i]
          next[c] = Int32(truncatingIfNeeded: position &+ 1)
        }
        // Nodes: each colour's entries cut at long gaps. They are then laid along the band
        // left to right, as many per pass as fit without overlapping, with "$" only between
        // passes (libsixel's packing): a colour that starts where another ends costs "#c",
        // not "$" and a skip from the left edge.
        var nodes = 0
        var start = 0
        for k in 0..<presentCount {
          let c = present[k]
          let end = start + Int(count[c])
          count[c] = 0
          var begin = start
          for i in (start + 1)...end
          where i == end || sortedColumn[i] - sortedColumn[i - 1] > Self.nodeGap {
            nodeColor[nodes] = UInt8(truncatingIfNeeded: c)
            nodeFirst[nodes] = Int32(truncatingIfNeeded: begin)
            nodeEnd[nodes] = Int32(truncatingIfNeeded: i)
            nodes += 1
            begin = i
          }
          start = end
        }
        // Nodes in order of their first column (a stable counting sort over columns).
        for x in 0...width { columnStart[x] = 0 }
        for n in 0..<nodes { columnStart[Int(sortedColumn[Int(nodeFirst[n])]) + 1] += 1 }
        for x in 0..<width { columnStart[x + 1] += columnStart[x] }
        for n in 0..<nodes {
          let x = Int(sortedColumn[Int(nodeFirst[n])])
          pending[Int(columnStart[x])] = Int32(truncatingIfNeeded: n)
          columnStart[x] += 1
        }
        var remaining = nodes
        var color = -1
        var pass = 0
        while remaining > 0 {
          if pass > 0 { out.byte(UInt8(ascii: "$")) }
          pass += 1
          var position = 0
          var kept = 0
          for r in 0..<remaining {
            let n = Int(pending[r])
            let first = Int(nodeFirst[n])
            guard Int(sortedColumn[first]) >= position else {
              pending[kept] = Int32(truncatingIfNeeded: n)
              kept += 1
              continue
            }
            let c = Int(nodeColor[n])
            if c != color {
              out.byte(UInt8(ascii: "#"))
              out.number(c)
              color = c
            }
            let end = Int(nodeEnd[n])
            var i = first
            while i < end {
              let x = Int(sortedColumn[i])
              if x > position { out.run(63, count: x - position) }
              // Equal masks in consecutive columns make one run.
              let m = sortedMask[i]
              var j = i + 1
              while j < end && sortedColumn[j] == Int32(x + j - i) && sortedMask[j] == m { j += 1 }
              out.run(63 + m, count: j - i)
              position = x + (j - i)
              i = j
            }
          }
          remaining = kept
        }
        out.byte(UInt8(ascii: "-"))
        top += 6
      }
    }
    return out.array
  }

  /// Longest run of empty columns kept inside one node; longer gaps split a colour's
  /// entries so another colour's node can fill them on the same pass.
  static let nodeGap: Int32 = 6

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
