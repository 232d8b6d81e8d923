/// A camera (or phone) the demo library pretends took its photos.
public struct DemoCamera: Sendable, Equatable {
  /// How the camera names its files.
  public enum Naming: Sendable, Equatable {
    /// `IMG_0001.JPG` (Apple, Canon).
    case imgCounter
    /// `DSCF0001.JPG` (Fujifilm).
    case dscfCounter
    /// `PXL_20240813_102201123.jpg` (Google Pixel).
    case pixelTimestamp
  }

  public var make: String
  public var model: String
  public var backLens: String
  public var frontLens: String?
  /// Focal length in mm ×100 of the back and front lens (EXIF stores a rational).
  public var backFocal: UInt32
  public var frontFocal: UInt32
  /// f-number ×100 of the back and front lens; nil when the lens zooms/stops down.
  public var backAperture: UInt32?
  public var frontAperture: UInt32
  public var naming: Naming
  public var isPhone: Bool
  /// Big-endian TIFF (Canon, Fujifilm) or little-endian (phones).
  public var bigEndian: Bool

  /// The devices of the demo library's owner.
  static let iPhone12Mini = DemoCamera(
    make: "Apple", model: "iPhone 12 mini",
    backLens: "iPhone 12 mini back dual wide camera 4.2mm f/1.6",
    frontLens: "iPhone 12 mini front camera 2.71mm f/2.2", backFocal: 420, frontFocal: 271,
    backAperture: 160, frontAperture: 220, naming: .imgCounter, isPhone: true,
    bigEndian: false)
  static let iPhone15Pro = DemoCamera(
    make: "Apple", model: "iPhone 15 Pro",
    backLens: "iPhone 15 Pro back triple camera 6.765mm f/1.78",
    frontLens: "iPhone 15 Pro front camera 2.69mm f/1.9", backFocal: 677, frontFocal: 269,
    backAperture: 178, frontAperture: 190, naming: .imgCounter, isPhone: true,
    bigEndian: false)
  static let pixel8 = DemoCamera(
    make: "Google", model: "Pixel 8", backLens: "Pixel 8 back camera 6.9mm f/1.68",
    frontLens: "Pixel 8 front camera 2.74mm f/2.2", backFocal: 690, frontFocal: 274,
    backAperture: 168, frontAperture: 220, naming: .pixelTimestamp, isPhone: true,
    bigEndian: false)
  static let fujiXT30 = DemoCamera(
    make: "FUJIFILM", model: "X-T30", backLens: "XF18-55mmF2.8-4 R LM OIS", frontLens: nil,
    backFocal: 1800, frontFocal: 0, backAperture: nil, frontAperture: 0,
    naming: .dscfCounter, isPhone: false, bigEndian: true)
  static let canonR6 = DemoCamera(
    make: "Canon", model: "Canon EOS R6", backLens: "RF24-105mm F4 L IS USM", frontLens: nil,
    backFocal: 2400, frontFocal: 0, backAperture: nil, frontAperture: 0,
    naming: .imgCounter, isPhone: false, bigEndian: true)
}
