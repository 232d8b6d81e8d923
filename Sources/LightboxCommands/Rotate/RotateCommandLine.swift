import ArgumentParser
import Foundation
import Decoders

/// `lightbox rotate --write [--clockwise|--anticlockwise|--half] FILE…`: turn JPEGs
/// losslessly, in the files themselves.
struct RotateCommandLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rotate",
    abstract: "Turn JPEG files losslessly (the turn is written into the files).",
    discussion: """
      The turn is the one you see: a file's EXIF orientation is taken into account. The
      picture is turned without re-encoding (TurboJPEG's lossless transform, every metadata
      segment kept), and its EXIF thumbnail with it; a JPEG whose size is not a whole number
      of MCUs gets its EXIF Orientation value changed instead (added when it has none). Each
      file is replaced atomically and keeps its permissions; its modification time moves by
      one second. Files that are not JPEGs get an error line each and the others are still
      turned.
      """)

  @Flag(help: "Change the files (required: rotate writes into the files it is given).")
  var write = false

  @Flag(help: "Turn 90° clockwise (the default).")
  var clockwise = false

  @Flag(help: "Turn 90° anticlockwise.")
  var anticlockwise = false

  @Flag(help: "Turn 180°.")
  var half = false

  @Option(help: "Number of files turned at once (default: one per core).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Argument(help: "JPEG files.", completion: .file(extensions: ["jpg", "jpeg", "JPG", "JPEG"]))
  var files: [String]

  func validate() throws {
    guard write else {
      throw ValidationError(
        "rotate changes files: pass --write to turn them (the browser turns photos without it)")
    }
    guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be 1…256") }
    // Three flags rather than one exclusive choice: the parser's own refusal said "Value to
    // be set with flag '--anticlockwise' had already been set with flag '--half'".
    guard [clockwise, anticlockwise, half].filter({ $0 }).count <= 1 else {
      throw ValidationError("give one turn: --clockwise, --anticlockwise or --half")
    }
  }

  /// The turn the flags ask for.
  var rotation: ImageRotation { anticlockwise ? .anticlockwise : half ? .halfTurn : .clockwise }

  func run() throws {
    let paths = files.map(CommandSupport.absolute)
    MallocTuning.keepLargeBlocks()
    let summary = RotateCommand.run(
      paths: paths, shownAs: files, rotation: rotation, jobs: jobs)
    print(summary.line)
    if summary.failed > 0 { throw ExitCode.failure }
  }
}
