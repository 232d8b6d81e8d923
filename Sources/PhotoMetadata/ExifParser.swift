/// The values the reader takes from a TIFF structure, each from the IFD it belongs to.
struct ExifFields {
  var orientation: Int?
  var make: String?
  var model: String?
  var lensModel: String?
  var dateTimeOriginal: String?
  var subSecTimeOriginal: String?
  var offsetTimeOriginal: String?
  /// Exif IFD CreateDate (DateTimeDigitized, 0x9004) with its SubSecTime and OffsetTime.
  var createDate: String?
  var subSecTimeDigitized: String?
  var offsetTimeDigitized: String?
  /// IFD0 ModifyDate (DateTime, 0x0132) with the Exif IFD SubSecTime and OffsetTime.
  var modifyDate: String?
  var subSecTime: String?
  var offsetTime: String?
  /// GPS IFD GPSDateStamp ("2022:01:12") and GPSTimeStamp (hours, minutes, seconds; UTC).
  var gpsDateStamp: String?
  var gpsTimeStamp: (hour: Double, minute: Double, second: Double)?
  var exposure = ExposureInfo()
  var gps: GPSCoordinate?
  /// File range of the IFD1 JPEG thumbnail, validated.
  var thumbnail: Range<Int>?
  /// IFD0 ImageWidth/ImageLength and NewSubfileType (TIFF and RAW files).
  var imageWidth: Int?
  var imageHeight: Int?
  var subfileType: Int?
  /// Exif IFD PixelXDimension/PixelYDimension.
  var pixelXDimension: Int?
  var pixelYDimension: Int?
  /// Apple's MakerNote ContentIdentifier (a Live Photo's still), when present.
  var contentIdentifier: String?
}

/// Reads IFD0, the Exif IFD, the GPS IFD and IFD1 of a TIFF structure.
enum ExifParser {
  /// The most IFDs one file may make the parser visit (IFD0, IFD1, Exif, GPS and slack).
  private static let maxIFDs = 8

  static func parse(_ tiff: TIFFBlock) -> ExifFields {
    var fields = ExifFields()
    // Offsets already walked: a pointer back to one of them is a loop and is ignored.
    var visited: [Int] = []
    visited.reserveCapacity(maxIFDs)

    func enter(_ offset: Int?) -> Int? {
      guard let offset, offset >= 8, visited.count < maxIFDs, !visited.contains(offset) else {
        return nil
      }
      visited.append(offset)
      return offset
    }

    guard let ifd0 = enter(tiff.firstIFDOffset) else { return fields }
    var exifPointer: Int?
    var gpsPointer: Int?
    let next = tiff.walkIFD(at: ifd0) { entry in
      switch entry.tag {
      case 0x0100: fields.imageWidth = tiff.integer(entry)
      case 0x0101: fields.imageHeight = tiff.integer(entry)
      case 0x00FE: fields.subfileType = tiff.integer(entry)
      case 0x0112: fields.orientation = tiff.integer(entry)
      case 0x010F: fields.make = tiff.string(entry, trimSpaces: true)
      case 0x0110: fields.model = tiff.string(entry, trimSpaces: true)
      case 0x0132: fields.modifyDate = tiff.string(entry, trimSpaces: false)
      case 0x8769: exifPointer = tiff.ifdPointer(entry)
      case 0x8825: gpsPointer = tiff.ifdPointer(entry)
      default: break
      }
    }
    guard let next else { return fields }  // IFD0 unreadable: nothing below it counts.

    if let exif = enter(exifPointer) { readExifIFD(tiff, at: exif, into: &fields) }
    if let gps = enter(gpsPointer) { readGPSIFD(tiff, at: gps, into: &fields) }
    if let ifd1 = enter(next) { fields.thumbnail = readThumbnail(tiff, ifd1: ifd1) }
    return fields
  }

