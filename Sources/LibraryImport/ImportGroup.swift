import PhotoModel

/// Files that travel together: a photo or video and its RAW, its Live Photo movie and its
/// sidecars (`.xmp`, `NAME.EXT.xmp`, `.THM`, `.AAE`), all to one folder under one stem.
public struct ImportGroup: Sendable, Equatable {
  /// The front file first (the JPEG or HEIF of a pair, the still of a Live Photo), then its
  /// companions, then its sidecars.
  public var files: [ImportFile]
  /// The front file as the index reads it (its format, orientation and embedded thumbnail: the
  /// import view draws it).
  public var front: Asset
  /// The front's capture date (EXIF, else the file name, else its mtime: as the index reads it).
  public var captureDate: CaptureDate
  /// The front's camera as people name it ("Canon EOS 40D"), nil when the file does not say.
  public var camera: String?
  /// The destination folder relative to the library ("2024/2024-08-13").
  public var folder: String
  /// The stem every file of the group is named with ("IMG_0001", or "IMG_0001 (2)").
  public var stem: String { suffix == 1 ? baseStem : "\(baseStem) (\(suffix))" }
  /// The stem the template gave.
  public var baseStem: String
  /// 1 for the template's name, 2 and up for "NAME (2)" when the name was taken.
  public var suffix: Int

  /// Files the import copies.
  public var copies: [ImportFile] { files.filter { $0.action == .copy } }
}
