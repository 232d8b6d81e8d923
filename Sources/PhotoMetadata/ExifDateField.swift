/// A date or time-zone field of a file's EXIF, and where its text lies in the file: what
/// "adjust date and time" rewrites in place.
public struct ExifDateField: Hashable, Sendable {
  /// Which field.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Exif IFD DateTimeOriginal (0x9003): when the photo was taken.
    case dateTimeOriginal
    /// Exif IFD CreateDate (DateTimeDigitized, 0x9004).
    case createDate
    /// IFD0 ModifyDate (DateTime, 0x0132).
    case modifyDate
    /// Exif IFD OffsetTimeOriginal (0x9011): "+09:00".
    case offsetTimeOriginal
    /// Exif IFD OffsetTimeDigitized (0x9012).
    case offsetTimeDigitized
    /// Exif IFD OffsetTime (0x9010).
    case offsetTime

    /// The EXIF tag.
    public var tag: Int {
      switch self {
      case .dateTimeOriginal: 0x9003
      case .createDate: 0x9004
      case .modifyDate: 0x0132
      case .offsetTimeOriginal: 0x9011
      case .offsetTimeDigitized: 0x9012
      case .offsetTime: 0x9010
      }
    }

    /// True for the three date-and-time fields ("YYYY:MM:DD HH:MM:SS").
    public var isDate: Bool {
      self == .dateTimeOriginal || self == .createDate || self == .modifyDate
    }

    /// Characters of its text: 19 for a date, 6 for a time zone ("+09:00").
    public var textLength: Int { isDate ? 19 : 6 }
  }

  public var kind: Kind
  /// File byte offsets of the field's text (without its NUL).
  public var range: Range<Int>
  /// The text there.
  public var text: String

  public init(kind: Kind, range: Range<Int>, text: String) {
    self.kind = kind
    self.range = range
    self.text = text
  }
}
