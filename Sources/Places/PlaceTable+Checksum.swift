extension PlaceTable {
  /// Whether every byte after the header still has the CRC-32 the header records (zlib's
  /// CRC-32, as `scripts/places-table` computes it). Reads the whole file, so opening a table
  /// does not call it; `lightbox doctor` does.
  public func checksumMatches() -> Bool {
    let table = Self.crcTable
    var crc: UInt32 = 0xFFFF_FFFF
    let bytes = UnsafeRawBufferPointer(
      start: base + Self.headerSize, count: byteCount - Self.headerSize)
    for byte in bytes {
      crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF == checksum
  }

  /// The reflected CRC-32 table (polynomial 0xEDB88320).
  private static let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }
}
