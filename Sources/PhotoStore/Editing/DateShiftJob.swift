import PhotoModel

/// Photos whose dates move by one amount in their files (T, or u undoing it).
public struct DateShiftJob: Hashable, Sendable {
  public var ids: [AssetID]
  /// The files, in the order of `ids`.
  public var paths: [String]
  /// How far every date moves.
  public var seconds: Int64
  /// True when this undoes the last adjustment (nothing to undo after it).
  public var isUndo: Bool
  /// For an undo: the sidecars the adjustment wrote (RAWs' dates), put back as they were
  /// instead of moved back.
  public var restoring: [SidecarSnapshot]

  public init(
    ids: [AssetID], paths: [String], seconds: Int64, isUndo: Bool = false,
    restoring: [SidecarSnapshot] = []
  ) {
    self.ids = ids
    self.paths = paths
    self.seconds = seconds
    self.isUndo = isUndo
    self.restoring = restoring
  }
}

/// What came of a `DateShiftJob`: the photos whose files changed, and one line for each that
/// did not ("IMG_1.HEIC: why").
public struct DateShiftOutcome: Hashable, Sendable {
  public var job: DateShiftJob
  public var moved: [AssetID]
  public var failures: [String]
  /// The sidecars written for photos whose own files are not patched (RAWs), as they were
  /// before: what u puts back.
  public var sidecars: [SidecarSnapshot]

  public init(
    job: DateShiftJob, moved: [AssetID], failures: [String], sidecars: [SidecarSnapshot] = []
  ) {
    self.job = job
    self.moved = moved
    self.failures = failures
    self.sidecars = sidecars
  }
}
