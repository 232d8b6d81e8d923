import PhotoModel

/// Small libraries of assets for reducer and view tests.
public enum Fixtures {
  /// `count` JPEG assets a few hours apart from 2024-08-13 09:00 on, oldest first.
  public static func assets(_ count: Int, startDay: Int = 13) -> [Asset] {
    (0..<count).map { i in
      let hour = 9 + (i * 5) % 12
      let day = startDay + (i * 5) / 12
      return Asset(
        id: AssetID(Int64(i + 1)), path: "/photos/IMG_\(1000 + i).jpg",
        byteSize: 3_100_000 + Int64(i) * 1000, modificationTime: 1_723_540_000 + Int64(i),
        format: .jpeg, storedPixelSize: PixelSize(width: 4032, height: 3024),
        orientation: i % 7 == 3 ? .right : .up,
        captureDate: CaptureDate(
          year: 2024, month: 8, day: day, hour: hour, minute: 22, second: 1,
          utcOffsetSeconds: 9 * 3600, source: .exif),
        cameraMake: "Apple", cameraModel: "iPhone 15")
    }
  }
}
