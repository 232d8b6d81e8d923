import PhotoModel

/// A photo's capture date from its XMP sidecars: where a RAW's date fix is written (its own
/// file is never patched), so it wins over the date the file records.
extension XMPReader {
  /// The capture date the sidecars of the photo at `path` give, the best sidecar first and
  /// in each `photoshop:DateCreated`, `xmp:CreateDate`, `exif:DateTimeOriginal`; nil when
  /// none gives a valid one.
  public static func sidecarDate(photoPath path: String) -> CaptureDate? {
    sidecarLayers(nil, photoPath: path).date
  }

  /// The date a photo shows, from the date its file records (`own`) and the one its
  /// sidecars give: the sidecar's, unless it names the same wall-clock second as the file's
  /// (darktable copies the camera's date into every sidecar, without its offset), when the
  /// file's stays with its offset and source.
  public static func preferred(own: CaptureDate, sidecar: CaptureDate?) -> CaptureDate {
    guard let sidecar else { return own }
    let sameSecond = sidecar.localSortKey / 1000 == own.localSortKey / 1000
    return sameSecond && own.source != .fileModification ? own : sidecar
  }

  /// The capture date an XMP packet gives (`sidecarDate`'s order), nil when none is valid.
  public static func date(inPacket bytes: [UInt8]) -> CaptureDate? {
    let dates = bytes.withUnsafeBytes { XMPDates(ByteView($0), 0..<bytes.count) }
    for text in dates.inOrder {
      if let date = DateTextParser.creationTime(text, source: .xmpSidecar), date.isValid {
        return date
      }
    }
    return nil
  }

  /// `date` as XMP writes a date ("2024-08-13T10:22:01", then ".250" when it has
  /// milliseconds and "+09:00" when its offset is known).
  public static func dateText(_ date: CaptureDate) -> String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    var text =
      "\(date.year)-\(two(date.month))-\(two(date.day))T"
      + "\(two(date.hour)):\(two(date.minute)):\(two(date.second))"
    if date.millisecond > 0 {
      let ms = date.millisecond
      text += "." + (ms < 10 ? "00" : ms < 100 ? "0" : "") + "\(ms)"
    }
    if let offset = date.utcOffsetSeconds {
      let sign = offset < 0 ? "-" : "+"
      let minutes = abs(offset) / 60
      text += "\(sign)\(two(minutes / 60)):\(two(minutes % 60))"
    }
    return text
  }
}