  static func readExifIFD(_ tiff: TIFFBlock, at offset: Int, into fields: inout ExifFields) {
    _ = tiff.walkIFD(at: offset) { entry in
      switch entry.tag {
      case 0x9003: fields.dateTimeOriginal = tiff.string(entry, trimSpaces: false)
      case 0x9011: fields.offsetTimeOriginal = tiff.string(entry, trimSpaces: true)
      case 0x9291: fields.subSecTimeOriginal = tiff.string(entry, trimSpaces: true)
      case 0x9004: fields.createDate = tiff.string(entry, trimSpaces: false)
      case 0x9012: fields.offsetTimeDigitized = tiff.string(entry, trimSpaces: true)
      case 0x9292: fields.subSecTimeDigitized = tiff.string(entry, trimSpaces: true)
      case 0x9010: fields.offsetTime = tiff.string(entry, trimSpaces: true)
      case 0x9290: fields.subSecTime = tiff.string(entry, trimSpaces: true)
      case 0xA434: fields.lensModel = tiff.string(entry, trimSpaces: true)
      case 0x829A: fields.exposure.exposureTime = tiff.rational(entry)
      case 0x829D: fields.exposure.fNumber = tiff.rational(entry)
      case 0x8827: fields.exposure.iso = tiff.integer(entry)
      case 0x920A: fields.exposure.focalLength = tiff.rational(entry)
      case 0xA002: fields.pixelXDimension = tiff.integer(entry)
      case 0xA003: fields.pixelYDimension = tiff.integer(entry)
      case 0x927C: fields.contentIdentifier = AppleMakerNote.contentIdentifier(tiff, entry)
      default: break
      }
    }
  }

  private static func readGPSIFD(
    _ tiff: TIFFBlock, at offset: Int, into fields: inout ExifFields
  ) {
    var time: [Double] = []
    var date: String?
    var latRef: String?
    var lonRef: String?
    var altRef: Int?
    var lat: Double?
    var lon: Double?
    var alt: Double?
    _ = tiff.walkIFD(at: offset) { entry in
      switch entry.tag {
      case 0x0001: latRef = tiff.string(entry, trimSpaces: true)
      case 0x0002: lat = degrees(tiff, entry)
      case 0x0003: lonRef = tiff.string(entry, trimSpaces: true)
      case 0x0004: lon = degrees(tiff, entry)
      case 0x0005: altRef = tiff.integer(entry)
      case 0x0006: alt = tiff.rational(entry)?.value
      case 0x0007: time = (0..<3).compactMap { tiff.rational(entry, index: $0)?.value }
      case 0x001D: date = tiff.string(entry, trimSpaces: true)
      default: break
      }
    }
    fields.gpsDateStamp = date
    if time.count == 3, time.allSatisfy(\.isFinite) {
      fields.gpsTimeStamp = (time[0], time[1], time[2])
    }
    fields.gps = coordinate(
      lat: lat, latRef: latRef, lon: lon, lonRef: lonRef, alt: alt, altRef: altRef)
  }

  /// The position of the GPS IFD's values, nil when absent or out of range.
  private static func coordinate(
    lat: Double?, latRef: String?, lon: Double?, lonRef: String?, alt: Double?, altRef: Int?
  ) -> GPSCoordinate? {
    guard var lat, var lon else { return nil }
    var alt = alt
    if latRef?.uppercased() == "S" { lat = -lat }
    if lonRef?.uppercased() == "W" { lon = -lon }
    guard (-90.0...90.0).contains(lat), (-180.0...180.0).contains(lon) else { return nil }
    if let value = alt, altRef == 1 { alt = -value }
    return GPSCoordinate(latitude: lat, longitude: lon, altitude: alt?.isFinite == true ? alt : nil)
  }

  /// Degrees, minutes, seconds (any of the last two may be missing or 0/0) as degrees.
  private static func degrees(_ tiff: TIFFBlock, _ entry: TIFFBlock.Entry) -> Double? {
    // A 0/0 degree value is what receivers without a fix write: no position.
    guard let d = tiff.rational(entry, index: 0)?.value else { return nil }
    let m = tiff.rational(entry, index: 1)?.value ?? 0
    let s = tiff.rational(entry, index: 2)?.value ?? 0
    let value = d + m / 60 + s / 3600
    return value.isFinite ? value : nil
  }

  /// The IFD1 JPEG thumbnail as a file range, when it lies inside the head and starts
  /// with SOI.
  private static func readThumbnail(_ tiff: TIFFBlock, ifd1: Int) -> Range<Int>? {
    var offset: Int?
    var length: Int?
    _ = tiff.walkIFD(at: ifd1) { entry in
      switch entry.tag {
      case 0x0201: offset = tiff.integer(entry)
      case 0x0202: length = tiff.integer(entry)
      default: break
      }
    }
    guard let offset, let length, length >= 4 else { return nil }
    let (first, overflow) = tiff.start.addingReportingOverflow(offset)
    guard !overflow, tiff.bytes.contains(first, length: length), tiff.bytes.byte(first) == 0xFF,
      tiff.bytes.byte(first + 1) == 0xD8
    else { return nil }
    return first..<(first + length)
  }
}
