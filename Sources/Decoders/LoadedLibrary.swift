import Pixels

/// A C library loaded on first use instead of linked (its start-up cost is paid only by the
/// process that decodes its files; DECISIONS.md, 2026-11-26): the table of its functions a C
/// loader filled, or why it could not be loaded.
struct LoadedLibrary<Table: Sendable>: Sendable {
  /// The functions, or the loader's reason.
  let table: Result<Table, ImageError>
  /// Who checks `failure` before any function is called (for the precondition's message).
  let checkedBy: String

  /// Runs the C loader `load` (NULL on failure, `reason` then says why) for the library
  /// named `name`.
  init(
    _ name: String, checkedBy: String, load: () -> UnsafePointer<Table>?,
    reason: () -> UnsafePointer<CChar>
  ) {
    self.checkedBy = checkedBy
    if let loaded = load() {
      table = .success(loaded.pointee)
    } else {
      table = .failure(ImageError("\(name) unavailable (\(String(cString: reason())))"))
    }
  }

  /// Why the library could not be loaded, or nil.
  var failure: ImageError? {
    if case .failure(let error) = table { return error }
    return nil
  }

  /// The functions, once `failure` was found nil by `checkedBy`.
  var functions: Table {
    guard case .success(let functions) = table else {
      preconditionFailure("a function called before \(checkedBy) checked the library")
    }
    return functions
  }
}
