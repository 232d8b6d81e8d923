/// The parts of an `Asset` that many photos lack or that only the info panel, search and the
/// pipeline's EXIF thumbnail read: kept out of line, shared when equal, nil when all empty.
///
/// A library holds every asset in memory (a million of them at the largest size), and
/// these optionals were two thirds of an asset's 504 bytes; out of line, a photo without them
/// costs one pointer (DECISIONS.md, 2026-11-26). Immutable, so sharing needs no locks: a
/// change makes a new one.
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

  public let values: Values

  public init(_ values: Values) {
    self.values = values
  }

  /// The details holding `values`, or nil when they are all empty.
  public static func holding(_ values: Values) -> AssetDetails? {
    values.isEmpty ? nil : AssetDetails(values)
  }

  public static func == (lhs: AssetDetails, rhs: AssetDetails) -> Bool {
    lhs === rhs || lhs.values == rhs.values
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(values)
  }
}
