import CImageKernels

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
  /// colour's entries lie together in column order; each colour's entries are cut into nodes
  /// at gaps, and the nodes laid along the band left to right, several per pass, "$" only
  /// between passes (libsixel's packing). The loop is C (`lb_sixel_pack_bands`), writing
  /// into a buffer of the worst case's size (only the pages written are ever touched).
  static func packBands(_ indices: [UInt8], width: Int, height: Int) -> [UInt8] {
    guard width > 0, height > 0 else { return [] }
    let bound = lb_sixel_pack_bound(width, height)
    let out = UnsafeMutablePointer<UInt8>.allocate(capacity: bound)
    defer { out.deallocate() }
    let written = indices.withUnsafeBufferPointer {
      lb_sixel_pack_bands($0.baseAddress, width, height, Self.nodeGap, out)
    }
    return Array(UnsafeBufferPointer(start: out, count: written))
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
