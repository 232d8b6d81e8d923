/// The people's names and the captions as search reads them, in the same shape as the tags'
/// index: each text folded once into one buffer, each photo's texts by its position.
extension TagSearchIndex {
  /// The index of the people's names (one text a name; a photo's texts are its people).
  public static func people(_ assets: [Asset], people: PhotoPeople) -> TagSearchIndex {
    var text: [UInt8] = []
    var textStarts: [Int32] = []
    textStarts.reserveCapacity(people.names.count)
    for name in people.names {
      textStarts.append(Int32(text.count))
      appendFolded(name.utf8, to: &text)
      text.append(0)
    }
    let positionOfRow = positions(of: people.photoIDs, in: assets)
    let (counts, flat) = byPosition(
      count: assets.count, positionOfRow: positionOfRow, forEachRow: people.forEachPhoto)
    return TagSearchIndex(
      count: assets.count, foldedText: text, pathStarts: textStarts, starts: counts,
      tagIndices: flat)
  }

  /// The index of the titles and captions (one text a photo: its title, a space, its
  /// caption).
  public static func captions(_ assets: [Asset], captions: PhotoCaptions) -> TagSearchIndex {
    var text: [UInt8] = []
    var textStarts: [Int32] = []
    textStarts.reserveCapacity(captions.photoIDs.count)
    captions.forEachPhoto { _, bytes in
      textStarts.append(Int32(text.count))
      // The separator between title and caption becomes a space (not part of a word).
      appendFolded(bytes.lazy.map { $0 == 0x1F ? 0x20 : $0 }, to: &text)
      text.append(0)
    }
    let positionOfRow = positions(of: captions.photoIDs, in: assets)
    var counts = [UInt32](repeating: 0, count: assets.count + 1)
    for position in positionOfRow where position >= 0 { counts[Int(position) + 1] = 1 }
    for i in 1..<counts.count { counts[i] += counts[i - 1] }
    var flat = [UInt32](repeating: 0, count: Int(counts.last ?? 0))
    for (row, position) in positionOfRow.enumerated() where position >= 0 {
      flat[Int(counts[Int(position)])] = UInt32(row)
    }
    return TagSearchIndex(
      count: assets.count, foldedText: text, pathStarts: textStarts, starts: counts,
      tagIndices: flat, words: CaptionWords(text: text, textStarts: textStarts))
  }

  /// `bytes` (UTF-8) folded as place names are into `out`: ASCII lower-cased byte by byte,
  /// a text with other letters through `PlaceFolding` (the rare case that allocates). A 0
  /// byte (which XML cannot hold) becomes a space, since it ends each text.
  static func appendFolded<Bytes: Collection<UInt8>>(_ bytes: Bytes, to out: inout [UInt8]) {
    if bytes.allSatisfy({ $0 < 0x80 }) {
      for byte in bytes { out.append(byte == 0 ? 0x20 : (byte &- 0x41 < 26 ? byte | 0x20 : byte)) }
      return
    }
    let folded = PlaceFolding.folded(String(decoding: Array(bytes), as: UTF8.self))
    for byte in folded.utf8 { out.append(byte == 0 ? 0x20 : byte) }
  }

  /// The position in `assets` of each id of `sortedIDs` (-1 when it is not there), by one
  /// pass over the library and a binary search each.
  static func positions(of sortedIDs: [AssetID], in assets: [Asset]) -> [Int32] {
    var positionOfRow = [Int32](repeating: -1, count: sortedIDs.count)
    guard !sortedIDs.isEmpty else { return positionOfRow }
    assets.withUnsafeBufferPointer { buffer in
      sortedIDs.withUnsafeBufferPointer { ids in
        for i in buffer.indices {
          let id = buffer[i].id
          var low = 0
          var high = ids.count
          while low < high {
            let mid = (low + high) / 2
            if ids[mid] < id { low = mid + 1 } else { high = mid }
          }
          if low < ids.count, ids[low] == id { positionOfRow[low] = Int32(i) }
        }
      }
    }
    return positionOfRow
  }
}
