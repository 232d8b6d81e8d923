#if canImport(Glibc)
  import Glibc
#endif
import Places

/// The GeoNames place table reader (`PlaceTable(path:)`: the header's `Layout.problem` and
/// `validate`, then `PlaceFinder`'s lookups and the names they read) on tables built from
/// the input. A table's grid is always 360 × 720 cells (1 MB), so the input describes a
/// table rather than being one:
///
///     byte 0   flags: bits 0-2 all clear: the rest of the input is the file, as is (the
///              header checks); bit 3 and bit 6: a mask XORed onto the header follows;
///              bit 4: records as given (else each index and offset is fixed up to point
///              inside the table); bits 5-7 set and 4 clear: the header gets the body's CRC-32
///     byte 1   places   byte 2  regions (low 4 bits)   byte 3  countries (low 4 bits)
///     byte 4   grid patches (low 3 bits)   byte 5  queries (low 3 bits)
///     then     places × 20 bytes, regions × 8, countries × 8 (the file's records), patches
///              × 8 (u32 cell, i32 added to its start), queries × 8 (i32 latitude and
///              longitude in 1e-5°), the 64-byte header mask, and the rest is the string pool
///
/// Missing bytes read as zero. Records are sorted into the cells of their positions, so a
/// table without patches or mask has a valid grid. The table is written to /dev/shm and
/// opened by its path, as Lightbox opens `LIGHTBOX_PLACES`.
///
/// Checked: a well-formed table (fixed-up records, no patch, no mask) opens, and a lookup
/// at each place's own position finds a place; on any table that opens, a lookup finds a
/// town exactly when the nearest-centre rule finds one, its codes name records of the table
/// and read back as names, and a body whose CRC-32 the header records matches it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlaceTable(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0, count <= 1 << 20 else { return 0 }
  let input = UnsafeBufferPointer(start: start, count: count)
  let flags = input[0]
  if flags & 7 == 0 {
    write(UnsafeRawBufferPointer(input).dropFirst())
    if let table = try? PlaceTable(path: tablePath) { lookUp(table, queries: fixedQueries) }
    return 0
  }
  var built = TableInput(input)
  let size = built.write(into: image)
  write(UnsafeRawBufferPointer(start: image, count: size)[...])
  let table: PlaceTable
  do throws(PlaceTableError) {
    table = try PlaceTable(path: tablePath)
  } catch {
    if built.wellFormed { fatalError("a well-formed table is refused: \(error)") }
    return 0
  }
  if !built.masked {
    guard table.placeCount == built.places.count, table.regionCount == built.regions,
      table.countryCount == built.countries
    else { fatalError("the table's counts are not its header's") }
    if built.crc, !table.checksumMatches() { fatalError("the recorded checksum does not match") }
  }
  _ = table.identity
  var queries = fixedQueries + built.queries
  var own: [(Double, Double)] = []
  for place in built.places.prefix(8) where place.latitude != 0 || place.longitude != 0 {
    let latitude = Double(place.latitude) / 1e5
    let longitude = Double(place.longitude) / 1e5
    own.append((latitude, longitude))
    queries.append((latitude + 0.2, longitude - 0.3))
    queries.append((latitude - 0.05, longitude + 0.11))
  }
  lookUp(table, queries: queries)
  let finder = PlaceFinder(table: table)
  for (latitude, longitude) in own {
    let code = finder.code(latitude: latitude, longitude: longitude)
    if code == nil, built.wellFormed {
      fatalError("no place at a place's own position \(latitude), \(longitude)")
    }
  }
  return 0
}

/// Positions at the grid's edges and the ones no lookup takes.
let fixedQueries: [(Double, Double)] = [
  (90, 180), (-90, -180), (89.999, 179.999), (-89.9, -179.99), (0.001, -180), (45, 0),
  (.nan, 0), (0, .infinity), (90.000_01, 0), (0, 0),
]

/// Looks each position up three ways and checks that they agree.
func lookUp(_ table: PlaceTable, queries: [(Double, Double)]) {
  let finder = PlaceFinder(table: table)
  for (latitude, longitude) in queries {
    let code = finder.code(latitude: latitude, longitude: longitude)
    let nearest = finder.nearestPlace(latitude: latitude, longitude: longitude)
    guard (code == nil) == (nearest == nil) else {
      fatalError("the rule and the nearest centre disagree on a place at \(latitude), \(longitude)")
    }
    guard let code else { continue }
    guard code.town < table.placeCount, (code.city ?? 0) < table.placeCount,
      let place = finder.place(code)
    else { fatalError("code \(code) is not a record of the table") }
    guard let centre = finder.coordinates(code), abs(centre.latitude) <= 90,
      abs(centre.longitude) <= 180
    else { fatalError("code \(code)'s town is off the globe") }
    _ = place.description
    _ = PlaceName.matches(place.town, "a")
  }
}

/// Where every table is written: memory, not disk.
let tablePath = "/dev/shm/lightbox-fuzz-place-table-\(getpid()).bin"

/// The file's descriptor, opened once; each table overwrites the last and sets the size.
nonisolated(unsafe) var tableFile: CInt = -1

/// Where tables are built: the grid's cells are rewritten, never allocated, per input.
nonisolated(unsafe) let image = UnsafeMutableRawPointer.allocate(
  byteCount: TableInput.maxFileSize(maxInput: 1 << 20), alignment: 16)

/// Writes `bytes` as the whole table file.
func write(_ bytes: UnsafeRawBufferPointer.SubSequence) {
  if tableFile < 0 {
    tableFile = open(tablePath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard tableFile >= 0 else { fatalError("cannot create \(tablePath)") }
    atexit { unlink(tablePath) }
  }
  let raw = UnsafeRawBufferPointer(rebasing: bytes)
  var done = 0
  while done < raw.count {
    let n = pwrite(tableFile, raw.baseAddress! + done, raw.count - done, off_t(done))
    guard n > 0 else { fatalError("cannot write \(tablePath)") }
    done += n
  }
  guard ftruncate(tableFile, off_t(bytes.count)) == 0 else { fatalError("ftruncate") }
}
