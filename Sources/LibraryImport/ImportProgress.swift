/// How far the copy step is, as a value (the command line's bar, later the browser's).
public struct ImportProgress: Sendable, Equatable {
  /// Files landed (verified and in place) of the files to copy.
  public var filesDone: Int
  public var filesTotal: Int
  /// Bytes written so far (files still being copied count too) of the bytes to copy.
  public var bytesDone: Int64
  public var bytesTotal: Int64
  /// Seconds since the copy step started.
  public var elapsedSeconds: Double

  public init(
    filesDone: Int, filesTotal: Int, bytesDone: Int64, bytesTotal: Int64, elapsedSeconds: Double
  ) {
    self.filesDone = filesDone
    self.filesTotal = filesTotal
    self.bytesDone = bytesDone
    self.bytesTotal = bytesTotal
    self.elapsedSeconds = elapsedSeconds
  }

  /// Bytes per second so far (0 before the first).
  public var bytesPerSecond: Double {
    elapsedSeconds > 0 ? Double(bytesDone) / elapsedSeconds : 0
  }

  /// Seconds left at the rate so far, or nil before there is a rate.
  public var etaSeconds: Double? {
    let rate = bytesPerSecond
    guard rate > 0 else { return nil }
    return Double(max(0, bytesTotal - bytesDone)) / rate
  }
}
