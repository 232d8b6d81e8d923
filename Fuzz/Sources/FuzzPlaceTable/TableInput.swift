import CFuzzPlaceTable

/// A place table file built from a fuzz input (the layout is `fuzzPlaceTable`'s), in the
/// layout `scripts/places-table` writes.
struct TableInput {
  /// One place record as the file holds it.
  struct Place {
    var latitude: Int32
    var longitude: Int32
    var population: UInt32
    var name: UInt32
    var region: UInt16
    var country: UInt16
  }

  static let rows = 360
  static let columns = 720

  /// The bytes after the grid: the records, the string pool and the padding.
  var tail: [UInt8] = []
  /// Each place's cell, in the records' order.
  var occupied: [Int] = []
  /// Starts changed after the grid is built: (cell, added).
  var patches: [(cell: Int, delta: Int32)] = []
  var mask: [UInt8]
  var stringCount = 0
  /// The records in the file's order (sorted by cell).
  var places: [Place] = []
  var regions = 0
  var countries = 0
  /// Lookups the input asks for, in degrees.
  var queries: [(Double, Double)] = []
  /// Whether the header was XORed with a mask from the input.
  var masked = false
  /// Whether the header records the body's CRC-32.
  var crc = false
  /// Whether every record points inside the table and the grid is intact: the table must
  /// open.
  var wellFormed = true

  init(_ input: UnsafeBufferPointer<UInt8>) {
    var reader = Reader(bytes: input)
    let flags = reader.u8()
    let asGiven = flags & 0x10 != 0
    masked = flags & 0x48 == 0x48
    crc = flags & 0xF0 == 0xE0
    let placeCount = Int(reader.u8())
    regions = Int(reader.u8() & 15)
    countries = Int(reader.u8() & 15)
    let patchCount = Int(reader.u8() & 7)
    let queryCount = Int(reader.u8() & 7)
    if !asGiven { countries = max(countries, 1) }
    for _ in 0..<placeCount {
      places.append(
        Place(
          latitude: reader.i32(), longitude: reader.i32(), population: reader.u32(),
          name: reader.u32(), region: reader.u16(), country: reader.u16()))
    }
    var regionRecords: [(name: UInt32, country: UInt16, zero: UInt16)] = []
    for _ in 0..<regions { regionRecords.append((reader.u32(), reader.u16(), reader.u16())) }
    var countryRecords: [(code: UInt16, zero: UInt16, name: UInt32)] = []
    for _ in 0..<countries { countryRecords.append((reader.u16(), reader.u16(), reader.u32())) }
    var patches: [(cell: Int, delta: Int32)] = []
    for _ in 0..<patchCount {
      patches.append((Int(reader.u32()) % (Self.rows * Self.columns + 1), reader.i32()))
    }
    for _ in 0..<queryCount {
      queries.append((Double(reader.i32()) / 1e5, Double(reader.i32()) / 1e5))
    }
    mask = [UInt8](repeating: 0, count: 64)
    if masked { for i in 0..<64 { mask[i] = reader.u8() } }
    // Fixed up, the pool starts with an empty string: where a bad offset is sent.
    let strings = (asGiven ? [] : [0]) + Array(reader.rest)
    if asGiven {
      wellFormed = false
    } else {
      func fits(_ offset: UInt32) -> UInt32 {
        let at = Int(offset)
        return at < strings.count && at + 1 + Int(strings[at]) <= strings.count ? offset : 0
      }
      func onGlobe(_ value: Int32, _ limit: Int) -> Int32 {
        Int32(Int(value) % (limit + 1))
      }
      for i in places.indices {
        places[i].latitude = onGlobe(places[i].latitude, 9_000_000)
        places[i].longitude = onGlobe(places[i].longitude, 18_000_000)
        places[i].name = fits(places[i].name)
        if regions == 0 {
          places[i].region = 0xFFFF
        } else if places[i].region != 0xFFFF {
          places[i].region %= UInt16(regions)
        }
        places[i].country %= UInt16(countries)
      }
      for i in regionRecords.indices {
        regionRecords[i].name = fits(regionRecords[i].name)
        regionRecords[i].country %= UInt16(countries)
      }
      for i in countryRecords.indices { countryRecords[i].name = fits(countryRecords[i].name) }
    }
    // Each place in the cell of its position (clamped, for records off the globe).
    func cell(_ place: Place) -> Int {
      let row = min(Self.rows - 1, max(0, (Int(place.latitude) + 9_000_000) / 50_000))
      let column = min(Self.columns - 1, max(0, (Int(place.longitude) + 18_000_000) / 50_000))
      return row * Self.columns + column
    }
    let cells = places.map(cell)
    let order = places.indices.sorted { (cells[$0], $0) < (cells[$1], $1) }
    places = order.map { places[$0] }
    occupied = order.map { cells[$0] }
    self.patches = patches
    if masked && mask.contains(where: { $0 != 0 }) { wellFormed = false }

    for p in places {
      append(&tail, UInt32(bitPattern: p.latitude))
      append(&tail, UInt32(bitPattern: p.longitude))
      append(&tail, p.population)
      append(&tail, p.name)
      append(&tail, p.region)
      append(&tail, p.country)
    }
    for r in regionRecords {
      append(&tail, r.name)
      append(&tail, r.country)
      append(&tail, r.zero)
    }
    for c in countryRecords {
      append(&tail, c.code)
      append(&tail, c.zero)
      append(&tail, c.name)
    }
    tail += strings
    tail += [UInt8](repeating: 0, count: (4 - tail.count % 4) % 4)
    stringCount = strings.count
  }

