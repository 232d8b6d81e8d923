#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Catalog
import PhotoMetadata
import PhotoModel
import Similarity

extension DuplicatesCommand {
  /// What a search found to group: the photos (pairs joined; in an exact search only those
  /// sharing their image data with another), their prints, the problems, and how many photos
  /// were hashed.
  struct Candidates {
    var assets: [Asset]
    var prints: [PhotoPrint]
    var problems: [Problem]
    var photos: Int
  }

  /// Exact duplicates without reading every photo's metadata: every file is read once and
  /// its image data hashed (videos and non-images are skipped by their first bytes), and only
  /// the files that share a digest with another are read again for the facts the keeper is
  /// chosen by. At 100,000 files the metadata of all would cost more than the hashing.
  static func exactCandidates(
    roots: [String], jobs: Int, progress: @escaping @Sendable (Int, Int) -> Void
  ) -> Candidates {
    let (files, walkProblems) = LibraryFileList.files(under: roots)
    var problems = walkProblems.map(Problem.init(line:))
    let digests = ParallelFiles.map(
      count: files.count, jobs: jobs, done: { progress($0, files.count) }
    ) { index in
      ImageDataHash.digest(ofFile: files[index]) { format in
        format != nil && format != .video
      }
    }
    var byDigest: [ImageDigest: [Int]] = [:]
    var photos = 0
    for (index, outcome) in digests.enumerated() {
      switch outcome {
      case .failure(let error): problems.append(Problem(path: files[index], reason: error.reason))
      case .success(nil): continue
      case .success(let digest?):
        photos += 1
        byDigest[digest, default: []].append(index)
      }
    }
    var members: [(path: String, digest: ImageDigest)] = []
    for (digest, indices) in byDigest where indices.count > 1 {
      for index in indices { members.append((files[index], digest)) }
    }
    members.sort { $0.path < $1.path }
    let paths = members.map(\.path)
    // The copies' metadata, on the same threads (a tenth of a tree can be copies).
    let read = ParallelFiles.map(count: members.count, jobs: jobs) { number in
      asset(path: paths[number], id: number)
    }
    var assets: [Asset] = []
    var digestOf: [String: ImageDigest] = [:]
    for (member, outcome) in zip(members, read) {
      switch outcome {
      case .success(let asset):
        assets.append(asset)
        digestOf[asset.path] = member.digest
      case .failure(let error):
        problems.append(Problem(path: member.path, reason: error.reason))
      }
    }
    // Pairs among the copies are one photo, as in the library.
    let fronts = LivePairing.pair(RAWPairing.pair(assets))
    let prints = fronts.map { print(of: $0, digest: digestOf[$0.path]!, hash: nil) }
    return Candidates(assets: fronts, prints: prints, problems: problems, photos: photos)
  }

  /// The photo at `path` as the index reads it (metadata from its head, the capture date's
  /// fallbacks: file name, then mtime).
  static func asset(path: String, id: Int) -> Swift.Result<Asset, MetadataError> {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return .failure(MetadataError(reason: String(cString: strerror(errno))))
    }
    // The head as the index reads it, but no larger than the file: a small file's copies
    // are many, and a 128 KB buffer each was most of this step.
    let head = MetadataReader.readHead(
      ofFile: path, maxBytes: max(1, min(Int(info.st_size), MetadataReader.maxHeaderBytes)))
    return head.flatMap { bytes -> Swift.Result<PhotoMetadata, MetadataError> in
      guard !bytes.isEmpty else { return .failure(MetadataError(reason: "empty file")) }
      return .success(
        MetadataReader.read(bytes: bytes) { range in
          path.withCString { MetadataReader.readRange($0, range) }
        })
    }.map { m in
      let name = path.split(separator: "/").last.map(String.init) ?? path
      let date = CaptureDateFallback.captureDate(
        metadata: m, fileName: name, modificationTime: Int64(info.st_mtim.tv_sec))
      let exposure = m.exposure.map { e in
        Exposure(
          fNumber: e.fNumber?.value,
          exposureTime: e.exposureTime.map {
            ExposureTime(numerator: $0.numerator, denominator: $0.denominator)
          },
          iso: e.iso, focalLength: e.focalLength?.value)
      }
      return Asset(
        id: AssetID(Int64(id)), path: path, byteSize: Int64(info.st_size),
        modificationTime: Int64(info.st_mtim.tv_sec), format: m.format ?? .jpeg,
        storedPixelSize: m.pixelSize, orientation: m.orientation, captureDate: date,
        cameraMake: m.cameraMake, cameraModel: m.cameraModel, lensModel: m.lensModel,
        latitude: m.gps?.latitude, longitude: m.gps?.longitude,
        exposure: exposure.flatMap { $0.isEmpty ? nil : $0 },
        contentIdentifier: m.video?.contentIdentifier ?? m.contentIdentifier)
    }
  }
}

extension DuplicatesCommand.Problem {
  /// A problem line of the walk or the scan, "NAME: reason".
  init(line: String) {
    if let split = line.range(of: ": ") {
      self.init(path: String(line[..<split.lowerBound]), reason: String(line[split.upperBound...]))
    } else {
      self.init(path: line, reason: "")
    }
  }
}
