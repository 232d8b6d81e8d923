import Foundation
import LibraryImport
import PhotoModel
import PhotoStore

/// Finds camera cards with new photos and imports them for the browser.
///
/// Every few seconds it lists the folders removable volumes are mounted in (`/media/$USER`,
/// `/run/media/$USER`, and `$LIGHTBOX_IMPORT_SOURCES`: folders separated by ":", for a card
/// reader mounted elsewhere or a phone folder) for a `DCIM` folder; a card seen for the first
/// time is planned (`Importer.plan`: what the library or the ledger already has is not new)
/// and, when something is new, offered to the store. `run` copies the offer the verified way.
final class CardImports: @unchecked Sendable {
  // @unchecked: `offered` and `planned` are only touched on `queue`.
  private let inbox: ActionInbox
  private let options: Importer.Options
  private let environment: [String: String]
  private let queue = DispatchQueue(label: "lightbox.card-imports", qos: .utility)
  private var timer: DispatchSourceTimer?
  /// Sources planned already (a card is planned once while it stays mounted).
  private var planned: Set<String> = []
  /// The source offered now.
  private var offered: String?
  private var running = false

  init(inbox: ActionInbox, options: Importer.Options, environment: [String: String]) {
    self.inbox = inbox
    self.options = options
    self.environment = environment
  }

  /// Starts looking, at once and then every `interval` seconds.
  func start(interval: Double = 3) {
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now(), repeating: interval)
    timer.setEventHandler { [weak self] in self?.look() }
    timer.resume()
    self.timer = timer
  }

  func stop() {
    timer?.cancel()
    timer = nil
  }

  /// The cards' (or given folders') sources now, by name.
  func candidates() -> [(name: String, source: String)] {
    var found: [(String, String)] = []
    let user = environment["USER"] ?? environment["LOGNAME"] ?? ""
    let bases = user.isEmpty ? [] : ["/media/\(user)", "/run/media/\(user)"]
    let manager = FileManager.default
    func isFolder(_ path: String) -> Bool {
      var folder: ObjCBool = false
      return manager.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
    for base in bases {
      for volume in ((try? manager.contentsOfDirectory(atPath: base)) ?? []).sorted()
      where isFolder("\(base)/\(volume)/DCIM") {
        found.append((volume, "\(base)/\(volume)/DCIM"))
      }
    }
    for given in (environment["LIGHTBOX_IMPORT_SOURCES"] ?? "").split(separator: ":") {
      let path = String(given)
      guard isFolder(path) else { continue }
      let name = path.split(separator: "/").last.map(String.init) ?? path
      if isFolder(path + "/DCIM") {
        found.append((name, path + "/DCIM"))
      } else if name == "DCIM" {
        let parent = path.split(separator: "/").dropLast().last.map(String.init) ?? name
        found.append((parent, path))
      } else {
        found.append((name, path))
      }
    }
    return found
  }

  /// One look: a new card is planned and offered; a card that went is no longer offered.
  private func look() {
    guard !running else { return }
    let now = candidates()
    let sources = Set(now.map(\.source))
    if let offered, !sources.contains(offered) {
      self.offered = nil
      inbox.post(.importing(.offered(nil)))
    }
    planned = planned.intersection(sources)
    for (name, source) in now where !planned.contains(source) {
      planned.insert(source)
      let plan = Importer(options: options).plan(sources: [source])
      guard plan.copyCount > 0 else { continue }
      offered = source
      inbox.post(
        .importing(
          .offered(
            ImportOffer(
              name: name, source: source, library: options.library,
              newCount: plan.groups.filter { !$0.copies.isEmpty }.count,
              bytes: plan.copyBytes, items: Self.items(plan)))))
      return
    }
  }

  /// The import view's photos: every group of the plan, new or not, oldest first.
  static func items(_ plan: ImportPlan) -> [ImportItem] {
    plan.groups.enumerated().map { index, group in
      var asset = group.front
      asset.id = ImportItem.assetID(index: index)
      let copies = group.copies
      return ImportItem(
        asset: asset, isNew: !copies.isEmpty, fileCount: group.files.count,
        bytes: copies.reduce(0) { $0 + $1.size })
    }
  }

  /// Imports `job` (planned again: the card may have changed; only the photos marked in the
  /// import view), reporting progress at most four times a second, then the result; the card
  /// is looked at again afterwards.
  func run(_ job: ImportJob) {
    queue.async { [self] in
      running = true
      var options = options
      options.deleteAfter = job.deleteAfter
      let importer = Importer(options: options)
      var plan = importer.plan(sources: [job.source])
      if let fronts = job.fronts { plan = plan.keeping(fronts: fronts) }
      let throttle = ProgressGate(interval: 0.25)
      let inbox = inbox
      let summary = importer.run(
        plan,
        progress: { value in
          guard throttle.open() else { return }
          inbox.post(
            .importing(
              .progress(
                ImportRun(
                  filesDone: value.filesDone, filesTotal: value.filesTotal,
                  bytesDone: value.bytesDone, bytesTotal: value.bytesTotal,
                  seconds: value.elapsedSeconds))))
        },
        problem: { LightboxLog.logger("import").error("\($0)") })
      let failure = summary.stopped ?? summary.files.first { $0.result == .failed }?.reason
      inbox.post(
        .importing(
          .finished(
            ImportResult(
              imported: summary.imported, skipped: summary.inLibrary + summary.importedBefore,
              failed: summary.failed + summary.notAttempted, deleted: summary.sourcesDeleted,
              problem: failure))))
      running = false
      offered = nil
      planned.remove(job.source)
    }
  }
}

/// Lets a call through at most once per `interval` seconds (thread-safe).
final class ProgressGate: @unchecked Sendable {
  // @unchecked: `last` is only touched under `lock`.
  private let lock = NSLock()
  private var last: UInt64 = 0
  private let interval: UInt64

  init(interval: Double) { self.interval = UInt64(interval * 1e9) }

  /// True when the last open was at least `interval` ago.
  func open() -> Bool {
    lock.withLock {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now - last >= interval || last == 0 else { return false }
      last = now
      return true
    }
  }
}
