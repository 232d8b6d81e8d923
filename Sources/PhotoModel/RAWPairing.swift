/// Joins RAW+JPEG pairs: cameras set to "RAW+JPEG" write `IMG_0001.CR3` and
/// `IMG_0001.JPG` side by side, and a photo library shows them as one photo (Apple Photos'
/// "RAW" badge), the JPEG in front.
public enum RAWPairing {
  /// `assets` with each RAW file that has a JPEG or HEIF of the same stem in the same
  /// folder (case-insensitive: `IMG_1.cr2` pairs with `img_1.JPG`) folded into that photo's
  /// `rawCompanion`; order kept, unpaired RAW files stay as photos of their own.
  public static func pair(_ assets: consuming [Asset]) -> [Asset] {
    // The RAW files' stems first: most libraries have none and the rest far fewer than
    // JPEGs, so the table of fronts holds only stills with a RAW beside them, not a key per
    // photo (a million keys were ~100 MB while a library of a million photos loaded).
    var rawStems = Set<String>()
    for index in assets.indices where assets[index].format == .raw {
      rawStems.insert(stemKey(assets[index].path))
    }
    guard !rawStems.isEmpty else { return assets }
    var fronts: [String: Int] = [:]
    for index in assets.indices
    where [.jpeg, .heic, .avif].contains(assets[index].format) {
      let key = stemKey(assets[index].path)
      if rawStems.contains(key), fronts[key] == nil { fronts[key] = index }
    }
    guard !fronts.isEmpty else { return assets }
    var folded = Set<AssetID>()
    for index in assets.indices where assets[index].format == .raw {
      let raw = assets[index]
      guard let front = fronts[stemKey(raw.path)], assets[front].rawCompanion == nil else {
        continue
      }
      assets[front].rawCompanion = CompanionFile(id: raw.id, path: raw.path, byteSize: raw.byteSize)
      folded.insert(raw.id)
    }
    // In place: the list handed in is this function's own, not copied again.
    if !folded.isEmpty { assets.removeAll { folded.contains($0.id) } }
    return assets
  }

  /// "/photos/img_0001" for "/photos/IMG_0001.CR3": the folder as it is, the name's stem
  /// lowercased.
  static func stemKey(_ path: String) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let name = path[slash...]
    let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name
    return String(path[..<slash]) + stem.lowercased()
  }
}