  /// The grid's bytes.
  static let gridSize = (rows * columns + 1) * 4
  /// The most bytes a table built from an input of at most `maxInput` bytes takes.
  static func maxFileSize(maxInput: Int) -> Int { 64 + gridSize + maxInput + 64 }

  /// Writes the table into `image` (at least `maxFileSize` bytes) and returns its size.
  mutating func write(into image: UnsafeMutableRawPointer) -> Int {
    let grid = (image + 64).bindMemory(to: UInt32.self, capacity: Self.gridSize / 4)
    // A cell's start is the number of places in the cells before it.
    var from = 0
    for (count, cell) in occupied.enumerated() where cell + 1 > from {
      fuzz_fill_u32(grid + from, UInt32(count).littleEndian, cell + 1 - from)
      from = cell + 1
    }
    fuzz_fill_u32(grid + from, UInt32(places.count).littleEndian, Self.gridSize / 4 - from)
    for (at, delta) in patches {
      let start = UInt32(littleEndian: grid[at])
      let patched = UInt32(truncatingIfNeeded: Int(start) + Int(delta))
      if patched != start { wellFormed = false }
      grid[at] = patched.littleEndian
    }
    tail.withUnsafeBytes {
      (image + 64 + Self.gridSize).copyMemory(from: $0.baseAddress!, byteCount: $0.count)
    }
    let size = 64 + Self.gridSize + tail.count
    var header = Array("LBPLACES".utf8)
    append(&header, UInt32(1))
    append(&header, UInt32(64))
    append(&header, UInt64(size))
    append(&header, UInt32(places.count))
    append(&header, UInt32(countries))
    append(&header, UInt32(regions))
    append(&header, UInt32(Self.rows))
    append(&header, UInt32(Self.columns))
    append(&header, UInt32(stringCount))
    append(&header, crc ? fuzz_crc32(image + 64, size - 64) : 0)
    append(&header, UInt64(42))
    append(&header, UInt32(0))
    for i in 0..<64 { image.storeBytes(of: header[i] ^ mask[i], toByteOffset: i, as: UInt8.self) }
    return size
  }
}
/// Appends `value`'s little-endian bytes.
func append<T: FixedWidthInteger>(_ bytes: inout [UInt8], _ value: T) {
  withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
}

/// Reads the input front to back; past its end every read is zero.
struct Reader {
  let bytes: UnsafeBufferPointer<UInt8>
  var at = 0

  mutating func u8() -> UInt8 {
    defer { at += 1 }
    return at < bytes.count ? bytes[at] : 0
  }

  mutating func u16() -> UInt16 { UInt16(u8()) | UInt16(u8()) << 8 }

  mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }

  mutating func i32() -> Int32 { Int32(bitPattern: u32()) }

  /// The bytes not read yet.
  var rest: UnsafeBufferPointer<UInt8>.SubSequence { bytes[min(at, bytes.count)...] }
}
