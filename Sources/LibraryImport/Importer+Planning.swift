#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Catalog
import PhotoModel

extension Importer {
  /// The extensions of files that belong to a photo of the same name (lowercased).
  static let sidecarExtensions: Set<String> = ["xmp", "thm", "aae"]

  /// Decides what importing `sources` (folders or files, absolute) does: reads every
  /// photo's metadata the way the index does (`FileIndexing.scanWithoutCatalog`: the capture
  /// date from EXIF, else the file name, else the mtime), joins pairs as the library does
  /// (`RAWPairing`, `LivePairing`) and sidecars by name, names each group by the template,
  /// and marks what the library or the ledger already has. Writes nothing.
  public func plan(sources: [String]) -> ImportPlan {
    let roots = sources.map(Self.trimmed)
    // As many readers as copiers: a card or a cold disk answers reads in parallel.
    let scan = FileIndexing.scanWithoutCatalog(roots: roots, readers: options.threads)
    let listed = LibraryFileList.files(under: roots).files
    let photos = Set(scan.assets.map { $0.pathBytes ?? Array($0.path.utf8) })
    let failedNames = Set(
      scan.problems.compactMap { line in
        line.range(of: ": ").map { String(line[..<$0.lowerBound]) }
      })

    var sidecars: [String: [String]] = [:]
    var notPhotos: [String] = []
    for path in listed where !photos.contains(Array(path.utf8)) {
      let name = Self.lastComponent(path)
      if failedNames.contains(name) { continue }
      if let dot = name.lastIndex(of: "."),
        Self.sidecarExtensions.contains(name[name.index(after: dot)...].lowercased())
      {
        sidecars[Self.sidecarKey(path, name: String(name[..<dot])), default: []].append(path)
      } else {
        notPhotos.append(path)
      }
    }

    var groups: [ImportGroup] = []
    var claimed = Set<String>()
    let fronts = LivePairing.pair(RAWPairing.pair(scan.assets))
    for asset in fronts {
      var members: [(bytes: [UInt8], size: Int64)] = [
        (asset.pathBytes ?? Array(asset.path.utf8), asset.byteSize)
      ]
      if let raw = asset.rawCompanion { members.append((Array(raw.path.utf8), raw.byteSize)) }
      if let movie = asset.liveMovie { members.append((Array(movie.path.utf8), movie.byteSize)) }
      // Sidecars named after the stem (IMG_1.xmp, IMG_1.THM) or a whole name (IMG_1.CR3.xmp).
      var keys = [Self.sidecarKey(asset.path, name: Self.stem(Self.lastComponent(asset.path)))]
      for member in members {
        let path = String(decoding: member.bytes, as: UTF8.self)
        keys.append(Self.sidecarKey(path, name: Self.lastComponent(path)))
      }
      for key in keys {
        for path in (sidecars[key] ?? []).sorted() where claimed.insert(path).inserted {
          var info = stat()
          guard lstat(path, &info) == 0 else { continue }
          members.append((Array(path.utf8), Int64(info.st_size)))
        }
      }
      groups.append(group(asset: asset, members: members))
    }
    for list in sidecars.values { notPhotos += list.filter { !claimed.contains($0) } }
    var plan = ImportPlan(
      library: options.library, groups: groups, notPhotos: notPhotos.sorted(),
      problems: scan.problems)
    decide(&plan)
    return plan
  }

  /// A group for `asset` and its `members` (the front first), named by the template later.
  private func group(asset: Asset, members: [(bytes: [UInt8], size: Int64)]) -> ImportGroup {
    let frontName = Self.lastComponent(asset.path)
    let frontStem = Self.stem(frontName)
    let files = members.map { member -> ImportFile in
      let name = Self.lastComponent(String(decoding: member.bytes, as: UTF8.self))
      let tail: String
      if name.lowercased().hasPrefix(frontStem.lowercased()),
        name.count >= frontStem.count, !frontStem.isEmpty
      {
        tail = String(name.dropFirst(frontStem.count))
      } else {
        tail = name.lastIndex(of: ".").map { String(name[$0...]) } ?? ""
      }
      return ImportFile(
        sourceBytes: member.bytes, size: member.size, destination: "", action: .copy, tail: tail,
        hash: nil)
    }
    return ImportGroup(
      files: files, front: asset, captureDate: asset.captureDate,
      camera: CameraName.display(make: asset.cameraMake, model: asset.cameraModel), folder: "",
      baseStem: frontStem, suffix: 1)
  }

