/// Work the reducer asks for, as plain data; the effect runner does it and answers with
/// actions.
public enum Effect: Hashable, Sendable {
  /// Load the library from the catalog at once, then index these folders in the background
  /// (answering `.indexProgress`, `.libraryLoaded`, `.indexFinished`) and watch them for
  /// changes (answering `.libraryLoaded`).
  case scanLibrary(roots: [String])
  /// Decode and scale an image; answers `.imageLoaded` or `.imageFailed`.
  case loadImage(ImageRequest)
  /// The image is no longer wanted: drop the pending work (a finished image may stay cached).
  case cancelImage(ImageKey)
}
