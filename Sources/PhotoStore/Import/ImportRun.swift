/// How far a running import is: files landed and bytes written of the totals.
public struct ImportRun: Hashable, Sendable {
  public var filesDone: Int
  public var filesTotal: Int
  public var bytesDone: Int64
  public var bytesTotal: Int64
  /// Seconds since the copying started.
  public var seconds: Double

  public init(
    filesDone: Int = 0, filesTotal: Int, bytesDone: Int64 = 0, bytesTotal: Int64,
    seconds: Double = 0
  ) {
    self.filesDone = filesDone
    self.filesTotal = filesTotal
    self.bytesDone = bytesDone
    self.bytesTotal = bytesTotal
    self.seconds = seconds
  }

  /// Bytes a second so far (0 before the first).
  public var bytesPerSecond: Double { seconds > 0 ? Double(bytesDone) / seconds : 0 }

  /// Seconds left at the rate so far, or nil before there is a rate.
  public var secondsLeft: Double? {
    let rate = bytesPerSecond
    return rate > 0 ? Double(max(0, bytesTotal - bytesDone)) / rate : nil
  }
}

/// What an import ended with.
public struct ImportResult: Hashable, Sendable {
  public var imported: Int
  /// Already in the library (or imported before).
  public var skipped: Int
  public var failed: Int
  /// Source files deleted after their copy was checked (`--delete-after`).
  public var deleted: Int
  /// The first failure's line, or why the import stopped.
  public var problem: String?

  public init(imported: Int, skipped: Int, failed: Int, deleted: Int = 0, problem: String? = nil) {
    self.imported = imported
    self.skipped = skipped
    self.failed = failed
    self.deleted = deleted
    self.problem = problem
  }
}
