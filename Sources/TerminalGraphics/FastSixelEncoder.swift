import CImageKernels
import Dispatch
import Pixels
import PhotoModel

/// Lightbox's own sixel encoder, used for every picture (tiles and the detail view's photo):
/// about ten times faster than libsixel at the same size (libsixel needed ~0.5 s for a
/// 2000×1040 photo, which the 80 ms budget of a full-screen detail view cannot hold), and
/// above chafa's PSNR at fewer bytes on the shared corpus (Benchmarks/sixel, `--corpus`).
///
/// - Palette: median cut over a 15-bit (5 bits per channel) histogram of a subsample of at
///   most ~64k pixels, then two k-means steps over the histogram; each colour is the mean
///   of its pixels, rounded to the percent steps sixel colour registers have, so dithering
///   works against what the terminal shows.
/// - Mapping: Floyd–Steinberg error diffusion at half strength (full strength cost ~2 dB
///   and ~10 % more bytes; half still keeps a sky's blurred error at a fifth of no
///   dithering's), nearest colours cached per 15-bit bin.
/// - Packing: per six-row band, each colour's columns are collected in one pass over the
///   band, cut into nodes at gaps, and the nodes laid along the band left to right, several
///   per pass (libsixel's packing); the cost follows the pixels, not colours × width.
/// - A grey picture gets up to 128 greys fitted to its histogram, mapped without dithering
///   (`greyLevels`); a picture of at most `colors` shown colours gets each its own register,
///   undithered (`exactColors`).
/// - Large pictures are mapped and packed as two halves on two threads (split at a band
///   boundary; the lower half's dithering starts without the upper half's last errors,
///   which no one can see in a photo), halving the detail view's wait on two cores.
/// - The palette is Swift (it reads a subsample); the mapping and packing, which touch every
///   pixel, are C in CImageKernels (`lb_sixel_dither`, `lb_sixel_pack_bands`), byte for byte
///   what the Swift loops wrote, ~13 % faster (docs/benchmarks.md, the loupe).
public enum FastSixelEncoder {
  /// Encodes an opaque RGBA bitmap (alpha ignored) with at most `colors` registers (2…256);
  /// only `rows` of it when given (a crop without a copy).
  public static func encode(
    _ bitmap: Bitmap, colors: Int, cell: PixelSize, rows: Range<Int>? = nil
  ) -> Result<SixelImage, SixelEncoder.EncodeError> {
    let width = bitmap.width
    let rows = (rows ?? 0..<bitmap.height).clamped(to: 0..<max(0, bitmap.height))
    let height = rows.count
    guard width > 0, height > 0 else {
      return .failure(.init("cannot encode an empty image (\(width)×\(height))"))
    }
    guard width <= SixelEncoder.maxSide, height <= SixelEncoder.maxSide,
      bitmap.pixels.count >= width * bitmap.height * 4
    else {
      return .failure(.init("image too large for sixel (\(width)×\(height))"))
    }
    let size = PixelSize(width: width, height: height)
    // A grey picture first: its greys fitted cost fewer bytes than every grey kept.
    if let exact =
      Self.greyLevels(of: bitmap, rows: rows, levels: min(max(colors, 2), Self.greyLevelCount))
      ?? Self.exactColors(of: bitmap, rows: rows, colors: min(max(colors, 2), 256))
    {
      let used = Self.withoutUnusedRegisters(
        palette: exact.palette, parts: [exact.indices], width: width)
      var bytes = Self.packHeader(width: width, height: height, palette: used.palette)
      bytes += Self.packBands(used.parts[0], width: width, height: height)
      bytes += ControlSequence.stringTerminator
      return .success(
        SixelImage(
          bytes: bytes, pixelSize: size, cellSize: SixelImage.cells(covering: size, cell: cell),
          colors: used.palette.count / 3))
    }
    let (palette, means) = Self.paletteAndMeans(
      of: bitmap, rows: rows, colors: min(max(colors, 2), 256))
    // Two halves when each is worth a thread (a detail photo, not a tile).
    let middle = height / 12 * 6
    let ranges =
      width * height >= Self.parallelPixels && middle > 0
      ? [
        rows.lowerBound..<(rows.lowerBound + middle), (rows.lowerBound + middle)..<rows.upperBound,
      ]
      : [rows]
    let dithered = BandParts(count: ranges.count, empty: [UInt8]())
    defer { dithered.release() }
    let starts = BandParts(count: ranges.count, empty: [Int]())
    defer { starts.release() }
    DispatchQueue.concurrentPerform(iterations: ranges.count) { i in
      let indices = Self.dither(bitmap, rows: ranges[i], palette: palette, means: means)
      // Counted here, on the part's own thread, while its indices are in the cache.
      starts.store(Self.nodeStarts(indices, width: width), at: i)
      dithered.store(indices, at: i)
    }
    var uses = [Int](repeating: 0, count: 256)
    for i in 0..<ranges.count {
      for (c, n) in starts.item(i).enumerated() { uses[c] += n }
    }
    let used = Self.registerOrder(palette: palette, uses: uses)
    let parts = BandParts(count: ranges.count, empty: [UInt8]())
    defer { parts.release() }
    DispatchQueue.concurrentPerform(iterations: ranges.count) { i in
      let indices = used.table.map { Self.renumber(dithered.item(i), by: $0) } ?? dithered.item(i)
      parts.store(Self.packBands(indices, width: width, height: ranges[i].count), at: i)
    }
    var bytes = Self.packHeader(width: width, height: height, palette: used.palette)
    for i in 0..<ranges.count { bytes += parts.item(i) }
    bytes += ControlSequence.stringTerminator
    return .success(
      SixelImage(
        bytes: bytes, pixelSize: size, cellSize: SixelImage.cells(covering: size, cell: cell),
        colors: used.palette.count / 3))
  }

