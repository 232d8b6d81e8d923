import DecodeWorker
import Decoders
import Pixels
import PhotoMetadata
import PhotoModel

/// Writes photos of any kind Lightbox decodes as JPEGs of a chosen long edge: upright (the
/// EXIF orientation applied), in sRGB (embedded profiles converted), never enlarged, and
/// never over an existing file. `lightbox export` and, later, the browser's export key.
public enum PhotoExport {
  /// The quality `lightbox export` uses unless told otherwise.
  public static let defaultQuality = 90

  /// Leaves `ExportMarker` in `folder` (once), so a library that holds the folder does not
  /// index the exported copies as new photos.
  public static func markFolder(_ folder: String) {
    let path = (folder.hasSuffix("/") ? folder : folder + "/") + ExportMarker.fileName
    guard !AtomicFile.exists(path) else { return }
    _ = AtomicFile.create(path, with: Array(ExportMarker.text.utf8))
  }

  /// The file name the export of `source` gets: its name with the extension replaced by
  /// `.jpg` (`IMG_1.HEIC` → `IMG_1.jpg`; a name without one gets `.jpg` added).
  public static func outputName(for source: String) -> String {
    let name = source.split(separator: "/").last.map(String.init) ?? source
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name + ".jpg" }
    return String(name[..<dot]) + ".jpg"
  }

  /// Exports the photo at `path` into `folder` (which must exist) with its long edge at most
  /// `longEdge` pixels, at JPEG `quality`, turned `rotation` quarters clockwise after its
  /// orientation; the path written, or a one-line error (a file of
  /// that name already in the folder is one).
  public static func export(
    path: String, into folder: String, longEdge: Int, quality: Int = defaultQuality,
    rotation: Int = 0, decoder: PhotoDecoder
  ) -> Result<String, ImageError> {
    guard longEdge > 0 else { return .failure(ImageError("invalid size \(longEdge)")) }
    let destination =
      (folder.hasSuffix("/") ? folder : folder + "/") + outputName(for: path)
    // Refused before the decode; `AtomicFile.create` refuses again if one appears meanwhile.
    if AtomicFile.exists(destination) { return .failure(AtomicFile.existsError(destination)) }
    let orientation = (try? MetadataReader.read(contentsOf: path).get())?.orientation ?? .up
    let options = DecodeOptions(
      target: PixelSize(width: longEdge, height: longEdge), mode: .fit, quality: .best,
      orientation: orientation)
    // The browser's turn (`rotation`, quarter turns clockwise) on top of the file's own.
    return decoder.decode(path: path, options: options)
      .flatMap { JPEGEncoder.encode($0.turnedClockwise(rotation), quality: quality) }
      .flatMap { bytes in
        if let error = AtomicFile.create(destination, with: bytes) { return .failure(error) }
        return .success(destination)
      }
  }
}
