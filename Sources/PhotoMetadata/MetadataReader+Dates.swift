import PhotoModel

extension MetadataReader {
  /// The capture date the file itself records, the first valid one of: EXIF
  /// DateTimeOriginal, a PNG "Creation Time", EXIF CreateDate, XMP (photoshop:DateCreated,
  /// xmp:CreateDate, exif:DateTimeOriginal), GPS date and time (UTC), EXIF ModifyDate.
  ///
  /// ModifyDate comes last: editors rewrite it, but a phone that writes nothing else
  /// (Nokia's HEIFs, a Samsung JPEG) writes it when the photo is taken, and it is nearer
  /// the truth than the copy's mtime. `exifSource` is `.pngText` for a PNG's eXIf chunk.
  static func embeddedDate(
    exif: ExifFields?, exifSource: CaptureDateSource = .exif, pngCreation: String? = nil,
    xmp: XMPDates? = nil
  ) -> CaptureDate? {
    func valid(_ date: CaptureDate?) -> CaptureDate? { date?.isValid == true ? date : nil }
    if let exif,
      let date = valid(
        DateTextParser.exifDate(
          exif.dateTimeOriginal, subSec: exif.subSecTimeOriginal,
          offset: exif.offsetTimeOriginal, source: exifSource))
    {
      return date
    }
    if let pngCreation, let date = valid(DateTextParser.creationTime(pngCreation)) {
      return date
    }
    if let exif,
      let date = valid(
        DateTextParser.exifDate(
          exif.createDate, subSec: exif.subSecTimeDigitized, offset: exif.offsetTimeDigitized,
          source: .exifCreateDate))
    {
      return date
    }
    for text in xmp?.inOrder ?? [] {
      if let date = valid(DateTextParser.creationTime(text, source: .xmp)) { return date }
    }
    if let exif, let date = valid(gpsDate(exif)) { return date }
    if let exif {
      return valid(
        DateTextParser.exifDate(
          exif.modifyDate, subSec: exif.subSecTime, offset: exif.offsetTime,
          source: .exifModifyDate))
    }
    return nil
  }

  /// GPSDateStamp + GPSTimeStamp as a UTC date (offset +00:00), nil when either is missing.
  static func gpsDate(_ exif: ExifFields) -> CaptureDate? {
    guard let text = exif.gpsDateStamp, let time = exif.gpsTimeStamp,
      var date = DateTextParser.exifDate(text, source: .gps)
    else { return nil }
    guard time.hour >= 0, time.hour < 24, time.minute >= 0, time.minute < 60,
      time.second >= 0, time.second < 61
    else { return nil }
    date.hour = Int(time.hour)
    date.minute = Int(time.minute)
    date.second = Int(time.second)
    date.millisecond = Int(((time.second - time.second.rounded(.down)) * 1000).rounded(.down))
    date.utcOffsetSeconds = 0
    return date
  }
}
