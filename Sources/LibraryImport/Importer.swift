import Foundation

/// Brings photos from a camera card or a phone folder into the library without ever losing
/// one: `plan` decides every file's destination and whether it is copied (nothing is written),
/// `run` copies the plan's files the verified way (`VerifiedCopy`) and reports progress as
/// values. `lightbox import` uses both; the browser's import view is meant to show the plan
/// as its grid and run the marked part of it.
public final class Importer: Sendable {
  /// What an import is told.
  public struct Options: Sendable {
    /// The library folder (absolute) the photos go into.
    public var library: String
    public var template: ImportTemplate
    /// The ledger of earlier imports (`LightboxPaths.importLedger`); nil keeps none.
    public var ledgerPath: String?
    /// Removes each source file once its copy is verified (or the same bytes were found in
    /// the library).
    public var deleteAfter: Bool
    /// Files copied at once: a copy mostly waits on the disk (its sync, its read-back), so
    /// several overlap.
    public var threads: Int
    /// The process environment (the test hooks read theirs from it).
    public var environment: [String: String]

    public init(
      library: String, template: ImportTemplate, ledgerPath: String? = nil,
      deleteAfter: Bool = false, threads: Int = 8,
      environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
      self.library = library
      self.template = template
      self.ledgerPath = ledgerPath
      self.deleteAfter = deleteAfter
      self.threads = max(1, threads)
      self.environment = environment
    }
  }

  public let options: Options
  let ledger: ImportLedger?
  let hooks: ImportTestHooks

  public init(options: Options) {
    var options = options
    options.library = Self.trimmed(options.library)
    self.options = options
    ledger = options.ledgerPath.map { ImportLedger(path: $0) }
    hooks = ImportTestHooks(environment: options.environment)
  }

  /// `path` without trailing slashes ("/" stays).
  static func trimmed(_ path: String) -> String {
    var out = path
    while out.count > 1, out.hasSuffix("/") { out.removeLast() }
    return out
  }
}
