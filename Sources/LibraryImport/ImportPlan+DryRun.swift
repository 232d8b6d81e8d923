extension ImportPlan {
  /// The summary an import of this plan would give if every copy landed (`--dry-run`).
  public func dryRunSummary() -> ImportSummary {
    var summary = ImportSummary(library: library, dryRun: true)
    summary.notPhotos = notPhotos.count
    for line in problems {
      let name = line.range(of: ": ").map { String(line[..<$0.lowerBound]) } ?? line
      summary.record(ImportOutcome(source: name, destination: nil, result: .failed, reason: line))
    }
    for file in files {
      switch file.action {
      case .copy:
        summary.record(
          ImportOutcome(source: file.source, destination: file.destination, result: .imported))
        summary.importedBytes += file.size
      case .inLibrary(let existing):
        summary.record(
          ImportOutcome(source: file.source, destination: existing, result: .inLibrary))
      case .importedBefore:
        summary.record(
          ImportOutcome(source: file.source, destination: nil, result: .importedBefore))
      }
    }
    return summary
  }
}
