/// Reads the region lists of an XMP packet: the Metadata Working Group's (`mwg-rs:Regions`,
/// written by Lightroom, digiKam, Picasa and exiftool) and Microsoft Photo's
/// (`MP:RegionInfo`, written by Windows Photo Gallery).
enum XMPRegionReader {
  static let mwgRegions = "http://www.metadataworkinggroup.com/schemas/regions/"
  static let area = "http://ns.adobe.com/xmp/sType/Area#"
  static let dimensions = "http://ns.adobe.com/xap/1.0/sType/Dimensions#"
  static let microsoftPhoto = "http://ns.microsoft.com/photo/1.2/"
  static let microsoftRegionInfo = "http://ns.microsoft.com/photo/1.2/t/RegionInfo#"
  static let microsoftRegion = "http://ns.microsoft.com/photo/1.2/t/Region#"

  /// The regions of an `mwg-rs:Regions` structure.
  static func mwg(_ tree: XMLTree, _ value: XMLTree.Value) -> [XMPRegion] {
    var list: XMLTree.Value?
    var applied: XMPRegion.PixelDimensions?
    for (name, field) in tree.fields(of: value) where name.uri == mwgRegions {
      if name.local == "RegionList" { list = field }
      if name.local == "AppliedToDimensions" { applied = dimensions(tree, field) }
    }
    guard let list else { return [] }
    return tree.items(of: list, limit: XMPMetadata.maxItems).map { item in
      var region = XMPRegion(name: nil, type: nil, area: nil, dimensions: applied)
      for (name, field) in tree.fields(of: item) where name.uri == mwgRegions {
        switch name.local {
        case "Name": region.name = tree.text(of: field)
        case "Type": region.type = tree.text(of: field)
        case "Area": region.area = area(tree, field)
        default: break
        }
      }
      return region
    }
  }

  /// The regions of an `MP:RegionInfo` structure: `MPReg:Rectangle` is "left, top, width,
  /// height" as fractions, turned into the MWG's centre and size.
  static func microsoft(_ tree: XMLTree, _ value: XMLTree.Value) -> [XMPRegion] {
    let lists = tree.fields(of: value).filter { $0.name.is(microsoftRegionInfo, "Regions") }
    guard let list = lists.first?.value else { return [] }
    return tree.items(of: list, limit: XMPMetadata.maxItems).map { item in
      var region = XMPRegion(name: nil, type: nil, area: nil)
      for (name, field) in tree.fields(of: item) where name.uri == microsoftRegion {
        if name.local == "PersonDisplayName" { region.name = tree.text(of: field) }
        if name.local == "Rectangle", let text = tree.text(of: field) {
          let numbers = text.split(separator: ",").compactMap { number(String($0)) }
          if numbers.count == 4 {
            region.area = XMPRegion.Area(
              x: numbers[0] + numbers[2] / 2, y: numbers[1] + numbers[3] / 2, width: numbers[2],
              height: numbers[3], unit: "normalized")
          }
        }
      }
      return region
    }
  }

  /// An `stArea` structure; nil without its four numbers.
  private static func area(_ tree: XMLTree, _ value: XMLTree.Value) -> XMPRegion.Area? {
    var values: [String: Double] = [:]
    var unit = "normalized"
    for (name, field) in tree.fields(of: value) where name.uri == area {
      guard let text = tree.text(of: field) else { continue }
      if name.local == "unit" {
        unit = text.trimmingBlanks
      } else if let number = number(text) {
        values[name.local] = number
      }
    }
    guard let x = values["x"], let y = values["y"], let w = values["w"], let h = values["h"]
    else { return nil }
    return XMPRegion.Area(x: x, y: y, width: w, height: h, unit: unit)
  }

  /// An `stDim` structure; nil without both numbers.
  private static func dimensions(_ tree: XMLTree, _ value: XMLTree.Value)
    -> XMPRegion.PixelDimensions?
  {
    var values: [String: Double] = [:]
    for (name, field) in tree.fields(of: value) where name.uri == dimensions {
      if let text = tree.text(of: field), let number = number(text) { values[name.local] = number }
    }
    guard let w = values["w"], let h = values["h"] else { return nil }
    return XMPRegion.PixelDimensions(width: w, height: h)
  }

  /// A finite number written in the text ("0.25", " 12 ").
  private static func number(_ text: String) -> Double? {
    guard let value = Double(text.trimmingBlanks), value.isFinite else { return nil }
    return value
  }
}
