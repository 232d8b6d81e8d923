import DecodeWorker
import Foundation
import ThumbnailCache
import PhotoStore

/// The browser's export (e): the photos of an `ExportJob` written as JPEGs one by one, with
/// progress and the outcome in the status line, never over an existing file.
enum PhotoExporter {
  /// Runs `job` on the calling thread, posting progress to `inbox`.
  static func run(_ job: ExportJob, inbox: ActionInbox, decoder: PhotoDecoder) {
    let folder = expand(job.folder)
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      fail(inbox, "Cannot make the folder \(folder): \(error.localizedDescription)")
      return
    }
    PhotoExport.markFolder(folder)
    var written = 0
    var problems: [String] = []
    for (index, path) in job.paths.enumerated() {
      if job.paths.count > 1 {
        inbox.post(
          .library(.operationDone(message: "Exporting \(index + 1) of \(job.paths.count)…")))
      }
      let rotation = index < job.rotations.count ? job.rotations[index] : 0
      switch PhotoExport.export(
        path: path, into: folder, longEdge: job.longEdge, rotation: rotation, decoder: decoder)
      {
      case .success: written += 1
      case .failure(let error):
        let name = (path as NSString).lastPathComponent
        problems.append("\(name): \(error.reason)")
        LightboxLog.logger("export").error("\(path): \(error.reason)")
      }
    }
    let count = job.paths.count
    let noun = count == 1 ? "photo" : "photos"
    if problems.isEmpty {
      inbox.post(.library(.operationDone(message: "Exported \(count) \(noun) to \(folder)")))
    } else {
      fail(inbox, "Exported \(written) of \(count) \(noun) to \(folder); \(problems[0])")
    }
  }

  /// `~` and `~/…` from `HOME`.
  static func expand(_ folder: String) -> String {
    guard folder == "~" || folder.hasPrefix("~/") else { return folder }
    let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
    return home + folder.dropFirst()
  }

  private static func fail(_ inbox: ActionInbox, _ reason: String) {
    inbox.post(.library(.operationFailed(reason: reason)))
  }
}
