import PhotoMetadata
import PhotoModel

/// What indexing one file produced: a photo row, or the reason it is not a photo.
struct CatalogEntry: Sendable {
  var path: LibraryPath
  var stamp: FileStamp
  /// The metadata of a photo; nil when the file is not one.
  var metadata: PhotoMetadata?
  /// The capture date, after the EXIF → file name → mtime fallback (photos only).
  var captureDate: CaptureDate?
  /// Why the file is not in `assets` (not a photo, unreadable…).
  var reason: String?
  /// True when reading failed (counted in the summary's errors).
  var isError: Bool
  /// Whether the catalog held this path as a photo (true), as another file (false), or
  /// not at all (nil) before this run.
  var wasPhoto: Bool? = nil
  /// The photo's XMP tags (sidecars over embedded XMP and IPTC), paths from the root.
  var tags: [[String]] = []
  /// Its XMP rating: 1 to 5, 0 unrated, −1 rejected.
  var rating = 0
  /// Its XMP colour label, when it has one.
  var label: String?

  /// Takes the tags, rating and label of `xmp`.
  mutating func take(_ xmp: XMPMetadata) {
    tags = xmp.tagPaths
    rating = min(max(xmp.rating ?? 0, -1), 5)
    label = xmp.label.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// A photo with its metadata.
  init(path: LibraryPath, stamp: FileStamp, metadata: PhotoMetadata, captureDate: CaptureDate) {
    self.path = path
    self.stamp = stamp
    self.metadata = metadata
    self.captureDate = captureDate
    reason = nil
    isError = false
  }

  /// A file that is not (or could not be read as) a photo.
  init(path: LibraryPath, stamp: FileStamp, reason: String, isError: Bool) {
    self.path = path
    self.stamp = stamp
    metadata = nil
    captureDate = nil
    self.reason = reason
    self.isError = isError
  }

  var isPhoto: Bool { metadata != nil }
}
