import ArgumentParser
import Foundation
import TerminalUI
import ThumbnailCache
import LightboxApp
import PhotoModel
import Settings

/// `lightbox thumbnails [PATH…]`: fill the freedesktop thumbnail cache.
struct Thumbnails: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "thumbnails",
    abstract: "Make freedesktop thumbnails for folders of photos (shared with file managers).",
    discussion: """
      Writes $XDG_CACHE_HOME/thumbnails/{normal,large,x-large}/MD5(URI).png as the
      freedesktop thumbnail spec says; thumbnails that are already valid (made by Lightbox
      or another program) are kept. --cache DIR (or LIGHTBOX_CACHE) uses DIR instead of
      $XDG_CACHE_HOME/thumbnails.

      The cache is kept under thumbnail-cache-mb (config.toml; default 2 % of its disk, at
      most 4096 MiB) by deleting Lightbox's least recently used thumbnails, never other
      programs'. --prune deletes the thumbnails (any program's, and Lightbox's failure
      entries) whose Thumb::URI names a local file that no longer exists.
      """)

  @Argument(help: "Folders (or files) to thumbnail (default: ~/Pictures).", completion: .directory)
  var paths: [String] = []

  @Option(help: "Thumbnail size: 128 (normal), 256 (large) or 512 (x-large).")
  var size: Int = 256

  @Option(help: "Number of decoding threads (default: one per core).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Option(help: "Thumbnail folder to use instead of $XDG_CACHE_HOME/thumbnails.")
  var cache: String?

  @Flag(help: "List every file that could not be thumbnailed or was skipped (not only 20).")
  var verbose = false

  @Flag(help: "Only delete the thumbnails whose photo file is gone (no thumbnails are made).")
  var prune = false

  func validate() throws {
    guard ThumbnailSize(pixels: size) != nil else {
      throw ValidationError("--size must be 128, 256 or 512")
    }
    guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be 1…256") }
    if prune && !paths.isEmpty {
      throw ValidationError("--prune looks at the whole cache: give it no folders")
    }
  }

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let root =
      cache.map(CommandSupport.absolute)
      ?? environment["LIGHTBOX_CACHE"].flatMap { $0.isEmpty ? nil : CommandSupport.absolute($0) }
      ?? ThumbnailDiskCache.defaultRoot(environment: environment)
    // A worker for the risky files named on the command line starts now, while the config is
    // read and the cache's usage index loaded.
    let decoder = CommandSupport.photoDecoder()
    decoder.prewarm(for: paths)
    let loaded = CommandSupport.loadSettings()
    for problem in loaded.problems { Self.printError("lightbox: \(problem)") }
    let usage = ThumbnailCacheUsage(
      root: root,
      limitBytes: ThumbnailCacheLimit.bytes(
        megabytes: loaded.config.thumbnailCacheMegabytes, root: root))
    usage.prepare()
    let cache = ThumbnailDiskCache(root: root, usage: usage)
    if prune { return try Self.prune(cache) }
    let roots =
      paths.isEmpty ? [LightboxPaths().defaultLibrary] : paths.map(CommandSupport.absolute)
    let (files, problems) = ThumbnailBatch.files(under: roots)
    decoder.prewarm(for: files)
    for problem in problems { Self.printError("lightbox: \(problem)") }
    guard let size = ThumbnailSize(pixels: size) else { throw ExitCode.validationFailure }

    let bar = ProgressLine()
    let summary = ThumbnailBatch.run(
      files: files, cache: cache, size: size, jobs: jobs,
      decoder: decoder
    ) { progress in bar.show(Self.progressText(progress), final: progress.done == progress.total) }
    bar.finish()
    // Failures and skips are listed even without --verbose (the first 20 of each): a bare
    // "22 failed" leaves the user guessing.
    let limit = verbose ? nil : ThumbnailBatch.skipListLimit
    for line in ThumbnailBatch.failureLines(summary.failures, limit: limit) {
      Self.printError("lightbox: \(line)")
    }
    for line in ThumbnailBatch.skipLines(summary.skips, limit: limit) {
      Self.printError("lightbox: \(line)")
    }
    print("thumbnails: \(summary.line) → \(root)/\(size.folder)")
    // The batch's workers evict as they go; a last check covers entries written at the end.
    usage.evictIfOver()
    usage.flush()
    let totals = usage.totals
    print(
      "cache: \(ByteCountText.format(totals.totalBytes)) of "
        + "\(ByteCountText.format(totals.limitBytes)) (thumbnail-cache-mb)")
    if !problems.isEmpty && files.isEmpty { throw ExitCode.failure }
  }

  /// `--prune`: the dangling entries go (`ThumbnailPrune` says which).
  static func prune(_ cache: ThumbnailDiskCache) throws {
    let result = ThumbnailPrune.run(cache: cache, usage: cache.usage)
    for problem in result.problems { printError("lightbox: \(problem)") }
    print(
      "prune: \(result.removed) of \(result.examined) thumbnails deleted "
        + "(\(ByteCountText.format(result.bytes))): their photo is gone → \(cache.root)")
    if !result.problems.isEmpty { throw ExitCode.failure }
  }

  /// "██████······ 12/30  10 made, 1 reused, 1 failed".
  static func progressText(_ p: ThumbnailBatch.Progress) -> String {
    let width = 30
    let filled = p.total > 0 ? p.done * width / p.total : width
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    return "\(bar) \(p.done)/\(p.total)  \(p.made) made, \(p.reused) reused, \(p.failed) failed"
  }

  /// Writes `line` to standard error with control characters made visible: it names files,
  /// and a file name may hold an escape sequence.
  static func printError(_ line: String) {
    FileHandle.standardError.write(Data((TerminalText.sanitize(line) + "\n").utf8))
  }
}
