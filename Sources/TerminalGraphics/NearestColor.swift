import CImageKernels

/// The palette entry nearest a 15-bit colour bin's centre, by the plain RGB distance
/// Δr² + Δg² + Δb² (what PSNR measures; the weighted 3·Δr² + 4·Δg² + 2·Δb² it replaced cost
/// 0.1–0.2 dB), found without looking at most of the palette.
///
/// The entries are kept sorted by green, and the search walks out from the bin's green in
/// both directions, stopping each way once green alone is farther than the best match. A
/// 256-colour photo palette needs a few dozen distances per bin instead of 256; the linear
/// search was half of the fast sixel encoder's dithering time on a detail photo (perf,
/// 2000×1100 px). Ties go to the lowest palette index, as the linear search did. The search
/// itself is C (`lb_sixel_nearest_entry`), shared with the dithering loop that calls it.
struct NearestColor {
  private let table: UnsafeMutablePointer<lb_sixel_nearest>

  /// Sorts `palette` (r, g, b triples, 1…256 of them).
  init(palette: [Int32]) {
    table = .allocate(capacity: 1)
    palette.withUnsafeBufferPointer {
      lb_sixel_nearest_init(table, $0.baseAddress, min(256, $0.count / 3))
    }
  }

  func release() { table.deallocate() }

  /// The palette index nearest the centre of `bin` (5 bits each of r, g, b).
  func entry(toBin bin: Int) -> Int {
    Int(lb_sixel_nearest_entry(table, Int32(truncatingIfNeeded: bin)))
  }

  /// The palette index nearest the colour `red`, `green`, `blue` (0…255).
  func entry(red: Int32, green: Int32, blue: Int32) -> Int {
    Int(lb_sixel_nearest_color(table, red, green, blue))
  }
}
