import Foundation
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
  /// The people its named face regions name (type Face or none), each once, with the
  /// face's rectangle when the region gives one.
  var people: [(name: String, face: FaceArea?)] = []
  /// Its `dc:title`, when not empty.
  var title: String?
  /// Its `dc:description` (the caption), when not empty.
  var caption: String?

  /// Takes the tags, rating, label, people, title and caption of `xmp`.
  mutating func take(_ xmp: XMPMetadata) {
    tags = xmp.tagPaths
    rating = min(max(xmp.rating ?? 0, -1), 5)
    label = xmp.label.flatMap { $0.isEmpty ? nil : $0 }
    var seen = Set<String>()
    people = (xmp.regions ?? []).compactMap { region in
      guard region.isNamedPerson, let raw = region.name else { return nil }
      let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !name.isEmpty, seen.insert(name).inserted else { return nil }
      return (name, Self.face(region.normalizedArea))
    }
    title = xmp.title.flatMap { $0.isEmpty ? nil : $0 }
    caption = xmp.caption.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The face of a region's area as fractions of the picture; nil unless its unit says
  /// "normalized" (or was converted from pixels) and it lies inside the picture (exiftool's
  /// sample writes an 8 × 8 area without a unit).
  static func face(_ area: XMPRegion.Area?) -> FaceArea? {
    guard let area, area.unit.lowercased() == "normalized", area.width > 0, area.height > 0
    else { return nil }
    let left = area.x - area.width / 2
    let top = area.y - area.height / 2
    let slack = 0.001
    guard left >= -slack, top >= -slack, left + area.width <= 1 + slack,
      top + area.height <= 1 + slack
    else { return nil }
    return FaceArea(centreX: area.x, centreY: area.y, width: area.width, height: area.height)
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
