import Foundation
import LightboxTestSupport
import XCTest

/// A temporary library folder and catalog, with writers for tiny JPEGs carrying EXIF.
struct TestLibrary {
  let folder: URL
  let root: String
  let catalogPath: String

  init(_ label: String) {
    folder = BuiltProduct.temporaryDirectory(label)
    root = folder.appendingPathComponent("photos").path
    catalogPath = folder.appendingPathComponent("data/lightbox/library.sqlite").path
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  func remove() {
    chmodTree(folder.path)
    try? FileManager.default.removeItem(at: folder)
  }

  /// Makes every folder under `path` usable again (tests lock some).
  private func chmodTree(_ path: String) {
    chmod(path, 0o755)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      let child = path + "/" + name
      var info = stat()
      if lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { chmodTree(child) }
    }
  }

  /// Writes a JPEG at `relative` (folders made as needed) and returns its path.
  @discardableResult
  func writeJPEG(
    _ relative: String, date: String? = nil, offset: String? = nil, orientation: Int? = nil,
    width: Int = 8, height: Int = 6, liveIdentifier: String? = nil
  ) throws -> String {
    let path = root + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let bytes = Self.jpeg(
      date: date, offset: offset, orientation: orientation, width: width, height: height,
      liveIdentifier: liveIdentifier)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Writes text at `relative`.
  @discardableResult
  func write(_ relative: String, _ text: String) throws -> String {
    let path = root + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Sets a file's mtime (seconds since the epoch).
  func setMTime(_ path: String, _ seconds: Int) {
    var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
    XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
  }

  /// The head of a JPEG: SOI, APP1 Exif (little-endian TIFF) when any field is given, SOF0
  /// with the size, a scan header, then EOI. Enough for the metadata reader, which never
  /// decodes pixels.
  static func jpeg(
    date: String?, offset: String?, orientation: Int?, width: Int, height: Int,
    liveIdentifier: String? = nil
  ) -> [UInt8] {
    var out: [UInt8] = [0xFF, 0xD8]
    if date != nil || offset != nil || orientation != nil || liveIdentifier != nil {
      let tiff = exifTIFF(
        date: date, offset: offset, orientation: orientation, liveIdentifier: liveIdentifier)
      let length = 2 + 6 + tiff.count
      out += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
      out += Array("Exif".utf8) + [0, 0] + tiff
    }
    out += [0xFF, 0xC0, 0, 11, 8, UInt8(height >> 8), UInt8(height & 0xFF)]
    out += [UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0]
    out += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0, 0x00, 0xFF, 0xD9]
    return out
  }

  /// An iPhone's MakerNote with `identifier` as its ContentIdentifier (tag 0x0011): "Apple
  /// iOS", version 1, big-endian, an IFD at 14 whose offsets count from the note's start.
  static func appleMakerNote(identifier: String) -> [UInt8] {
    func be32(_ v: Int) -> [UInt8] { [0, 0, UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    let text = Array(identifier.utf8) + [0]
    var note = Array("Apple iOS".utf8) + [0, 0, 1] + Array("MM".utf8) + [0, 1]
    note += [0, 0x11, 0, 2] + be32(text.count) + be32(14 + 2 + 12 + 4)
    return note + [0, 0, 0, 0] + text
  }

  /// Little-endian TIFF: IFD0 (Make "Apple" for a Live Photo still, Orientation, the Exif
  /// pointer), the Exif IFD (DateTimeOriginal, OffsetTimeOriginal, Apple's MakerNote), data.
  private static func exifTIFF(
    date: String?, offset: String?, orientation: Int?, liveIdentifier: String?
  ) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
    let make = liveIdentifier.map { _ in Array("Apple".utf8) + [0] }
    // Layout: header (8) | IFD0 | Exif IFD | Make | Exif data.
    let ifd0Count = (orientation != nil ? 1 : 0) + (make != nil ? 1 : 0) + 1
    var exifValues: [(tag: Int, type: Int, bytes: [UInt8])] = [
      (0x9003, date), (0x9011, offset),
    ].compactMap { tag, value in value.map { (tag, 2, Array($0.utf8) + [0]) } }
    if let liveIdentifier {
      exifValues.append((0x927C, 7, appleMakerNote(identifier: liveIdentifier)))
    }
    let ifd0Size = 2 + ifd0Count * 12 + 4
    let exifOffset = 8 + ifd0Size
    let exifSize = 2 + exifValues.count * 12 + 4
    let makeOffset = exifOffset + exifSize
    var dataOffset = makeOffset + (make?.count ?? 0)
    var out: [UInt8] = Array("II".utf8) + u16(42) + u32(8)
    out += u16(ifd0Count)
    if let make { out += u16(0x010F) + u16(2) + u32(make.count) + u32(makeOffset) }
    if let orientation { out += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) }
    out += u16(0x8769) + u16(4) + u32(1) + u32(exifOffset)
    out += u32(0)
    out += u16(exifValues.count)
    var data: [UInt8] = make ?? []
    for value in exifValues {
      out += u16(value.tag) + u16(value.type) + u32(value.bytes.count) + u32(dataOffset)
      data += value.bytes
      dataOffset += value.bytes.count
    }
    out += u32(0)
    return out + data
  }
}
