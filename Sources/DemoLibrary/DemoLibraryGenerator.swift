/// Writes a demo photo library: procedurally drawn scenes as JPEGs with EXIF, some PNG
/// screenshots and panoramas, deterministic for a seed.
///
/// CONTRACT STUB: replaced by the real generator.
public enum DemoLibraryGenerator {
  /// Writes `options.count` files into `options.directory` (created when missing).
  /// `progress(done, total)` is called after each file.
  public static func generate(
    _ options: DemoLibraryOptions, progress: (Int, Int) -> Void = { _, _ in }
  ) throws -> DemoLibrarySummary {
    DemoLibrarySummary(directory: options.directory, fileCount: 0)
  }
}

/// What `lightbox demo` asks for.
public struct DemoLibraryOptions: Sendable, Equatable {
  public var directory: String
  public var count: Int
  public var seed: UInt64

  public init(directory: String, count: Int = 600, seed: UInt64 = 1) {
    self.directory = directory
    self.count = count
    self.seed = seed
  }
}

/// What the generator wrote.
public struct DemoLibrarySummary: Sendable, Equatable {
  public var directory: String
  public var fileCount: Int
  public init(directory: String, fileCount: Int) {
    self.directory = directory
    self.fileCount = fileCount
  }
}
