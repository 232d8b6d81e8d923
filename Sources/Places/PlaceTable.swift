#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The GeoNames place table `scripts/places-table` writes (its docstring has the layout),
/// memory-mapped: opening it reads the header and checks that every section, index and
/// string offset is in bounds, so no lookup can read outside the file whatever its bytes.
///
/// Pages are read by the kernel as lookups touch them: start-up pays for the check only.
public final class PlaceTable: @unchecked Sendable {
  // @unchecked: the mapping is read-only, never changes after init and is unmapped in deinit.

  /// "LBPLACES": the first eight bytes of every table.
  public static let magic: [UInt8] = Array("LBPLACES".utf8)
  /// The layout this reader knows; another version is refused as damaged.
  public static let version: UInt32 = 1
  /// Bytes before the first section.
  static let headerSize = 64
  /// Bytes of one place record.
  static let placeSize = 20
  /// Bytes of one region or country record.
  static let entrySize = 8
  /// A place's region index when GeoNames gives none.
  static let noRegion: UInt16 = 0xFFFF
  /// The grid's cell, in degrees: rows from -90°, columns from -180°.
  static let cellDegrees = 0.5

  /// Where the table was loaded from.
  public let path: String
  /// How many places, countries and regions it holds.
  public let placeCount: Int
  public let countryCount: Int
  public let regionCount: Int
  /// The CRC-32 of every byte after the header, as recorded in the header.
  public let checksum: UInt32
  /// The first 8 bytes of the source wheel's SHA-256: changes when the data does.
  public let source: UInt64
  /// The file's size in bytes.
  public let byteCount: Int

  let base: UnsafeRawPointer
  let rows: Int
  let columns: Int
  let cellsOffset: Int
  let placesOffset: Int
  let regionsOffset: Int
  let countriesOffset: Int
  let stringsOffset: Int
  let stringsSize: Int

  /// Maps the table at `path` and checks it (see `validate`).
  public init(path: String) throws(PlaceTableError) {
    self.path = path
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      if code == ENOENT { throw .missing(path: path) }
      throw .unreadable(path: path, reason: String(cString: strerror(code)))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      throw .unreadable(path: path, reason: "not a regular file")
    }
    let size = Int(info.st_size)
    guard size >= Self.headerSize else {
      throw .damaged(path: path, reason: "\(size) bytes, shorter than a header")
    }
    guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED
    else {
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    let base = UnsafeRawPointer(mapped)
    func u32(_ offset: Int) -> Int {
      Int(base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
    }
    let layout = Layout(
      version: UInt32(u32(8)), headerSize: u32(12),
      fileSize: Int(
        truncatingIfNeeded: base.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian),
      places: u32(24), countries: u32(28), regions: u32(32), rows: u32(36), columns: u32(40),
      strings: u32(44))
    let magicMatches = Self.magic.indices.allSatisfy {
      base.load(fromByteOffset: $0, as: UInt8.self) == Self.magic[$0]
    }
    guard magicMatches else {
      munmap(mapped, size)
      throw .damaged(path: path, reason: "not a place table (no LBPLACES magic)")
    }
    if let problem = layout.problem(actualSize: size) {
      munmap(mapped, size)
      throw .damaged(path: path, reason: problem)
    }
    self.base = base
    byteCount = size
    placeCount = layout.places
    countryCount = layout.countries
    regionCount = layout.regions
    rows = layout.rows
    columns = layout.columns
    checksum = UInt32(u32(48))
    source = base.loadUnaligned(fromByteOffset: 52, as: UInt64.self).littleEndian
    cellsOffset = Self.headerSize
    placesOffset = cellsOffset + (layout.rows * layout.columns + 1) * 4
    regionsOffset = placesOffset + layout.places * Self.placeSize
    countriesOffset = regionsOffset + layout.regions * Self.entrySize
    stringsOffset = countriesOffset + layout.countries * Self.entrySize
    stringsSize = layout.strings
    if let problem = validate() {
      munmap(mapped, size)
      throw .damaged(path: path, reason: problem)
    }
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: base), byteCount)
  }

  func u16(_ offset: Int) -> UInt16 {
    base.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian
  }

  func u32(_ offset: Int) -> UInt32 {
    base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
  }

  func i32(_ offset: Int) -> Int32 {
    base.loadUnaligned(fromByteOffset: offset, as: Int32.self).littleEndian
  }

  /// The places of grid cell (row, column): indices into the place records.
  func cell(row: Int, column: Int) -> Range<Int> {
    let offset = cellsOffset + (row * columns + column) * 4
    return Int(u32(offset))..<Int(u32(offset + 4))
  }

  /// Place `index`'s latitude and longitude in 1e-5 degrees.
  func coordinates(_ index: Int) -> (latitude: Int32, longitude: Int32) {
    let offset = placesOffset + index * Self.placeSize
    return (i32(offset), i32(offset + 4))
  }

  func population(_ index: Int) -> UInt32 { u32(placesOffset + index * Self.placeSize + 8) }

  func name(_ index: Int) -> String {
    string(at: Int(u32(placesOffset + index * Self.placeSize + 12)))
  }

  /// Place `index`'s region index, or `noRegion`.
  func region(_ index: Int) -> UInt16 { u16(placesOffset + index * Self.placeSize + 16) }

  func country(_ index: Int) -> UInt16 { u16(placesOffset + index * Self.placeSize + 18) }

  func regionName(_ region: UInt16) -> String? {
    guard region != Self.noRegion else { return nil }
    return string(at: Int(u32(regionsOffset + Int(region) * Self.entrySize)))
  }

  /// A country's ISO code and name.
  func countryNames(_ country: UInt16) -> (code: String, name: String) {
    let offset = countriesOffset + Int(country) * Self.entrySize
    let code = UnsafeRawBufferPointer(start: base + offset, count: 2)
    return (String(decoding: code, as: UTF8.self), string(at: Int(u32(offset + 4))))
  }

  /// The string at `offset` in the pool (its length byte, then UTF-8; bad bytes become U+FFFD).
  func string(at offset: Int) -> String {
    let start = stringsOffset + offset
    let count = Int(base.load(fromByteOffset: start, as: UInt8.self))
    return String(
      decoding: UnsafeRawBufferPointer(start: base + start + 1, count: count), as: UTF8.self)
  }
}
