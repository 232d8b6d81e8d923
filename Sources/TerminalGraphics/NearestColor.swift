/// The palette entry nearest a 15-bit colour bin's centre, by the plain RGB distance
/// Δr² + Δg² + Δb² (what PSNR measures; the weighted 3·Δr² + 4·Δg² + 2·Δb² it replaced cost
/// 0.1–0.2 dB), found without looking at most of the palette.
///
/// The entries are kept sorted by green, and the search walks out from
/// the bin's green in both directions, stopping each way once green alone is farther than
/// the best match. A 256-colour photo palette needs a few dozen distances per bin instead of
/// 256; the linear search was half of the fast sixel encoder's dithering time on a detail
/// photo (perf, 2000×1100 px). Ties go to the lowest palette index, as the linear search
/// did, so the encoder's output is unchanged.
struct NearestColor {
  private let count: Int
  /// Per sorted position: red, green, blue and the palette index.
  private let red: UnsafeMutablePointer<Int32>
  private let green: UnsafeMutablePointer<Int32>
  private let blue: UnsafeMutablePointer<Int32>
  private let index: UnsafeMutablePointer<Int32>
  /// Per green value 0…255: the first sorted position whose green is at least it.
  private let start: UnsafeMutablePointer<Int32>

  /// Sorts `palette` (r, g, b triples, at least one).
  init(palette: [Int32]) {
    count = palette.count / 3
    red = .allocate(capacity: count)
    green = .allocate(capacity: count)
    blue = .allocate(capacity: count)
    index = .allocate(capacity: count)
    start = .allocate(capacity: 257)
    let order = (0..<count).sorted {
      (palette[$0 * 3 + 1], $0) < (palette[$1 * 3 + 1], $1)
    }
    for (position, k) in order.enumerated() {
      red[position] = palette[k * 3]
      green[position] = palette[k * 3 + 1]
      blue[position] = palette[k * 3 + 2]
      index[position] = Int32(k)
    }
    var position = 0
    for g in 0...256 {
      while position < count && green[position] < Int32(g) { position += 1 }
      start[g] = Int32(position)
    }
  }

  func release() {
    red.deallocate()
    green.deallocate()
    blue.deallocate()
    index.deallocate()
    start.deallocate()
  }

  /// The palette index nearest the centre of `bin` (5 bits each of r, g, b).
  func entry(toBin bin: Int) -> Int {
    let cr = Int32(bin >> 10) &* 8 &+ 4
    let cg = Int32((bin >> 5) & 31) &* 8 &+ 4
    let cb = Int32(bin & 31) &* 8 &+ 4
    var best = Int32.max
    var bestIndex = Int32.max
    // Wrapping arithmetic: every term is below 4·255², far inside Int32.
    @inline(__always) func consider(_ i: Int) {
      let dr = red[i] &- cr
      let dg = green[i] &- cg
      let db = blue[i] &- cb
      let d = dr &* dr &+ dg &* dg &+ db &* db
      if d < best || (d == best && index[i] < bestIndex) {
        best = d
        bestIndex = index[i]
      }
    }
    let first = Int(start[Int(cg)])
    var i = first
    while i < count {
      let dg = green[i] &- cg
      if dg &* dg > best { break }
      consider(i)
      i &+= 1
    }
    i = first &- 1
    while i >= 0 {
      let dg = cg &- green[i]
      if dg &* dg > best { break }
      consider(i)
      i &-= 1
    }
    return Int(bestIndex)
  }
}
