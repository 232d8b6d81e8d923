/// A region of the picture named in XMP: a face (or a pet, a focus area…) as Lightroom,
/// digiKam and Picasa write it (`mwg-rs:RegionList`), or a person as Windows Photo Gallery
/// writes it (`MPRI:Regions`).
public struct XMPRegion: Sendable, Equatable, Codable {
  /// Where the region is, as the Metadata Working Group defines it: `x` and `y` are its
  /// centre, `width` and `height` its size, all in `unit`.
  public struct Area: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// "normalized" (fractions of the picture's width and height) or "pixel" (of
    /// `XMPRegion.dimensions`), as written; Microsoft's rectangles are normalized.
    public var unit: String

    public init(x: Double, y: Double, width: Double, height: Double, unit: String) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
      self.unit = unit
    }
  }

  /// The person's (or thing's) name; nil for an unnamed region.
  public var name: String?
  /// "Face", "Pet", "Focus", "BarCode"…; nil when not written (Microsoft's are people).
  public var type: String?
  public var area: Area?
  /// The picture size the area's pixels refer to (`mwg-rs:AppliedToDimensions`), when given.
  public var dimensions: PixelDimensions?

  /// Width and height of the picture a region list was drawn on.
  public struct PixelDimensions: Sendable, Equatable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }
  }

  public init(name: String?, type: String?, area: Area?, dimensions: PixelDimensions? = nil) {
    self.name = name
    self.type = type
    self.area = area
    self.dimensions = dimensions
  }

  /// True for a named region of a person: type "Face" or none written.
  public var isNamedPerson: Bool {
    guard let name, !name.isEmpty else { return false }
    return type == nil || type?.lowercased() == "face"
  }

  /// The area as fractions of the picture (centre and size), converting pixels with
  /// `dimensions`; nil when there is no area or its pixels cannot be converted.
  public var normalizedArea: Area? {
    guard let area else { return nil }
    if area.unit.lowercased() != "pixel" { return area }
    guard let dimensions, dimensions.width > 0, dimensions.height > 0 else { return nil }
    return Area(
      x: area.x / dimensions.width, y: area.y / dimensions.height,
      width: area.width / dimensions.width, height: area.height / dimensions.height,
      unit: "normalized")
  }
}
