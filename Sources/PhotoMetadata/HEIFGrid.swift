/// A HEIF's primary image when it is a grid of HEVC tiles (phones' and cameras' HEICs), read
/// so that its tiles can be decoded and shrunk one by one without libheif assembling and
/// converting the whole picture (`HEIFDecoder.reducedGrid`, for cards and tiles).
///
/// Read from `HEIFMetaLayout` (strict about the boxes it knows), and only for the common case:
/// a `grid` primary of `hvc1` tiles stored in the file, with `irot` as its one transformation
/// and no alpha plane. Anything else (a `clap` crop, an `imir` mirror, an essential property
/// not known here, tiles with transformations of their own) is nil, and libheif decodes the
/// file as before.
public struct HEIFGrid: Sendable, Equatable {
  /// The grid's output size before `irot` (the tiles past it are cut away).
  public var width: Int
  public var height: Int
  public var rows: Int
  public var columns: Int
  /// Every tile's HEVC bitstream in Annex B form (its parameter sets from `hvcC`, then its NAL
  /// units, each behind a start code), back to back in the grid's row-major order; tile i is
  /// `streams[tileRanges[i]]`.
  public var streams: [UInt8]
  public var tileRanges: [Range<Int>]
  /// The anticlockwise quarter turns of the primary's `irot` (0 without one).
  public var quarterTurns: Int
  /// The ITU-T H.273 matrix coefficients and range of the primary's `nclx` colour box, nil
  /// without one (the tiles' own description then applies).
  public var matrix: Int?
  public var fullRange: Bool?

  /// Each tile's bitstream, in the grid's order.
  public var tiles: [[UInt8]] { tileRanges.map { Array(streams[$0]) } }

  /// The properties a grid or its tiles may mark essential that change nothing here (sizes,
  /// the pixels' depth, the decoder's configuration, colour and HDR descriptions).
  private static let understood: Set<String> = [
    "ispe", "pixi", "hvcC", "colr", "irot", "clli", "mdcv", "cclv", "amve", "rloc",
  ]

  /// The grid of `bytes`'s primary image, or nil when it is not one this reads (see above).
  public static func read(_ bytes: [UInt8]) -> HEIFGrid? {
    guard case .success(let layout) = HEIFMetaLayout.read(bytes), let primary = layout.primary,
      layout.items.first(where: { $0.id == primary })?.type == "grid"
    else { return nil }
    var grid = HEIFGrid(
      width: 0, height: 0, rows: 0, columns: 0, streams: [], tileRanges: [], quarterTurns: 0,
      matrix: nil,
      fullRange: nil)
    for (box, essential) in properties(of: primary, in: layout) {
      let content = box.content
      switch box.type {
      case "irot":
        guard content.count >= 1 else { return nil }
        grid.quarterTurns = Int(bytes[content.lowerBound] & 3)
      case "colr":
        guard content.count >= 4 else { return nil }
        if String(decoding: bytes[content.lowerBound..<(content.lowerBound + 4)], as: UTF8.self)
          == "nclx"
        {
          guard content.count >= 11, let matrix = layout.number(at: content.lowerBound + 8, size: 2)
          else { return nil }
          grid.matrix = matrix
          grid.fullRange = bytes[content.lowerBound + 10] & 0x80 != 0
        }
      case "clap", "imir": return nil
      default:
        if essential && !understood.contains(box.type) { return nil }
      }
    }
    if hasAlpha(primary, in: layout) { return nil }
    guard let descriptor = data(of: primary, in: layout, allowIdat: true),
      descriptor.count >= 8, descriptor[0] == 0
    else { return nil }
    let wide = descriptor[1] & 1 == 1
    guard descriptor.count >= (wide ? 12 : 8) else { return nil }
    grid.rows = Int(descriptor[2]) + 1
    grid.columns = Int(descriptor[3]) + 1
    func field(_ at: Int, _ size: Int) -> Int {
      (0..<size).reduce(0) { $0 << 8 | Int(descriptor[at + $1]) }
    }
    grid.width = field(4, wide ? 4 : 2)
    grid.height = field(wide ? 8 : 6, wide ? 4 : 2)
    guard (1...65_535).contains(grid.width), (1...65_535).contains(grid.height),
      let tileIDs = layout.derivedFrom[primary], tileIDs.count == grid.rows * grid.columns
    else { return nil }
    for id in tileIDs {
      let start = grid.streams.count
      guard layout.items.first(where: { $0.id == id })?.type == "hvc1",
        appendStream(of: id, in: layout, to: &grid.streams)
      else { return nil }
      grid.tileRanges.append(start..<grid.streams.count)
    }
    return grid
  }

