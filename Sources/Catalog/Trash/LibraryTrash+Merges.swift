import Foundation
import PhotoModel

extension LibraryTrash {
  /// Merges duplicates: the journal row and the keeper's new state in one transaction
  /// (`Catalog.beginMerge`), then the others' files to the Trash, then the row marked done.
  /// A process killed between the two leaves the row pending: `finishMerges` moves the rest
  /// at the next start, so each photo ends merged or untouched. Returns one-line problems.
  public func merge(keeper: AssetID, others: [AssetID], now: Int64) throws -> [String] {
    let id = try catalog.beginMerge(keeper: keeper, others: others, now: now)
    let problems = moveToTrash(others, now: now)
    if problems.isEmpty { try catalog.finishMerge(id) }
    return problems
  }

  /// Undoes a merge: its others back from the Trash, then the keeper as it was (when the
  /// journal still has the merge). Returns one-line problems.
  public func undoMerge(keeper: AssetID, others: [AssetID]) throws -> [String] {
    let problems = restore(others)
    if let record = try catalog.merge(keeper: keeper, others: others) {
      try catalog.undoMerge(record)
    }
    return problems
  }

  /// Finishes the merges a killed process left pending: their others (those not in the
  /// Trash yet) are moved there and the merge marked done. Returns one-line problems.
  public func finishMerges(now: Int64 = LibraryTrash.currentTime()) -> [String] {
    var problems: [String] = []
    do {
      for record in try catalog.pendingMerges() {
        let moved = moveToTrash(record.others, now: now)
        if moved.isEmpty { try catalog.finishMerge(record.id) }
        problems += moved
      }
    } catch {
      problems.append("finishing a merge: \(error)")
    }
    return problems
  }
}
