import Foundation

@testable import Decoders

/// Writes small TIFF-structured camera RAW files with the makers' IFD layouts and real JPEG
/// previews (the raw data itself is a stand-in: nothing reads it).
///
/// Little-endian TIFF; each IFD's out-of-line values follow it. Layouts copied:
/// - CR2 (Canon EOS 5D Mark II…): "CR" 2.0 at byte 8; IFD0 = the full-size preview as one
///   JPEG strip (Compression 6) with Make, Model, Orientation; IFD1 = the thumbnail
///   (JPEGInterchangeFormat); IFD3 = the raw data as a lossless JPEG (SOF3).
/// - NEF (Nikon D700…): IFD0 a tiny uncompressed RGB thumbnail (NewSubfileType 1) with
///   SubIFDs: SubIFD0 = JpgFromRaw (JPEGInterchangeFormat), SubIFD1 = the raw data.
/// - ARW (Sony α7…): IFD0 holds the preview as JPEGInterchangeFormat; a SubIFD the raw.
/// - DNG (Adobe DNG 1.4): IFD0 a thumbnail (NewSubfileType 1, RGB) with DNGVersion and
///   SubIFDs: the raw (NewSubfileType 0, Compression 7, lossless JPEG, CFA) and a preview
///   (NewSubfileType 1, Compression 7, baseline JPEG, YCbCr).
/// - ORF (Olympus E-M10…): magic "IIRO"; IFD0 the raw strips and ExifIFD, IFD1 the small
///   JPEG thumbnail; the preview is reached only through the ExifIFD's Olympus maker note
///   (CameraSettings 0x2020 → PreviewImageStart/Length, offsets from the note's start).
/// - RW2 (Panasonic GH5…): magic 0x55; IFD0 carries the whole preview inline as JpgFromRaw
///   (tag 0x002E, UNDEFINED).
enum RAWFixture {
  enum Layout: String, CaseIterable { case cr2, nef, arw, dng, orf, rw2 }

  struct Entry {
    var tag: UInt16
    var type: UInt16
    var count: UInt32
    var data: [UInt8]
  }

  /// A lossless-JPEG (SOF3) stream claiming `width`×`height`: raw data, never a preview.
  static func losslessStream(width: Int, height: Int) -> [UInt8] {
    [0xFF, 0xD8, 0xFF, 0xC3, 0, 11, 12, UInt8(height >> 8), UInt8(height & 0xFF)]
      + [UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0] + [0xFF, 0xD9]
  }

  static func short(_ tag: UInt16, _ value: Int) -> Entry {
    Entry(tag: tag, type: 3, count: 1, data: le16(value) + [0, 0])
  }

  static func long(_ tag: UInt16, _ value: Int) -> Entry {
    Entry(tag: tag, type: 4, count: 1, data: le32(value))
  }

  static func ascii(_ tag: UInt16, _ text: String) -> Entry {
    let bytes = Array(text.utf8) + [0]
    return Entry(tag: tag, type: 2, count: UInt32(bytes.count), data: bytes)
  }

