import Catalog
import DecodeWorker
import Decoders
import Foundation
import LightboxApp
import PhotoModel
import Pixels
import Similarity
import TerminalUI

/// `lightbox duplicates`' work: read every photo's metadata the way the index does (pairs
/// joined), hash each one's image data (and with `similar`, the upright picture, decoded
/// small through `decoder`), group, and print the groups (keeper first) and bursts.
public enum DuplicatesCommand {
  /// What to look for and how to print it.
  public struct Options: Sendable {
    public var similar: Bool
    public var json: Bool
    /// With `json`, every photo with its hashes (the accuracy benchmark reads them).
    public var listHashes: Bool
    public var jobs: Int
    public var rule: SimilarityRule

    public init(
      similar: Bool, json: Bool, listHashes: Bool = false, jobs: Int = 2,
      rule: SimilarityRule = .standard
    ) {
      self.similar = similar
      self.json = json
      self.listHashes = listHashes
      self.jobs = jobs
      self.rule = rule
    }
  }

  /// How many photos were looked at, how many files could not be, and what was found.
  public struct Result: Sendable {
    public var photos: Int
    public var problems: Int
    public var report: DuplicateReport
  }

  /// Looks through `roots` and prints what it found to `output` (problems, one line per
  /// file, to `errorOutput`).
  @discardableResult
  public static func run(
    roots: [String], options: Options, decoder: PhotoDecoder,
    output: (String) -> Void, errorOutput: @escaping @Sendable (String) -> Void
  ) -> Result {
    let line = ProgressLine(write: errorOutput)
    let found =
      options.similar
      ? similarCandidates(roots: roots, options: options, decoder: decoder) {
        line.update($0, of: $1, "photos hashed")
      }
      : exactCandidates(roots: roots, jobs: options.jobs) {
        line.update($0, of: $1, "files hashed")
      }
    line.finish()
    let (prints, kept, problems) = (found.prints, found.assets, found.problems)
    for problem in problems {
      errorOutput("lightbox: \(TerminalText.sanitize(problem.path + ": " + problem.reason))\n")
    }
    let report = DuplicateFinder.find(prints, similar: options.similar, rule: options.rule)
    if options.json {
      output(
        json(
          report, photos: found.photos, prints: prints, assets: kept, problems: problems,
          options: options))
      output("\n")
    } else {
      output(text(report, photos: found.photos, prints: prints, assets: kept))
    }
    return Result(photos: found.photos, problems: problems.count, report: report)
  }

  /// Every photo's metadata read as the index reads it (pairs joined), its image data hashed
  /// and its picture decoded small for the perceptual hashes.
  static func similarCandidates(
    roots: [String], options: Options, decoder: PhotoDecoder,
    progress: @escaping @Sendable (Int, Int) -> Void
  ) -> Candidates {
    let scan = FileIndexing.scanWithoutCatalog(roots: roots)
    // The scan names a file it could not read "NAME: reason".
    var problems = scan.problems.map(Problem.init(line:))
    // A pair is one photo: its front is hashed, its RAW or movie travels with it.
    let fronts = LivePairing.pair(RAWPairing.pair(scan.assets)).filter { $0.format != .video }
    let hashed = ParallelFiles.map(
      count: fronts.count, jobs: options.jobs, done: { progress($0, fronts.count) }
    ) { index in
      hashes(of: fronts[index], decoder: decoder)
    }
    var prints: [PhotoPrint] = []
    var kept: [Asset] = []
    for (asset, outcome) in zip(fronts, hashed) {
      switch outcome {
      case .failure(let error):
        problems.append(Problem(path: asset.path, reason: error.reason))
      case .success(let found):
        if let problem = found.problem {
          problems.append(Problem(path: asset.path, reason: problem))
        }
        var print = print(of: asset, digest: found.digest, hash: found.hash)
        print.flatColour = found.flatColour
        prints.append(print)
        kept.append(asset)
      }
    }
    return Candidates(assets: kept, prints: prints, problems: problems, photos: prints.count)
  }

  /// One photo's hashes (`PhotoHashing`, shared with the browser's background job).
  typealias Hashes = PhotoHashing.Hashes

  static func hashes(of asset: Asset, decoder: PhotoDecoder)
    -> Swift.Result<Hashes, ImageDataError>
  {
    PhotoHashing.hashes(of: asset, decoder: decoder)
  }

  /// What the grouping needs to know of `asset`.
  static func print(of asset: Asset, digest: ImageDigest, hash: PerceptualHash?) -> PhotoPrint {
    PhotoHashing.print(of: asset, digest: digest, hash: hash)
  }
}
