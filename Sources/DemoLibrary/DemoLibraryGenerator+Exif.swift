import PhotoModel

extension DemoLibraryGenerator {
  /// The EXIF block of a camera item: IFD0 (make, model, orientation), the Exif IFD (dates
  /// with offset and sub-seconds, exposure, lens), a GPS IFD when the item has a position,
  /// and the thumbnail in IFD1. Canon and Fujifilm write big-endian TIFF, phones
  /// little-endian.
  public static func exifWriter(for item: DemoItem, thumbnail: [UInt8]? = nil) -> ExifWriter {
    let date = item.captureDate
    let camera = item.camera
    var ifd0: [ExifWriter.Entry] = []
    if let camera {
      ifd0.append(.init(0x010F, .ascii(camera.make)))
      ifd0.append(.init(0x0110, .ascii(camera.model)))
    }
    ifd0 += [
      .init(0x0112, .short([UInt16(item.orientation.rawValue)])),
      .init(0x011A, .rational([.init(72, 1)])),
      .init(0x011B, .rational([.init(72, 1)])),
      .init(0x0128, .short([2])),
      .init(0x0131, .ascii(camera?.make == "Apple" ? "17.6.1" : "Lightbox demo")),
      .init(0x0132, .ascii(date.exifText)),
    ]
    let offset = date.offsetText ?? "+00:00"
    let subSeconds = DemoPlanner.pad(date.millisecond, 3)
    var exif: [ExifWriter.Entry] = [
      .init(0x9000, .undefined(Array("0232".utf8))),
      .init(0x9003, .ascii(date.exifText)),
      .init(0x9004, .ascii(date.exifText)),
      .init(0x9010, .ascii(offset)),
      .init(0x9011, .ascii(offset)),
      .init(0x9012, .ascii(offset)),
      .init(0x9291, .ascii(subSeconds)),
      .init(0x9292, .ascii(subSeconds)),
      .init(0xA001, .short([1])),
      .init(0xA002, .long([UInt32(item.storedSize.width)])),
      .init(0xA003, .long([UInt32(item.storedSize.height)])),
    ]
    if let e = item.exposure {
      exif += [
        .init(0x829A, .rational([e.exposureTime])),
        .init(0x829D, .rational([e.fNumber])),
        .init(0x8822, .short([2])),
        .init(0x8827, .short([e.iso])),
        .init(0x920A, .rational([e.focalLength])),
        .init(0xA405, .short([e.focalLengthIn35mm])),
      ]
    }
    if let camera { exif.append(.init(0xA433, .ascii(camera.make))) }
    if let lens = item.lensModel { exif.append(.init(0xA434, .ascii(lens))) }

    var gps: [ExifWriter.Entry] = []
    if let position = item.gps, let utc = date.utcSeconds {
      let utcDate = CaptureDate(epochSeconds: utc, source: .exif)
      gps = [
        .init(0x0000, .byte([2, 3, 0, 0])),
        .init(0x0001, .ascii(position.latitude >= 0 ? "N" : "S")),
        .init(0x0002, .rational(degrees(abs(position.latitude)))),
        .init(0x0003, .ascii(position.longitude >= 0 ? "E" : "W")),
        .init(0x0004, .rational(degrees(abs(position.longitude)))),
        .init(0x0005, .byte([0])),
        .init(0x0006, .rational([.init(UInt32(position.altitude * 100), 100)])),
        .init(
          0x0007,
          .rational([
            .init(UInt32(utcDate.hour), 1), .init(UInt32(utcDate.minute), 1),
            .init(UInt32(utcDate.second), 1),
          ])),
        .init(
          0x001D,
          .ascii(
            "\(utcDate.year):\(DemoPlanner.pad(utcDate.month)):\(DemoPlanner.pad(utcDate.day))")),
      ]
    }
    return ExifWriter(
      byteOrder: camera?.bigEndian == true ? .bigEndian : .littleEndian, ifd0: ifd0,
      exif: exif, gps: gps, thumbnailJPEG: thumbnail)
  }

  /// Degrees, minutes and hundredths of seconds, as GPS rationals.
  private static func degrees(_ value: Double) -> [ExifWriter.Rational] {
    let d = value.rounded(.down)
    let minutes = (value - d) * 60
    let m = minutes.rounded(.down)
    let s = ((minutes - m) * 60 * 100).rounded()
    return [.init(UInt32(d), 1), .init(UInt32(m), 1), .init(UInt32(s), 100)]
  }
}
