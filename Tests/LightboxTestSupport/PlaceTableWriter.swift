import Foundation
import Places

/// Writes small place tables in the layout of `scripts/places-table`, for tests that need a
/// table of their own: a known rule case, or bytes to damage.
public struct PlaceTableWriter: Sendable {
  public struct Entry: Sendable {
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var population: UInt32
    public var region: String?
    public var countryCode: String

    public init(
      name: String, latitude: Double, longitude: Double, population: UInt32, region: String?,
      countryCode: String
    ) {
      self.name = name
      self.latitude = latitude
      self.longitude = longitude
      self.population = population
      self.region = region
      self.countryCode = countryCode
    }
  }

  public var entries: [Entry] = []
  public var countries: [String: String] = [:]

  public init(entries: [Entry] = [], countries: [String: String] = [:]) {
    self.entries = entries
    self.countries = countries
  }

  /// The table's bytes (the header's CRC-32 computed as zlib does).
  public func bytes() -> [UInt8] {
    var strings: [UInt8] = []
    var stringOffsets: [String: UInt32] = [:]
    func add(_ text: String) -> UInt32 {
      if let known = stringOffsets[text] { return known }
      let offset = UInt32(strings.count)
      strings.append(UInt8(text.utf8.count))
      strings += Array(text.utf8)
      stringOffsets[text] = offset
      return offset
    }
    let codes = Set(entries.map(\.countryCode)).union(countries.keys).sorted()
    var countryBytes: [UInt8] = []
    for code in codes {
      countryBytes += Array(code.utf8) + [0, 0] + le(add(countries[code] ?? code))
    }
    var regionIndex: [String: UInt16] = [:]
    var regionBytes: [UInt8] = []
    let rows = 360
    let columns = 720
    var records: [(cell: Int, bytes: [UInt8])] = []
    for e in entries {
      let country = UInt16(codes.firstIndex(of: e.countryCode)!)
      var region: UInt16 = 0xFFFF
      if let name = e.region {
        let key = e.countryCode + "/" + name
        if regionIndex[key] == nil {
          regionIndex[key] = UInt16(regionIndex.count)
          regionBytes += le(add(name)) + le(country) + [0, 0]
        }
        region = regionIndex[key]!
      }
      let lat = Int32((e.latitude * 1e5).rounded())
      let lon = Int32((e.longitude * 1e5).rounded())
      let row = min(rows - 1, max(0, Int(floor((Double(lat) / 1e5 + 90) / 0.5))))
      let column = min(columns - 1, max(0, Int(floor((Double(lon) / 1e5 + 180) / 0.5))))
      records.append(
        (
          row * columns + column,
          le(UInt32(bitPattern: lat)) + le(UInt32(bitPattern: lon)) + le(e.population)
            + le(add(e.name)) + le(region) + le(country)
        ))
    }
    records.sort { $0.cell < $1.cell }
    var starts = [UInt32](repeating: 0, count: rows * columns + 1)
    for r in records { starts[r.cell + 1] += 1 }
    for i in 1..<starts.count { starts[i] += starts[i - 1] }
    var body: [UInt8] = starts.flatMap(le)
    for r in records { body += r.bytes }
    body += regionBytes + countryBytes + strings
    body += [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
    var header = Array("LBPLACES".utf8) + le(UInt32(1)) + le(UInt32(64))
    header += le(UInt64(64 + body.count)) + le(UInt32(records.count)) + le(UInt32(codes.count))
    header += le(UInt32(regionIndex.count)) + le(UInt32(rows)) + le(UInt32(columns))
    header += le(UInt32(strings.count)) + le(Self.crc32(body)) + le(UInt64(42)) + le(UInt32(0))
    return header + body
  }

  /// Writes the table to a new temporary file and returns its path.
  public func write(_ bytes: [UInt8]? = nil) throws -> String {
    let path = NSTemporaryDirectory() + "places-test-\(UUID().uuidString).bin"
    try Data(bytes ?? self.bytes()).write(to: URL(fileURLWithPath: path))
    return path
  }

  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }
}

private func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
  withUnsafeBytes(of: value.littleEndian) { Array($0) }
}
