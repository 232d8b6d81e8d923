/// How a decoded image is fitted to the requested pixel size.
public enum ResizeMode: String, Sendable, Hashable, Codable {
  /// The whole image, aspect kept, inside the target (detail view).
  case fit
  /// The target filled, aspect kept, centre-cropped (square grid tiles).
  case fill
}
