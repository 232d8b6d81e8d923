import PhotoModel

/// PLACEHOLDER until the real matcher lands: words match file names, cameras and albums.
public struct SearchQuery: Hashable, Sendable {
  let words: [String]

  public init(_ text: String, today: (year: Int, month: Int, day: Int)) {
    words = text.lowercased().split(separator: " ").map(String.init)
  }

  public var isEmpty: Bool { words.isEmpty }

  public func matches(_ asset: Asset, albumNames: [String]) -> Bool {
    let hay = ([asset.fileName, asset.cameraMake ?? "", asset.cameraModel ?? "", String(asset.captureDate.year)] + albumNames)
      .joined(separator: "\n").lowercased()
    return words.allSatisfy { hay.contains($0) }
  }
}
