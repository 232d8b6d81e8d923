extension HEIFXMPItem {
  /// What opens an undo record, telling it from a packet.
  static let undoSignature = Array("LightboxHEIFundo".utf8)

  /// True when `bytes` are an undo record `writing` made (not a packet).
  public static func isUndoRecord(_ bytes: [UInt8]) -> Bool { bytes.starts(with: undoSignature) }

  /// Writes `packet` into the HEIF `bytes` (`replacingPacket`) and gives, with the new file,
  /// the record `restoring` takes to give the old one back byte for byte: the old `meta` box,
  /// where it was, the old file's length and where the new `mdat` went. A few kilobytes,
  /// not the file: only `meta` changed, and the rest only moved.
  public static func writing(_ packet: [UInt8], into bytes: [UInt8])
    -> Result<(bytes: [UInt8], undo: [UInt8]), XMPWriteError>
  {
    edit(bytes, packet).flatMap { written in
      HEIFMetaLayout.read(bytes).map { layout in
        let meta = layout.meta
        var undo = undoSignature
        for value in [meta.start, bytes.count, written.insertion, written.inserted] {
          undo += Plan.be(value, 8)
        }
        undo += bytes[meta.start..<meta.end]
        return (written.bytes, undo)
      }
    }
  }

  /// The file `writing` was given, from the file it wrote (`bytes`) and its undo record;
  /// refused when `bytes` is not that file any more.
  public static func restoring(_ undo: [UInt8], in bytes: [UInt8]) -> Result<[UInt8], XMPWriteError>
  {
    let changed = XMPWriteError("the file is not as Lightbox wrote it: not undone")
    let fields = undoSignature.count
    guard undo.count > fields + 32, undo.starts(with: undoSignature) else {
      return .failure(changed)
    }
    let numbers = (0..<4).map { index -> Int in
      let at = fields + 8 * index
      return undo[at..<(at + 8)].reduce(0) { ($0 << 8) | Int($1) } & Int.max
    }
    let (metaStart, oldLength, insertion, inserted) = (
      numbers[0], numbers[1], numbers[2], numbers[3]
    )
    // Bounded so that no sum below can overflow, whatever the record holds.
    guard numbers.allSatisfy({ $0 < 1 << 48 }), inserted >= 8 else { return .failure(changed) }
    let oldMeta = undo[(fields + 32)...]
    let oldMetaEnd = metaStart + oldMeta.count
    guard metaStart <= bytes.count - 8, oldMetaEnd <= insertion, insertion <= oldLength,
      bytes[(metaStart + 4)..<(metaStart + 8)].elementsEqual("meta".utf8)
    else { return .failure(changed) }
    let size = bytes[metaStart..<(metaStart + 4)].reduce(0) { ($0 << 8) | Int($1) }
    let metaEnd = metaStart + size
    let mdat = metaEnd + insertion - oldMetaEnd
    guard size >= 8, bytes.count == mdat + inserted + oldLength - insertion,
      bytes[mdat..<(mdat + 4)].elementsEqual(Plan.be(inserted, 4)),
      bytes[(mdat + 4)..<(mdat + 8)].elementsEqual("mdat".utf8)
    else { return .failure(changed) }
    return .success(
      Array(bytes[..<metaStart]) + oldMeta + bytes[metaEnd..<mdat] + bytes[(mdat + inserted)...])
  }
}
