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

extension Fixtures {
  /// Photos spread over 2022–2024, sorted: in every third month, two photos on the 10th and
  /// the rest on the 11th.
  public static func spread(perMonth: Int = 3) -> [Asset] {
    var assets: [Asset] = []
    for year in 2022...2024 {
      for month in stride(from: 1, through: 12, by: 3) {
        for i in 0..<perMonth {
          let n = assets.count
          assets.append(
            Asset(
              id: AssetID(Int64(n + 1)), path: "/photos/\(year)/IMG_\(2000 + n).jpg",
              byteSize: 2_000_000, modificationTime: 0, format: .jpeg,
              storedPixelSize: PixelSize(width: 4000, height: 3000), orientation: .up,
              captureDate: CaptureDate(
                year: year, month: month, day: i < 2 ? 10 : 11, hour: 8 + i, source: .exif)))
        }
      }
    }
    return assets
  }
}
