import PhotoModel

/// What kind of file a demo item becomes.
public enum DemoItemKind: String, Sendable, Equatable, CaseIterable {
  /// A camera JPEG with EXIF.
  case photo
  /// A wide camera JPEG (aspect ≥ 2.5) named `PANO_…`.
  case panorama
  /// A PNG desktop screenshot without EXIF.
  case screenshot
}

/// How a demo picture is drawn: the same scene parameters always draw the same pixels.
public struct DemoScene: Sendable, Equatable {
  public var theme: SceneTheme
  /// Shared by the photos of one outing, so a burst shows the same place.
  public var terrainSeed: UInt64
  /// Different for every picture (clouds, stars, grain, screenshot layout).
  public var detailSeed: UInt64
  /// Local decimal hour of the capture (10.5 = 10:30): sets the light.
  public var hour: Float
  public var month: Int
  /// Southern hemisphere (seasons swapped).
  public var southern: Bool
  /// A front-camera photo: a person in front of the scene.
  public var selfie: Bool
  /// Horizontal pan of the view, in picture heights, within an outing.
  public var pan: Float

  /// The light of the scene, as the painter sees it.
  public var phase: LightPhase {
    let e = Daylight(month: month, southern: southern).elevation(hour: hour)
    if e < -0.35 { return .night }
    if e > 0.22 { return .day }
    return hour < 13 ? .dawn : .dusk
  }
}

/// Exposure values written to EXIF.
public struct DemoExposure: Sendable, Equatable {
  public var exposureTime: ExifWriter.Rational
  public var fNumber: ExifWriter.Rational
  public var iso: UInt16
  public var focalLength: ExifWriter.Rational
  public var focalLengthIn35mm: UInt16
}

/// A GPS position written to EXIF.
public struct DemoGPS: Sendable, Equatable {
  public var latitude: Double
  public var longitude: Double
  public var altitude: Double
}

/// One file of the demo library, fully decided before any pixel is drawn.
public struct DemoItem: Sendable, Equatable {
  /// Position in capture order (0 = oldest).
  public var index: Int
  public var kind: DemoItemKind
  /// Path below the library directory, e.g. `2024/IMG_0417.JPG`.
  public var relativePath: String
  /// Local capture time; photos carry their UTC offset, screenshots do not.
  public var captureDate: CaptureDate
  /// The capture instant (seconds since the epoch), used as the file's mtime.
  public var modificationTime: Int64
  /// Pixel size of the upright picture.
  public var uprightSize: PixelSize
  /// EXIF orientation: `.right` (6) or `.left` (8) means the stored pixels are turned.
  public var orientation: Orientation
  public var camera: DemoCamera?
  public var lensModel: String?
  public var exposure: DemoExposure?
  public var gps: DemoGPS?
  public var scene: DemoScene

  /// Pixel size as stored in the file (before orientation).
  public var storedSize: PixelSize { orientation.displaySize(ofStored: uprightSize) }

  /// The last path component.
  public var fileName: String {
    relativePath.split(separator: "/").last.map(String.init) ?? relativePath
  }

  /// True for photos taken with a front camera.
  public var isSelfie: Bool { lensModel?.contains("front") ?? false }
}
