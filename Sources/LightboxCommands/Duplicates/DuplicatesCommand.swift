import Catalog
import DecodeWorker
import Decoders
import Foundation
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

  /// The photos' pictures are decoded to fit this box for the perceptual hash: a JPEG then
  /// decodes at 1/8 scale (its DCT scaling), and 128 px is far more than the 32×32 grid needs.
  static let hashBox = PixelSize(width: 128, height: 128)

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

  /// One photo's hashes, and why the perceptual one is missing when it is.
  struct Hashes: Sendable {
    var digest: ImageDigest
    var hash: PerceptualHash?
    var flatColour: RGB?
    var problem: String?
  }

  /// The image-data digest of `asset`'s file and the perceptual hashes of its upright
  /// picture (the file is read once for both).
  static func hashes(of asset: Asset, decoder: PhotoDecoder)
    -> Swift.Result<Hashes, ImageDataError>
  {
    let bytes: [UInt8]
    switch ImageDecoder.readFile(path: asset.path) {
    case .success(let read): bytes = read
    case .failure(let error): return .failure(ImageDataError(error.reason))
    }
    return ImageDataHash.digest(of: bytes).map { digest in
      let options = DecodeOptions(
        target: hashBox, mode: .fit, quality: .fast, orientation: asset.orientation,
        background: .black)
      switch decoder.decode(data: bytes, path: asset.path, options: options) {
      case .success(let bitmap):
        let hash = PerceptualHash(bitmap)
        return Hashes(
          digest: digest, hash: hash,
          flatColour: hash == nil ? PerceptualHash.flatColour(of: bitmap) : nil)
      case .failure(let error):
        return Hashes(digest: digest, problem: "not compared by looks: \(error.reason)")
      }
    }
  }

  /// Capture-date sources that are the camera's own clock (bursts are timed by them).
  static let cameraClock: Set<CaptureDateSource> = [.exif, .exifCreateDate, .xmp, .pngText]

  /// What the grouping needs to know of `asset`.
  static func print(of asset: Asset, digest: ImageDigest, hash: PerceptualHash?) -> PhotoPrint {
    var camera = asset.cameraModel ?? ""
    // "Canon" + "Canon EOS 40D" is "Canon EOS 40D".
    if let make = asset.cameraMake, !camera.lowercased().hasPrefix(make.lowercased()) {
      camera = camera.isEmpty ? make : make + " " + camera
    }
    let metadata: [Bool] = [
      asset.cameraMake != nil, asset.cameraModel != nil, asset.lensModel != nil,
      asset.exposure != nil, asset.latitude != nil, cameraClock.contains(asset.captureDate.source),
    ]
    return PhotoPrint(
      path: asset.path,
      pixelSize: asset.storedPixelSize.map { asset.orientation.displaySize(ofStored: $0) },
      byteSize: asset.byteSize, camera: camera.isEmpty ? nil : camera,
      shotMilliseconds: cameraClock.contains(asset.captureDate.source)
        ? asset.captureDate.localSortKey : nil,
      dateKey: asset.captureDate.localSortKey, metadataCount: metadata.filter { $0 }.count,
      digest: digest, hash: hash)
  }
}
