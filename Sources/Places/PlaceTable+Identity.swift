extension PlaceTable {
  /// Names this table's data and layout ("v1 <source> <checksum>", hexadecimal): the
  /// catalog keeps it beside the place codes it stored, and looks every place up again when
  /// the installed table's identity is another (a new table numbers its places anew).
  public var identity: String {
    "v\(Self.version) \(String(source, radix: 16)) \(String(checksum, radix: 16))"
  }
}
