/// Work the reducer asks for, as plain data; the effect runner does it and answers with
/// actions.
public enum Effect: Hashable, Sendable {
  /// Walk these folders and read every photo's metadata.
  case scanLibrary(roots: [String])
  /// Decode and scale an image; answers `.imageLoaded` or `.imageFailed`.
  case loadImage(ImageRequest)
  /// The image is no longer wanted: drop the pending work (a finished image may stay cached).
  case cancelImage(ImageKey)
}