  // MARK: Palette

  /// Palette as r, g, b triples (already at the terminal's percent steps).
  static func palette(of bitmap: Bitmap, rows: Range<Int>, colors: Int) -> [Int32] {
    paletteAndMeans(of: bitmap, rows: rows, colors: colors).palette
  }

  /// The palette, and for every 15-bit bin the subsample holds, the bin and its pixels' mean
  /// colour (quads: bin, r, g, b) for the dithering to map the bin by (`dither`).
  static func paletteAndMeans(of bitmap: Bitmap, rows: Range<Int>, colors: Int) -> (
    palette: [Int32], means: [Int32]
  ) {
    let width = bitmap.width
    let height = rows.count
    let step = max(1, Int((Double(width * height) / 65_536).squareRoot().rounded(.up)))
    var count = [Int32](repeating: 0, count: 32_768)
    var sums = [Int64](repeating: 0, count: 32_768 * 3)
    bitmap.pixels.withUnsafeBufferPointer { px in
      var y = 0
      while y < height {
        var x = 0
        while x < width {
          let i = ((rows.lowerBound + y) * width + x) * 4
          let r = Int(px[i])
          let g = Int(px[i + 1])
          let b = Int(px[i + 2])
          let bin = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
          count[bin] &+= 1
          sums[bin * 3] &+= Int64(r)
          sums[bin * 3 + 1] &+= Int64(g)
          sums[bin * 3 + 2] &+= Int64(b)
          x += step
        }
        y += step
      }
    }
    var bins: [Int32] = []
    var means: [Int32] = []
    for bin in 0..<32_768 where count[bin] > 0 {
      bins.append(Int32(bin))
      let n = Int64(count[bin])
      means.append(Int32(bin))
      for c in 0..<3 { means.append(Int32((sums[bin * 3 + c] + n / 2) / n)) }
    }
    // Boxes over `bins` (ranges), split at the weighted median of their widest channel.
    struct Box {
      var lo: Int
      var hi: Int
      var pixels: Int64
      var extent: Int
      var channel: Int
    }
    func channel(_ bin: Int32, _ c: Int) -> Int { Int(bin >> Int32(10 - 5 * c)) & 31 }
    func makeBox(_ lo: Int, _ hi: Int) -> Box {
      var low = [31, 31, 31]
      var high = [0, 0, 0]
      var pixels: Int64 = 0
      for k in lo..<hi {
        let bin = bins[k]
        pixels += Int64(count[Int(bin)])
        for c in 0..<3 {
          let v = channel(bin, c)
          low[c] = min(low[c], v)
          high[c] = max(high[c], v)
        }
      }
      var widest = 0
      for c in 1..<3 where high[c] - low[c] > high[widest] - low[widest] { widest = c }
      return Box(
        lo: lo, hi: hi, pixels: pixels, extent: high[widest] - low[widest], channel: widest)
    }
    var boxes = bins.isEmpty ? [] : [makeBox(0, bins.count)]
    while boxes.count < colors {
      // The box whose split helps most: wide and full of pixels.
      var best = -1
      var bestScore: Int64 = 0
      for (i, box) in boxes.enumerated() where box.hi - box.lo > 1 && box.extent > 0 {
        let score = Int64(box.extent) * box.pixels
        if score > bestScore {
          bestScore = score
          best = i
        }
      }
      guard best >= 0 else { break }
      let box = boxes[best]
      let c = box.channel
      bins[box.lo..<box.hi].sort { channel($0, c) < channel($1, c) }
      var seen: Int64 = 0
      var cut = box.lo + 1
      for k in box.lo..<(box.hi - 1) {
        seen += Int64(count[Int(bins[k])])
        cut = k + 1
        if seen * 2 >= box.pixels { break }
      }
      boxes[best] = makeBox(box.lo, cut)
      boxes.append(makeBox(cut, box.hi))
    }
    var palette: [Int32] = []
    palette.reserveCapacity(boxes.count * 3)
    for box in boxes {
      var total: Int64 = 0
      var rgb: [Int64] = [0, 0, 0]
      for k in box.lo..<box.hi {
        let bin = Int(bins[k])
        total += Int64(count[bin])
        for c in 0..<3 { rgb[c] += sums[bin * 3 + c] }
      }
      for c in 0..<3 {
        palette.append(Self.shownLevel(Int((rgb[c] + total / 2) / max(1, total))))
      }
    }
    if palette.isEmpty { return ([0, 0, 0], means) }
    return (refine(palette, bins: bins, count: count, sums: sums), means)
  }

