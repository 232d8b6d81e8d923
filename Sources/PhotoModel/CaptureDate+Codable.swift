extension CaptureDate {
  /// The coded form's keys: the public fields' names, as before they were stored narrow.
  private enum CodingKeys: String, CodingKey {
    case year, month, day, hour, minute, second, millisecond, utcOffsetSeconds, source
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      year: try c.decode(Int.self, forKey: .year), month: try c.decode(Int.self, forKey: .month),
      day: try c.decode(Int.self, forKey: .day), hour: try c.decode(Int.self, forKey: .hour),
      minute: try c.decode(Int.self, forKey: .minute),
      second: try c.decode(Int.self, forKey: .second),
      millisecond: try c.decode(Int.self, forKey: .millisecond),
      utcOffsetSeconds: try c.decodeIfPresent(Int.self, forKey: .utcOffsetSeconds),
      source: try c.decode(CaptureDateSource.self, forKey: .source))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(year, forKey: .year)
    try c.encode(month, forKey: .month)
    try c.encode(day, forKey: .day)
    try c.encode(hour, forKey: .hour)
    try c.encode(minute, forKey: .minute)
    try c.encode(second, forKey: .second)
    try c.encode(millisecond, forKey: .millisecond)
    try c.encodeIfPresent(utcOffsetSeconds, forKey: .utcOffsetSeconds)
    try c.encode(source, forKey: .source)
  }
}
