import Foundation
import PhotoMetadata
import PhotoModel

extension LibraryTrash {
  /// Merges duplicates: the journal row and the keeper's new state in one transaction
  /// (`Catalog.beginMerge`), then the keeper's sidecar edit (`keeperEdit`: the others' tags,
  /// rating and label; written atomically, only when it changes the sidecar), then the
  /// others' files to the Trash, then the row marked done. A process killed in between
  /// leaves the row pending: `finishMerges` makes the rest at the next start, so each photo
  /// ends merged or untouched and the sidecar has its old bytes or its new ones. A sidecar
  /// that cannot take the edit (one that cannot be parsed) stops the merge before anything
  /// changed. Returns one-line problems.
  public func merge(
    keeper: AssetID, others: [AssetID], now: Int64,
    keeperEdit: (photo: String, edit: XMPEdit)? = nil
  ) throws -> [String] {
    var sidecar: MergeSidecarEdit?
    if let keeperEdit, !keeperEdit.edit.isEmpty {
      switch XMPSidecarWriter.prepare(keeperEdit.edit, toPhotoAt: keeperEdit.photo) {
      case .success(let prepared):
        if prepared.changes {
          sidecar = MergeSidecarEdit(
            photo: keeperEdit.photo, sidecar: prepared.sidecar, before: prepared.before,
            edit: keeperEdit.edit)
        }
      case .failure(let error):
        return ["not merged: \(Self.fileName(keeperEdit.photo)): \(error.reason)"]
      }
    }
    let id = try catalog.beginMerge(keeper: keeper, others: others, now: now, sidecar: sidecar)
    let written = writeSidecar(sidecar, keeper: keeper)
    let problems = moveToTrash(others, now: now)
    if problems.isEmpty { try catalog.finishMerge(id) }
    return written + problems
  }

  /// Undoes a merge: its others back from the Trash, then the keeper as it was (its sidecar
  /// byte for byte, or none when the merge made it; then its catalog row) when the journal
  /// still has the merge. Returns one-line problems.
  public func undoMerge(keeper: AssetID, others: [AssetID]) throws -> [String] {
    var problems = restore(others)
    if let record = try catalog.merge(keeper: keeper, others: others) {
      if let sidecar = record.sidecar {
        if let error = XMPSidecarWriter.restore(sidecar.before, toSidecar: sidecar.sidecar) {
          problems.append("\(Self.fileName(sidecar.sidecar)): \(error.reason)")
        }
        try catalog.readTags(of: keeper, photo: sidecar.photo)
      }
      try catalog.undoMerge(record)
    }
    return problems
  }

  /// Finishes the merges a killed process left pending: the keeper's sidecar edit made
  /// (again: a second time changes nothing), their others (those not in the Trash yet)
  /// moved there and the merge marked done. Returns one-line problems.
  public func finishMerges(now: Int64 = LibraryTrash.currentTime()) -> [String] {
    var problems: [String] = []
    do {
      for record in try catalog.pendingMerges() {
        problems += writeSidecar(record.sidecar, keeper: record.keeper)
        let moved = moveToTrash(record.others, now: now)
        if moved.isEmpty { try catalog.finishMerge(record.id) }
        problems += moved
      }
    } catch {
      problems.append("finishing a merge: \(error)")
    }
    return problems
  }

  /// Makes a merge's sidecar edit (as `XMPSidecarWriter` makes a tag key's) and the
  /// keeper's tags in the catalog follow; one-line problems.
  private func writeSidecar(_ sidecar: MergeSidecarEdit?, keeper: AssetID) -> [String] {
    guard let sidecar else { return [] }
    if case .failure(let error) = XMPSidecarWriter.apply(sidecar.edit, toPhotoAt: sidecar.photo) {
      return ["\(Self.fileName(sidecar.photo)): the merged tags not written: \(error.reason)"]
    }
    do {
      try catalog.readTags(of: keeper, photo: sidecar.photo)
    } catch {
      return ["storing the merged tags: \(error)"]
    }
    return []
  }

  /// The last part of a path, for messages.
  static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
