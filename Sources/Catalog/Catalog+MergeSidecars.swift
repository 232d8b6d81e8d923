import Foundation
import GRDB
import PhotoMetadata
import PhotoModel

/// A merge's edit of its keeper's sidecar in the merge journal (issue 35, after the tags of
/// issue 37): journaled with the rest of the merge, before the sidecar is written.
extension Catalog {
  /// Migration v15: the keeper's sidecar edit in each merge's row (NULL `sidecar`: none).
  static let mergeTagsMigration =
    "v15-merge-tags: the keeper's sidecar edit and its bytes before, in the merge journal"

  static func addMergeSidecars(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE merges ADD COLUMN keeper_photo TEXT;     -- the keeper's file
        ALTER TABLE merges ADD COLUMN sidecar TEXT;          -- the sidecar edited, or NULL
        ALTER TABLE merges ADD COLUMN sidecar_before BLOB;   -- its bytes; NULL: created
        ALTER TABLE merges ADD COLUMN add_tags TEXT;         -- paths, see `encodeTags`
        ALTER TABLE merges ADD COLUMN set_rating INTEGER;
        ALTER TABLE merges ADD COLUMN set_label TEXT;
        """)
  }

  /// What separates two tag paths in `add_tags` (U+001E; U+001F separates a path's parts):
  /// no tag holds a control character (`XMPEdit.problem`).
  static let tagPathSeparator: Character = "\u{1E}"

  /// Tag paths as one text for the journal.
  static func encodeTags(_ paths: [[String]]) -> String {
    paths.map { $0.joined(separator: String(tagPartSeparator)) }
      .joined(separator: String(tagPathSeparator))
  }

  /// The tag paths of a journal's text.
  static func decodeTags(_ text: String) -> [[String]] {
    text.split(separator: tagPathSeparator).map { tagParts(String($0)) }
  }

  /// The values of the `sidecar…` columns for a merge's row.
  static func journalValues(_ edit: MergeSidecarEdit?) -> [(any DatabaseValueConvertible)?] {
    guard let edit else { return [nil, nil, nil, nil, nil, nil] }
    return [
      edit.photo, edit.sidecar, edit.before.map { Data($0) }, encodeTags(edit.edit.addTags),
      edit.edit.rating, edit.edit.label,
    ]
  }

  /// The sidecar edit of a merge's row (its columns from `keeper_photo` on), nil for none.
  static func sidecarEdit(_ row: Row, from first: Int) -> MergeSidecarEdit? {
    guard let photo: String = row[first], let sidecar: String = row[first + 1] else {
      return nil
    }
    let before: Data? = row[first + 2]
    let tags: String = row[first + 3] ?? ""
    let edit = XMPEdit(addTags: decodeTags(tags), rating: row[first + 4], label: row[first + 5])
    return MergeSidecarEdit(
      photo: photo, sidecar: sidecar, before: before.map { [UInt8]($0) }, edit: edit)
  }

  /// Sets the photo `id`'s tags, rating and label to what its files say now (after a merge
  /// wrote its sidecar, or its undo put the sidecar back): the catalog follows at once, as
  /// after a tag edit.
  public func readTags(of id: AssetID, photo: String) throws {
    var entry = CatalogEntry(
      path: LibraryPath(photo), stamp: FileStamp(size: 0, mtimeNanoseconds: 0), reason: "",
      isError: false)
    entry.take(XMPReader.read(contentsOf: photo).metadata)
    try storeTags([id: (entry.tags, entry.rating, entry.label)])
  }
}
