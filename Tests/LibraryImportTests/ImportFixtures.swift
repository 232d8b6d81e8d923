import Foundation
import LibraryImport
import LightboxTestSupport
import XCTest

/// A source folder and a library in a fresh temporary folder, and small JPEGs whose EXIF says
/// what a test needs (the metadata reader never decodes pixels, so a head is enough).
final class ImportFixtures {
  let root: String
  var source: String { root + "/card" }
  var library: String { root + "/library" }
  var ledger: String { root + "/state/imported.tsv" }

  init(_ label: String) {
    root =
      NSTemporaryDirectory()
      + "lightbox-import-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try? FileManager.default.createDirectory(
      atPath: root + "/card", withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(atPath: root) }

  /// An importer into `library` with `template`, keeping its ledger in the fixture.
  func importer(
    template: String = ImportTemplate.defaultText, deleteAfter: Bool = false, threads: Int = 2
  ) throws -> Importer {
    Importer(
      options: Importer.Options(
        library: library, template: try ImportTemplate(template), ledgerPath: ledger,
        deleteAfter: deleteAfter, threads: threads, environment: [:]))
  }

  /// Writes a JPEG head at `relative` under the source; `tag` makes its bytes unique.
  @discardableResult
  func writeJPEG(
    _ relative: String, date: String? = nil, offset: String? = nil, make: String? = nil,
    model: String? = nil, tag: String = ""
  ) throws -> String {
    let path = source + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    var bytes = Self.jpeg(date: date, offset: offset, make: make, model: model)
    bytes.removeLast(2)
    bytes += [0xFF, 0xFE, 0, UInt8(2 + tag.utf8.count)] + Array(tag.utf8) + [0xFF, 0xD9]
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Writes `text` at `relative` under the source.
  @discardableResult
  func write(_ relative: String, _ text: String, under base: String? = nil) throws -> String {
    let path = (base ?? source) + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Copies a corpus file to `relative` under the source, or throws XCTSkip without the corpus.
  @discardableResult
  func copyCorpus(_ corpusPath: String, to relative: String) throws -> String {
    guard let corpus = LightboxTestSupportCorpus.root else {
      throw XCTSkip("../shared/corpus is absent: corpus import tests skipped")
    }
    let path = source + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: corpus + "/" + corpusPath, toPath: path)
    return path
  }

  /// Every regular file under `folder` (relative paths, hidden ones included), sorted.
  static func files(under folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var out: [String] = []
    while let next = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + next, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        out.append(next)
      }
    }
    return out.sorted()
  }

  static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// SOI, APP1 Exif (IFD0 Make/Model, Exif IFD DateTimeOriginal/OffsetTimeOriginal), SOF0,
  /// a scan header, EOI.
  static func jpeg(date: String?, offset: String?, make: String?, model: String?) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
    var out: [UInt8] = [0xFF, 0xD8]
    let ifd0: [(Int, [UInt8])] = [(0x010F, make), (0x0110, model)].compactMap { tag, text in
      text.map { (tag, Array($0.utf8) + [0]) }
    }
    let exif: [(Int, [UInt8])] = [(0x9003, date), (0x9011, offset)].compactMap { tag, text in
      text.map { (tag, Array($0.utf8) + [0]) }
    }
    if !ifd0.isEmpty || !exif.isEmpty {
      let ifd0Size = 2 + (ifd0.count + 1) * 12 + 4
      let exifOffset = 8 + ifd0Size
      let exifSize = 2 + exif.count * 12 + 4
      var dataOffset = exifOffset + exifSize
      var tiff: [UInt8] = Array("II".utf8) + u16(42) + u32(8) + u16(ifd0.count + 1)
      var data: [UInt8] = []
      for (tag, bytes) in ifd0 {
        tiff += u16(tag) + u16(2) + u32(bytes.count) + u32(dataOffset)
        data += bytes
        dataOffset += bytes.count
      }
      tiff += u16(0x8769) + u16(4) + u32(1) + u32(exifOffset) + u32(0)
      tiff += u16(exif.count)
      for (tag, bytes) in exif {
        tiff += u16(tag) + u16(2) + u32(bytes.count) + u32(dataOffset)
        data += bytes
        dataOffset += bytes.count
      }
      tiff += u32(0) + data
      let length = 2 + 6 + tiff.count
      out += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif".utf8) + [0, 0]
      out += tiff
    }
    out += [0xFF, 0xC0, 0, 11, 8, 0, 6, 0, 8, 1, 1, 0x11, 0]
    out += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0, 0x00, 0xFF, 0xD9]
    return out
  }
}

/// ../shared/corpus, when it is here.
enum LightboxTestSupportCorpus {
  static var root: String? { CorpusLocator.corpus?.path }
}