  static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
  static func le32(_ v: Int) -> [UInt8] {
    [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
  }

  /// A file being assembled: blobs are appended and their offsets handed back.
  struct Writer {
    var bytes: [UInt8]

    mutating func append(_ blob: [UInt8]) -> Int {
      if bytes.count % 2 == 1 { bytes.append(0) }
      let offset = bytes.count
      bytes += blob
      return offset
    }

    /// Appends an IFD (entries sorted by tag) and returns its offset; `next` is patched
    /// later through `patchNext`.
    mutating func appendIFD(_ entries: [Entry]) -> Int {
      let sorted = entries.sorted { $0.tag < $1.tag }
      if bytes.count % 2 == 1 { bytes.append(0) }
      let offset = bytes.count
      let tableSize = 2 + sorted.count * 12 + 4
      var outOfLine: [UInt8] = []
      var table = le16(sorted.count)
      for entry in sorted {
        table += le16(Int(entry.tag)) + le16(Int(entry.type)) + le32(Int(entry.count))
        if entry.data.count <= 4 {
          table += entry.data + [UInt8](repeating: 0, count: 4 - entry.data.count)
        } else {
          table += le32(offset + tableSize + outOfLine.count)
          outOfLine += entry.data
          if outOfLine.count % 2 == 1 { outOfLine.append(0) }
        }
      }
      table += le32(0)
      bytes += table + outOfLine
      return offset
    }

    mutating func patch(_ at: Int, _ value: Int) {
      bytes.replaceSubrange(at..<(at + 4), with: le32(value))
    }

    /// Points IFD `from`'s next-IFD field at `to`.
    mutating func link(_ from: Int, to: Int) {
      let count = Int(bytes[from]) | Int(bytes[from + 1]) << 8
      patch(from + 2 + count * 12, to)
    }
  }

  /// A RAW file of `layout` with a `preview` JPEG (the largest) and a smaller `thumbnail`
  /// JPEG, and IFD0 Orientation `orientation`.
  /// `oldOlympusNote`: an ORF's maker note in the E-500-era "OLYMP\0" form, whose offsets
  /// count from the file's TIFF header.
  static func make(
    _ layout: Layout, preview: [UInt8], thumbnail: [UInt8], orientation: Int,
    oldOlympusNote: Bool = false
  ) -> [UInt8] {
    let magic: [UInt8] =
      switch layout {
      case .orf: Array("IIRO".utf8)
      case .rw2: [0x49, 0x49, 0x55, 0x00]
      default: [0x49, 0x49, 0x2A, 0x00]
      }
    var w = Writer(bytes: magic + le32(layout == .cr2 ? 16 : 8))
    if layout == .cr2 { w.bytes += [0x43, 0x52, 2, 0, 0, 0, 0, 0] }  // "CR", 2.0, IFD3
    let camera = [ascii(0x010F, "Maker"), ascii(0x0110, "Model \(layout.rawValue)")]
    let raw = losslessStream(width: 6000, height: 4000)
    switch layout {
    case .cr2:
      let ifd0 = w.appendIFD(
        camera + [
          short(0x0112, orientation), short(0x0103, 6), long(0x0111, 0),
          long(0x0117, preview.count),
        ])
      let ifd1 = w.appendIFD([long(0x0201, 0), long(0x0202, thumbnail.count)])
      let ifd3 = w.appendIFD([short(0x0103, 6), long(0x0111, 0), long(0x0117, raw.count)])
      w.link(ifd0, to: ifd1)
      w.patch(12, ifd3)
      patchValue(&w, ifd: ifd0, tag: 0x0111, to: w.append(preview))
      patchValue(&w, ifd: ifd1, tag: 0x0201, to: w.append(thumbnail))
      patchValue(&w, ifd: ifd3, tag: 0x0111, to: w.append(raw))
    case .nef, .arw:
      let holder = layout == .nef ? thumbnail : preview
      let ifd0 = w.appendIFD(
        camera + [
          long(0x00FE, layout == .nef ? 1 : 0), short(0x0112, orientation),
          long(0x014A, 0), long(0x0201, 0), long(0x0202, holder.count),
        ])
      let sub0 = w.appendIFD(
        layout == .nef
          ? [long(0x00FE, 1), long(0x0201, 0), long(0x0202, preview.count)]
          : [long(0x00FE, 0), short(0x0103, 32767), long(0x0111, 0), long(0x0117, raw.count)])
      patchValue(&w, ifd: ifd0, tag: 0x014A, to: sub0)
      patchValue(&w, ifd: ifd0, tag: 0x0201, to: w.append(holder))
      if layout == .nef {
        patchValue(&w, ifd: sub0, tag: 0x0201, to: w.append(preview))
      } else {
        patchValue(&w, ifd: sub0, tag: 0x0111, to: w.append(raw))
      }
    case .dng:
      let ifd0 = w.appendIFD(
        camera + [
          long(0x00FE, 1), short(0x0112, orientation), short(0x0103, 1),
          Entry(tag: 0x014A, type: 4, count: 2, data: le32(0) + le32(0)),
          Entry(tag: 0xC612, type: 1, count: 4, data: [1, 4, 0, 0]),
        ])
      let rawIFD = w.appendIFD([
        long(0x00FE, 0), short(0x0103, 7), short(0x0106, 32803), long(0x0111, 0),
        long(0x0117, raw.count),
      ])
      let previewIFD = w.appendIFD([
        long(0x00FE, 1), short(0x0103, 7), short(0x0106, 6), long(0x0111, 0),
        long(0x0117, preview.count),
      ])
      let subIFDs = valueOffset(w, ifd: ifd0, tag: 0x014A)
      w.patch(subIFDs, rawIFD)
      w.patch(subIFDs + 4, previewIFD)
      patchValue(&w, ifd: rawIFD, tag: 0x0111, to: w.append(raw))
      patchValue(&w, ifd: previewIFD, tag: 0x0111, to: w.append(preview))
    case .orf:
      let ifd0 = w.appendIFD(
        camera + [
          short(0x0112, orientation), long(0x0111, 0), long(0x0117, raw.count),
          long(0x8769, 0),
        ])
      let ifd1 = w.appendIFD([long(0x0201, 0), long(0x0202, thumbnail.count)])
      w.link(ifd0, to: ifd1)
      let note = olympusMakerNote(previewLength: preview.count, old: oldOlympusNote)
      let exif = w.appendIFD([
        Entry(tag: 0x927C, type: 7, count: UInt32(note.bytes.count), data: note.bytes)
      ])
      patchValue(&w, ifd: ifd0, tag: 0x8769, to: exif)
      let noteStart = valueOffset(w, ifd: exif, tag: 0x927C)
      patchValue(&w, ifd: ifd0, tag: 0x0111, to: w.append(raw))
      patchValue(&w, ifd: ifd1, tag: 0x0201, to: w.append(thumbnail))
      // Offsets count from the maker note's first byte, or (old notes) from the file's.
      let base = oldOlympusNote ? 0 : noteStart
      w.patch(noteStart + note.previewStartField, w.append(preview) - base)
      w.patch(noteStart + note.settingsField, noteStart + note.settings - base)
    case .rw2:
      _ = w.appendIFD(
        camera + [
          short(0x0112, orientation),
          Entry(tag: 0x002E, type: 7, count: UInt32(preview.count), data: preview),
        ])
    }
    return w.bytes
  }

  /// An E-M10-style Olympus maker note: "OLYMPUS\0", "II", version 3, then an IFD (12 bytes
  /// in, offsets from the note's first byte) whose CameraSettings (0x2020, type IFD) holds
  /// PreviewImageValid/Start/Length (0x0100–0x0102); `old`: "OLYMP\0" and version 1, the IFD
  /// 8 bytes in. The caller patches the fields named (note-relative indices) once the note's
  /// place is known: CameraSettings' pointer (to `settings`) and the preview's start.
  static func olympusMakerNote(previewLength: Int, old: Bool) -> (
    bytes: [UInt8], settings: Int, settingsField: Int, previewStartField: Int
  ) {
    var note = Writer(
      bytes: old ? Array("OLYMP\0".utf8) + [1, 0] : Array("OLYMPUS\0II".utf8) + le16(3))
    let main = note.appendIFD([
      Entry(tag: 0x0000, type: 7, count: 4, data: Array("0100".utf8)),
      Entry(tag: 0x2020, type: 13, count: 1, data: le32(0)),
    ])
    let settings = note.appendIFD([
      long(0x0100, 1), long(0x0101, 0), long(0x0102, previewLength),
    ])
    return (
      note.bytes, settings, valueOffset(note, ifd: main, tag: 0x2020),
      valueOffset(note, ifd: settings, tag: 0x0101)
    )
  }

  /// The offset of the value field (or out-of-line value) of `tag` in the IFD at `ifd`.
  static func valueOffset(_ w: Writer, ifd: Int, tag: UInt16) -> Int {
    let count = Int(w.bytes[ifd]) | Int(w.bytes[ifd + 1]) << 8
    for i in 0..<count {
      let at = ifd + 2 + i * 12
      if Int(w.bytes[at]) | Int(w.bytes[at + 1]) << 8 == Int(tag) {
        let entryCount =
          Int(w.bytes[at + 4]) | Int(w.bytes[at + 5]) << 8 | Int(w.bytes[at + 6]) << 16
        let type = Int(w.bytes[at + 2])
        let size = entryCount * (type == 3 ? 2 : type == 4 ? 4 : 1)
        if size <= 4 { return at + 8 }
        return Int(w.bytes[at + 8]) | Int(w.bytes[at + 9]) << 8 | Int(w.bytes[at + 10]) << 16
      }
    }
    preconditionFailure("tag \(tag) not in the IFD")
  }

  static func patchValue(_ w: inout Writer, ifd: Int, tag: UInt16, to value: Int) {
    w.patch(valueOffset(w, ifd: ifd, tag: tag), value)
  }
}
