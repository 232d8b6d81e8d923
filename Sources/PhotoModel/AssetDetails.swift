/// The parts of an `Asset` that many photos lack or that only the info panel, search and the
/// pipeline's EXIF thumbnail read: kept out of line, packed, nil when all empty.
///
/// A library holds every asset in memory (a million of them at the largest size), and
/// these optionals were two thirds of an asset's 504 bytes; out of line, a photo without them
/// costs one pointer (DECISIONS.md, 2026-11-26). A camera photo has most of them, so they are
/// packed: sentinels instead of optionals, 32-bit fields where EXIF's values fit, the camera's
/// names interned (`CameraNames`), the rare fields behind one more pointer; a value that does
/// not fit its packed field is kept whole there too (DECISIONS.md, 2026-11-27). Immutable, so
/// sharing needs no locks: a change makes a new one.
public final class AssetDetails: Hashable, Sendable {
  /// The fields themselves.
  public struct Values: Hashable, Sendable {
    public var cameraMake: String?
    public var cameraModel: String?
    public var lensModel: String?
    public var latitude: Double?
    public var longitude: Double?
    public var pathBytes: [UInt8]?
    public var exifThumbnail: Range<Int>?
    public var exposure: Exposure?
    /// The RAW and the Live Photo movie shown with it: rarer still, so behind one more
    /// pointer (two inline `CompanionFile?` are 112 bytes).
    public var companionFiles: Companions?
    public var contentIdentifier: String?
    public var duration: Double?
    /// A video's container and codec as the info panel names them ("MP4 · h264").
    public var videoFormat: String?
    /// Where it was taken, in words (from its position and the place table).
    public var place: PhotoPlace?

    public init() {}

    /// True when no field is set: the asset then keeps no details at all.
    public var isEmpty: Bool { self == Values() }
  }

  /// The files shown with a photo (`Asset.rawCompanion`, `Asset.liveMovie`).
  public final class Companions: Hashable, Sendable {
    public let raw: CompanionFile?
    public let live: CompanionFile?

    public init(raw: CompanionFile?, live: CompanionFile?) {
      self.raw = raw
      self.live = live
    }

    /// The pair, or nil when both are nil.
    public static func holding(raw: CompanionFile?, live: CompanionFile?) -> Companions? {
      raw == nil && live == nil ? nil : Companions(raw: raw, live: live)
    }

    public static func == (lhs: Companions, rhs: Companions) -> Bool {
      lhs === rhs || (lhs.raw == rhs.raw && lhs.live == rhs.live)
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(raw)
      hasher.combine(live)
    }
  }

  /// The fields few photos have (a non-UTF-8 path, companions, Apple's content identifier,
  /// a video's length) and any value its packed field cannot hold, as `Values`.
  final class Rare: Sendable {
    let values: Values

    init(_ values: Values) {
      self.values = values
    }
  }

  /// Make, model and lens, shared by every photo with the same three.
  let camera: CameraNames?
  /// Degrees, NaN when not recorded.
  let packedLatitude: Double
  let packedLongitude: Double
  /// The exposure's parts, when `hasExposure`: NaN or `Int32.min` for a part not recorded.
  let fNumber: Double
  let focalLength: Double
  let iso: Int32
  let shutterNumerator: Int32
  let shutterDenominator: Int32
  /// The EXIF thumbnail's byte range; a count of 0 when the file has none.
  let thumbnailStart: UInt32
  let thumbnailCount: UInt32
  /// The place's slot (`PhotoPlace.slot`, 0: none) in the low 24 bits; `hasExposure` and
  /// `hasShutter` in the high 8. A photo with a position has a place, so it is packed, not
  /// rare; one word for both keeps a camera photo's details in an 88-byte heap block.
  let placeAndFlags: UInt32
  let rare: Rare?

  private static let slotMask: UInt32 = 0xFF_FFFF
  private var flags: UInt8 { UInt8(placeAndFlags >> 24) }
  private static let hasExposure: UInt8 = 1
  private static let hasShutter: UInt8 = 2
  private static let absent = Int32.min

  public init(_ values: Values) {
    var rest = values
    rest.cameraMake = nil
    rest.cameraModel = nil
    rest.lensModel = nil
    camera = CameraNames.interned(
      make: values.cameraMake, model: values.cameraModel, lens: values.lensModel)
    (packedLatitude, rest.latitude) = Self.pack(values.latitude)
    (packedLongitude, rest.longitude) = Self.pack(values.longitude)
    if let range = values.exifThumbnail, let start = UInt32(exactly: range.lowerBound),
      let count = UInt32(exactly: range.count), count > 0
    {
      (thumbnailStart, thumbnailCount) = (start, count)
      rest.exifThumbnail = nil
    } else {
      (thumbnailStart, thumbnailCount) = (0, 0)
    }
    var flags: UInt8 = 0
    var packed = (fNumber: Double.nan, focal: Double.nan, iso: Self.absent)
    var shutter = (Self.absent, Self.absent)
    if let exposure = values.exposure, let fitted = Self.pack(exposure) {
      flags |= Self.hasExposure
      packed = (fitted.fNumber, fitted.focal, fitted.iso)
      if let time = fitted.shutter {
        flags |= Self.hasShutter
        shutter = time
      }
      rest.exposure = nil
    }
    (fNumber, focalLength, iso) = packed
    (shutterNumerator, shutterDenominator) = shutter
    // Every place is interned, its slot within 24 bits (`PhotoPlace.slotLimit`).
    placeAndFlags = (values.place?.slot ?? 0) & Self.slotMask | UInt32(flags) << 24
    rest.place = nil
    rare = rest.isEmpty ? nil : Rare(rest)
  }