  /// Lloyd (k-means) iterations over the histogram's bins: each colour moves to the mean
  /// of the pixels whose bins are nearest it. Median cut's boxes are cut on one channel at a
  /// time; this pulls the colours to where the pixels are (+0.5 to 1 dB on photos).
  static func refine(_ start: [Int32], bins: [Int32], count: [Int32], sums: [Int64]) -> [Int32] {
    var palette = start
    let k = palette.count / 3
    var total = [Int64](repeating: 0, count: k)
    var acc = [Int64](repeating: 0, count: k * 3)
    for _ in 0..<Self.refineSteps {
      let nearest = NearestColor(palette: palette)
      defer { nearest.release() }
      for i in 0..<k { total[i] = 0 }
      for i in 0..<(k * 3) { acc[i] = 0 }
      for bin in bins {
        let b = Int(bin)
        let i = nearest.entry(toBin: b)
        total[i] += Int64(count[b])
        acc[i * 3] += sums[b * 3]
        acc[i * 3 + 1] += sums[b * 3 + 1]
        acc[i * 3 + 2] += sums[b * 3 + 2]
      }
      for i in 0..<k where total[i] > 0 {
        for c in 0..<3 {
          palette[i * 3 + c] = Self.shownLevel(Int((acc[i * 3 + c] + total[i] / 2) / total[i]))
        }
      }
    }
    return palette
  }

  /// What the terminal shows for `level` (0…255): the level of the percent value its
  /// register gets, so that dithering works against what is seen.
  static func shownLevel(_ level: Int) -> Int32 {
    Self.level(ofPercent: (level * 100 + 127) / 255)
  }

  /// The level (0…255) a register's percent value (0…100) shows.
  static func level(ofPercent percent: Int) -> Int32 {
    Int32((percent * 255 + 50) / 100)
  }

  /// Lloyd iterations after the median cut (a third and fourth added ~0.05 dB).
  static let refineSteps = 2

  // MARK: Dithering

  /// Floyd–Steinberg at half strength onto `palette`; one palette index per pixel. The
  /// loop is C (`lb_sixel_dither`): errors ×16 in integers, the error to the right and the
  /// pending sums for the row below in registers, nearest colours cached per 15-bit bin.
  ///
  /// A bin the palette's subsample saw is mapped by its pixels' mean colour (`means`), not by
  /// its centre: the centre is up to 4 levels off in each channel, which in the shadows is the
  /// whole picture (a night photo of levels 0–1 went to a 2 %-red, 3 %-blue register, 17 dB
  /// where chafa had 53; Canon's R5 HIF in the corpus). Other bins (met only through the
  /// carried error) keep the centre.
  static func dither(_ bitmap: Bitmap, rows: Range<Int>, palette: [Int32], means: [Int32] = [])
    -> [UInt8]
  {
    let width = bitmap.width
    let height = rows.count
    let cache = UnsafeMutablePointer<Int16>.allocate(capacity: 32_768)
    cache.initialize(repeating: -1, count: 32_768)
    defer { cache.deallocate() }
    if !means.isEmpty {
      let nearest = NearestColor(palette: palette)
      defer { nearest.release() }
      var k = 0
      while k + 3 < means.count {
        cache[Int(means[k])] = Int16(
          nearest.entry(red: means[k + 1], green: means[k + 2], blue: means[k + 3]))
        k += 4
      }
    }
    return [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
      bitmap.pixels.withUnsafeBufferPointer { px in
        palette.withUnsafeBufferPointer { pal in
          lb_sixel_dither(
            px.baseAddress! + rows.lowerBound * width * 4, width, height, pal.baseAddress,
            pal.count / 3, cache, out.baseAddress)
        }
      }
      initialized = width * height
    }
  }

  /// How many greys a grey picture gets (`greyLevels`).
  static let greyLevelCount = 128

  // MARK: Halves

  /// Pictures at least this large are encoded as two halves in parallel.
  static let parallelPixels = 256 * 1024

  /// Results of the halves, each written by its own thread into its own slot.
  final class BandParts<Item>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Item>
    private let count: Int

    init(count: Int, empty: Item) {
      self.count = count
      slots = .allocate(capacity: count)
      slots.initialize(repeating: empty, count: count)
    }

    /// Stores part `i`; only one thread ever writes a given slot.
    func store(_ item: Item, at i: Int) { slots[i] = item }

    /// Part `i`, read after every thread has finished.
    func item(_ i: Int) -> Item { slots[i] }

    func release() {
      slots.deinitialize(count: count)
      slots.deallocate()
    }
  }
}