  /// The property boxes of `item`, in their association's order, with whether each is
  /// essential.
  private static func properties(of item: Int, in layout: HEIFMetaLayout)
    -> [(box: HEIFMetaLayout.Box, essential: Bool)]
  {
    (layout.associations[item] ?? []).compactMap { association in
      association.index < layout.properties.count
        ? (layout.properties[association.index], association.essential) : nil
    }
  }

  /// True when an auxiliary image of `item` is its alpha plane (an `auxC` naming alpha);
  /// depth maps (auxid 2) and gain maps change nothing shown.
  private static func hasAlpha(_ item: Int, in layout: HEIFMetaLayout) -> Bool {
    for (auxiliary, masters) in layout.auxiliaryOf where masters.contains(item) {
      for (box, _) in properties(of: auxiliary, in: layout) where box.type == "auxC" {
        // A full box: the URN after its version and flags, up to its NUL. HEVC's auxiliary
        // id 1, or MPEG-B's "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha".
        let urn = String(
          decoding: layout.bytes[box.content].dropFirst(4).prefix { $0 != 0 }, as: UTF8.self)
        if urn == "urn:mpeg:hevc:2015:auxid:1" || urn.hasSuffix(":alpha") { return true }
      }
    }
    return false
  }

  /// The bytes of `item` from its `iloc` extents: in the file (construction method 0) or,
  /// when `allowIdat`, in the `idat` box (method 1); nil when they are not all inside.
  private static func data(of item: Int, in layout: HEIFMetaLayout, allowIdat: Bool) -> [UInt8]? {
    guard let location = layout.locations.first(where: { $0.id == item }),
      location.dataReference == 0, !location.extents.isEmpty
    else { return nil }
    var origin = 0
    var limit = layout.bytes.count
    switch location.method {
    case 0: break
    case 1 where allowIdat:
      guard let idat = layout.child("idat") else { return nil }
      origin = idat.content.lowerBound
      limit = idat.end
    default: return nil
    }
    var data: [UInt8] = []
    for extent in location.extents {
      let (start, overflow) = origin.addingReportingOverflow(location.base.value)
      let (first, overflow2) = start.addingReportingOverflow(extent.offset.value)
      let length = extent.length.value
      // A length of 0 means "to the end of the data"; not in the files this reads.
      guard !overflow, !overflow2, length > 0, first >= origin, first <= limit - length,
        data.count + length <= layout.bytes.count
      else { return nil }
      data += layout.bytes[first..<(first + length)]
    }
    return data
  }

  /// Appends the Annex B bitstream of tile `item` to `stream`: its `hvcC` parameter sets, then
  /// its NAL units, each behind a start code; false when its `hvcC` or data is damaged or it
  /// carries a transformation of its own.
  private static func appendStream(
    of item: Int, in layout: HEIFMetaLayout, to stream: inout [UInt8]
  ) -> Bool {
    var configuration: HEIFMetaLayout.Box?
    for (box, essential) in properties(of: item, in: layout) {
      switch box.type {
      case "hvcC": configuration = box
      case "irot", "imir", "clap": return false
      default: if essential && !understood.contains(box.type) { return false }
      }
    }
    guard let hvcC = configuration, hvcC.content.count >= 23,
      let data = data(of: item, in: layout, allowIdat: false)
    else { return false }
    let bytes = layout.bytes
    let startCode: [UInt8] = [0, 0, 0, 1]
    let lengthSize = Int(bytes[hvcC.content.lowerBound + 21] & 3) + 1
    stream.reserveCapacity(stream.count + data.count + 256)
    var p = hvcC.content.lowerBound + 23
    for _ in 0..<Int(bytes[hvcC.content.lowerBound + 22]) {
      guard p + 3 <= hvcC.end, let count = layout.number(at: p + 1, size: 2) else {
        return false
      }
      p += 3
      for _ in 0..<count {
        guard p + 2 <= hvcC.end, let length = layout.number(at: p, size: 2),
          p + 2 + length <= hvcC.end
        else { return false }
        stream += startCode
        stream += bytes[(p + 2)..<(p + 2 + length)]
        p += 2 + length
      }
    }
    var q = 0
    while q < data.count {
      guard q <= data.count - lengthSize else { return false }
      let length = (0..<lengthSize).reduce(0) { $0 << 8 | Int(data[q + $1]) }
      q += lengthSize
      guard length <= data.count - q else { return false }
      stream += startCode
      stream += data[q..<(q + length)]
      q += length
    }
    return true
  }
}
