/// Where tag, rating, label and caption edits are written (config `xmp-write`).
public enum XMPWriteMode: String, Hashable, Sendable, CaseIterable {
  /// The photo's XMP sidecar (`IMG_1234.JPG.xmp`, or the one it has): the photo untouched.
  case sidecar
  /// The JPEG's own XMP packet (APP1), or a HEIF/AVIF still's XMP item, the file replaced
  /// atomically; other formats, image sequences, and photos that already have a sidecar
  /// (which readers prefer), still go to the sidecar.
  case embedded
}