  /// The details holding `values`, or nil when they are all empty.
  public static func holding(_ values: Values) -> AssetDetails? {
    values.isEmpty ? nil : AssetDetails(values)
  }

  /// Every field, unpacked.
  public var values: Values {
    var values = rare?.values ?? Values()
    values.cameraMake = cameraMake
    values.cameraModel = cameraModel
    values.lensModel = lensModel
    values.place = place
    values.latitude = latitude
    values.longitude = longitude
    values.exifThumbnail = exifThumbnail
    values.exposure = exposure
    return values
  }

  /// The place's slot (0: none), read without the registry's lock.
  public var placeSlot: UInt32 { placeAndFlags & Self.slotMask }
  public var place: PhotoPlace? { PhotoPlace.place(slot: placeSlot) }
  public var cameraMake: String? { camera?.make }
  public var cameraModel: String? { camera?.model }
  public var lensModel: String? { camera?.lens }
  public var latitude: Double? {
    packedLatitude.isNaN ? rare?.values.latitude : packedLatitude
  }
  public var longitude: Double? {
    packedLongitude.isNaN ? rare?.values.longitude : packedLongitude
  }
  public var pathBytes: [UInt8]? { rare?.values.pathBytes }
  public var companionFiles: Companions? { rare?.values.companionFiles }
  public var contentIdentifier: String? { rare?.values.contentIdentifier }
  public var duration: Double? { rare?.values.duration }
  public var videoFormat: String? { rare?.values.videoFormat }

  public var exifThumbnail: Range<Int>? {
    guard thumbnailCount > 0 else { return rare?.values.exifThumbnail }
    return Int(thumbnailStart)..<(Int(thumbnailStart) + Int(thumbnailCount))
  }

  public var exposure: Exposure? {
    guard flags & Self.hasExposure != 0 else { return rare?.values.exposure }
    return Exposure(
      fNumber: fNumber.isNaN ? nil : fNumber,
      exposureTime: flags & Self.hasShutter != 0
        ? ExposureTime(
          numerator: Int64(shutterNumerator), denominator: Int64(shutterDenominator)) : nil,
      iso: iso == Self.absent ? nil : Int(iso),
      focalLength: focalLength.isNaN ? nil : focalLength)
  }

  public static func == (lhs: AssetDetails, rhs: AssetDetails) -> Bool {
    // Packing is canonical (a value goes to the same place whatever else is set), so equal
    // values have equal parts.
    guard lhs !== rhs else { return true }
    return lhs.camera == rhs.camera && lhs.placeAndFlags == rhs.placeAndFlags
      && same(lhs.packedLatitude, rhs.packedLatitude)
      && same(lhs.packedLongitude, rhs.packedLongitude) && same(lhs.fNumber, rhs.fNumber)
      && same(lhs.focalLength, rhs.focalLength) && lhs.iso == rhs.iso
      && lhs.shutterNumerator == rhs.shutterNumerator
      && lhs.shutterDenominator == rhs.shutterDenominator
      && lhs.thumbnailStart == rhs.thumbnailStart && lhs.thumbnailCount == rhs.thumbnailCount
      && lhs.rare?.values == rhs.rare?.values
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(values)
  }

  /// Equal, or both the "not recorded" NaN.
  private static func same(_ a: Double, _ b: Double) -> Bool {
    a == b || (a.isNaN && b.isNaN)
  }

  /// A degree value and what is left for `Rare`: NaN (not recorded) has no packed form.
  private static func pack(_ value: Double?) -> (Double, Double?) {
    guard let value else { return (.nan, nil) }
    return value.isNaN ? (.nan, value) : (value, nil)
  }

  /// The exposure's packed parts, or nil when one of them does not fit (it is then kept whole
  /// in `Rare`).
  private static func pack(_ exposure: Exposure)
    -> (fNumber: Double, focal: Double, iso: Int32, shutter: (Int32, Int32)?)?
  {
    if exposure.fNumber?.isNaN == true || exposure.focalLength?.isNaN == true { return nil }
    var iso = absent
    if let value = exposure.iso {
      guard let fitted = Int32(exactly: value), fitted != absent else { return nil }
      iso = fitted
    }
    var shutter: (Int32, Int32)?
    if let time = exposure.exposureTime {
      guard let numerator = Int32(exactly: time.numerator),
        let denominator = Int32(exactly: time.denominator)
      else { return nil }
      shutter = (numerator, denominator)
    }
    return (exposure.fNumber ?? .nan, exposure.focalLength ?? .nan, iso, shutter)
  }
}
