import ArgumentParser
import Foundation
import LightboxApp
import Settings
import TerminalUI

/// `lightbox duplicates [PATH…] [--similar] [--json]`: list copies of the same photo.
struct DuplicatesCommandLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "duplicates",
    abstract: "List duplicate photos (and with --similar, similar photos and bursts).",
    discussion: """
      Exact duplicates have the same image data: files that differ only in their metadata \
      (a date fixed, tags added, EXIF stripped by a messenger that did not re-encode) are \
      duplicates. JPEG, PNG and HEIF/AVIF are compared by their image data, other formats \
      by their whole file. --similar also finds the same picture re-encoded, resized, \
      lightly cropped or brightened (a perceptual hash of the upright picture, decoded by \
      the sandboxed decode worker for risky formats), and lists bursts — one camera's \
      near-identical shots within two seconds — apart: they are never called duplicates. \
      Live Photos and RAW+JPEG pairs count as one photo. Videos are left out.

      Each group lists the suggested keeper first: the highest resolution, then the \
      original over a re-encode (camera EXIF, then the larger file), then the most \
      metadata, then the oldest. Nothing is changed, moved or deleted. A file that cannot \
      be read is one line on standard error and the rest goes on; the exit status is 1 \
      only when no file could be read at all.
      """)

  @Argument(
    help: "Folders (or files) to look in (default: ~/Pictures).", completion: .directory)
  var paths: [String] = []

  @Flag(help: "Also find similar photos (re-encoded, resized, cropped, retouched) and bursts.")
  var similar = false

  @Flag(help: "Print the groups as JSON (one object) instead of text.")
  var json = false

  @Flag(help: "With --similar --json, also list every photo with its hashes.")
  var hashes = false

  @Option(help: "Number of hashing threads (default: one per core).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @OptionGroup var log: LogOptions

  func validate() throws {
    guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be 1…256") }
    if hashes && !(json && similar) { throw ValidationError("--hashes needs --similar --json") }
  }

  func run() throws {
    let roots =
      paths.isEmpty
      ? [LightboxPaths().defaultLibrary]
      : paths.map {
        // "." and ".." resolved: the paths printed are the files' own.
        URL(fileURLWithPath: CommandSupport.absolute($0)).standardized.path
      }
    for (root, named) in zip(roots, paths.isEmpty ? roots : paths) {
      if let problem = NamedPath.problem(root) {
        let line = TerminalText.sanitize("\(named): \(problem)")
        FileHandle.standardError.write(Data("lightbox: \(line)\n".utf8))
        throw ExitCode.failure
      }
    }
    let decoder = CommandSupport.photoDecoder()
    let result = DuplicatesCommand.run(
      roots: roots,
      options: DuplicatesCommand.Options(
        similar: similar, json: json, listHashes: hashes, jobs: jobs),
      decoder: decoder,
      output: { FileHandle.standardOutput.write(Data($0.utf8)) },
      errorOutput: { FileHandle.standardError.write(Data($0.utf8)) })
    if result.photos == 0 && result.problems > 0 { throw ExitCode.failure }
  }
}