  /// Names every group by the template and decides each file's action: the ledger first
  /// (cheap), then the library's and this plan's files of the same size (hashed only then),
  /// then the first suffix under which the group's files fit without replacing anything.
  private func decide(_ plan: inout ImportPlan) {
    let library = LibraryContents(library: options.library)
    var planned: [Int64: [(hash: ContentHash, destination: String)]] = [:]
    var sourceBySize: [Int64: Int] = [:]
    for file in plan.files { sourceBySize[file.size, default: 0] += 1 }
    var reserved = Set<String>()
    for index in plan.groups.indices {
      var group = plan.groups[index]
      let front = group.files[0]
      let frontName = front.sourceName
      let ext = frontName.lastIndex(of: ".").map {
        String(frontName[frontName.index(after: $0)...])
      }
      let values = ImportTemplate.Values(
        date: group.captureDate, camera: group.camera, name: Self.stem(frontName),
        ext: ext ?? "", sequence: index + 1)
      let rendered = options.template.render(values)
      group.folder = rendered.folders.joined(separator: "/")
      group.baseStem = rendered.stem

      var inLibrary: [Int: [String]] = [:]
      for (i, file) in group.files.enumerated() {
        let key = ImportLedger.Key(
          library: options.library, name: file.sourceName, size: file.size,
          captureTime: group.captureDate.localSortKey)
        if ledger?.contains(key) == true {
          group.files[i].action = .importedBefore
          continue
        }
        let sameSize = library.hasFiles(ofSize: file.size) || (sourceBySize[file.size] ?? 0) > 1
        guard sameSize, case .success(let hash) = ContentHash.of(path: file.sourceBytes) else {
          continue
        }
        group.files[i].hash = hash
        let found =
          library.matches(size: file.size, hash: hash)
          + (planned[file.size] ?? []).filter { $0.hash == hash }.map(\.destination)
        if !found.isEmpty {
          inLibrary[i] = found
          group.files[i].action = .inLibrary(found[0])
        }
      }

      group.suffix = firstFreeSuffix(group, inLibrary: inLibrary, reserved: reserved)
      for i in group.files.indices {
        let target = Self.join(group.folder, group.stem + group.files[i].tail)
        group.files[i].destination = target
        if let found = inLibrary[i], found.contains(target) {
          group.files[i].action = .inLibrary(target)
        }
        reserved.insert(target)
        if group.files[i].action == .copy, let hash = group.files[i].hash {
          planned[group.files[i].size, default: []].append((hash, target))
        }
      }
      plan.groups[index] = group
    }
  }

  /// The first suffix (1: none) under which every file of `group` either has a free name or
  /// finds its own bytes already there (a re-run after an interrupted import).
  private func firstFreeSuffix(
    _ group: ImportGroup, inLibrary: [Int: [String]], reserved: Set<String>
  ) -> Int {
    var candidate = group
    for suffix in 1... {
      candidate.suffix = suffix
      let fits = group.files.indices.allSatisfy { i in
        let target = Self.join(group.folder, candidate.stem + group.files[i].tail)
        if reserved.contains(target) { return false }
        var info = stat()
        guard lstat(options.library + "/" + target, &info) == 0 else { return true }
        return inLibrary[i]?.contains(target) == true
      }
      if fits || suffix >= 100_000 { return suffix }
    }
    return 1
  }

  /// "/card/DCIM/img_0001": the folder as it is, the name lowercased (as `RAWPairing` joins).
  static func sidecarKey(_ path: String, name: String) -> String {
    folder(of: path) + "/" + name.lowercased()
  }

  static func join(_ folder: String, _ name: String) -> String {
    folder.isEmpty ? name : folder + "/" + name
  }

  static func lastComponent(_ path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }

  static func folder(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
  }

  /// The name without its last extension ("IMG_0001" for "IMG_0001.JPG").
  static func stem(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
