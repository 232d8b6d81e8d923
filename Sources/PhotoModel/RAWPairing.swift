/// Joins RAW+JPEG pairs: cameras set to "RAW+JPEG" write `IMG_0001.CR3` and
/// `IMG_0001.JPG` side by side, and a photo library shows them as one photo (Apple Photos'
/// "RAW" badge), the JPEG in front.
public enum RAWPairing {
  /// `assets` with each RAW file that has a JPEG or HEIF of the same stem in the same
  /// folder (case-insensitive: `IMG_1.cr2` pairs with `img_1.JPG`) folded into that photo's
  /// `rawCompanion`; order kept, unpaired RAW files stay as photos of their own.
  public static func pair(_ assets: [Asset]) -> [Asset] {
    var fronts: [String: Int] = [:]
    for (index, asset) in assets.enumerated()
    where asset.format == .jpeg || asset.format == .heic || asset.format == .avif {
      let key = stemKey(asset.path)
      if fronts[key] == nil { fronts[key] = index }
    }
    guard !fronts.isEmpty else { return assets }
    var result = assets
    var folded = Set<Int>()
    for (index, asset) in assets.enumerated() where asset.format == .raw {
      guard let front = fronts[stemKey(asset.path)], result[front].rawCompanion == nil else {
        continue
      }
      result[front].rawCompanion = CompanionFile(
        id: asset.id, path: asset.path, byteSize: asset.byteSize)
      folded.insert(index)
    }
    guard !folded.isEmpty else { return assets }
    return result.enumerated().filter { !folded.contains($0.offset) }.map(\.element)
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
