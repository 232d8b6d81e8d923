/// Where an indexing run is, for a progress bar or the status line.
public struct IndexProgress: Sendable, Equatable {
  /// The stage of the run.
  public enum Phase: String, Sendable, Equatable {
    /// Walking the folders and comparing stamps with the catalog.
    case scanning
    /// Reading the metadata of new and changed files.
    case reading
    /// Finished (the summary follows).
    case finished
  }

  public var phase: Phase
  /// Files found by the walk so far.
  public var found: Int
  /// New or changed files read so far.
  public var done: Int
  /// New or changed files to read in all (known once scanning ends).
  public var total: Int
  /// Seconds since the run began.
  public var elapsedSeconds: Double
  /// Files read per second since reading began.
  public var rate: Double
  /// Seconds left at the current rate, when it can be told.
  public var etaSeconds: Double?

  public init(
    phase: Phase, found: Int, done: Int, total: Int, elapsedSeconds: Double, rate: Double,
    etaSeconds: Double?
  ) {
    self.phase = phase
    self.found = found
    self.done = done
    self.total = total
    self.elapsedSeconds = elapsedSeconds
    self.rate = rate
    self.etaSeconds = etaSeconds
  }

  /// Fraction of the reading done, 0…1.
  public var fraction: Double { total == 0 ? 1 : min(1, Double(done) / Double(total)) }
}
