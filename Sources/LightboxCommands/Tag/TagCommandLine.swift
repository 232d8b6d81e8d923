import ArgumentParser
import Foundation
import PhotoMetadata
import PhotoModel

/// `lightbox tag FILE… [--add TAG]… [--remove TAG]… [--rating N | --reject] [--label L]
/// [--caption TEXT] [--title TEXT] [--json]`: write tags, ratings, labels, titles and
/// captions into photos' XMP sidecars.
struct TagCommandLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tag",
    abstract: "Add or remove tags and set the rating, label, title or caption of photos.",
    discussion: """
      Written to each photo's XMP sidecar, the way darktable, digiKam, Lightroom and \
      exiftool read it back: the sidecar it already has (IMG_1234.JPG.xmp or IMG_1234.xmp), \
      else a new IMG_1234.JPG.xmp. A tag such as Places/Japan/Kyoto goes to dc:subject as \
      Kyoto, to lr:hierarchicalSubject as Places|Japan|Kyoto and to digiKam:TagsList as \
      Places/Japan/Kyoto. Everything else in an existing sidecar is kept as it is written; \
      one that cannot be parsed is not written. Each sidecar is replaced atomically and \
      keeps its permissions. With --xmp-write embedded (or xmp-write = "embedded" in \
      config.toml) a JPEG's own XMP packet, or a HEIF or AVIF still's XMP item, is edited \
      instead, the file replaced atomically and its image data kept byte for byte; other \
      formats, image sequences, and photos that already have a sidecar, still go to the \
      sidecar. One line per file; a file that fails gets an \
      error line and the others are still written.
      """)

  @Option(
    name: .customLong("add"),
    help: ArgumentHelp(
      "Add a tag; levels separated by \"/\" (Places/Japan/Kyoto).", valueName: "tag"))
  var add: [String] = []

  @Option(
    name: .customLong("remove"),
    help: ArgumentHelp("Remove a tag (the exact path).", valueName: "tag"))
  var remove: [String] = []

  @Option(help: ArgumentHelp("Set the rating: 0 (unrated) to 5 stars.", valueName: "n"))
  var rating: Int?

  @Flag(help: "Mark the photos rejected (rating -1).")
  var reject = false

  @Option(
    help: ArgumentHelp("Set the colour label (\"Red\"…); \"\" removes it.", valueName: "label"))
  var label: String?

  @Option(
    help: ArgumentHelp("Set the caption (dc:description); \"\" removes it.", valueName: "text"))
  var caption: String?

  @Option(help: ArgumentHelp("Set the title (dc:title); \"\" removes it.", valueName: "text"))
  var title: String?

  @Option(
    name: .customLong("xmp-write"),
    help: ArgumentHelp(
      "Where to write: sidecar, or embedded (into a JPEG's, HEIF's or AVIF's own XMP); "
        + "default: the config's xmp-write.", valueName: "where"))
  var xmpWrite: String?

  @Flag(help: "One JSON object per line per file.")
  var json = false

  @Argument(help: "Photos (or their .xmp sidecars).", completion: .file())
  var files: [String]

  func validate() throws {
    if rating != nil && reject { throw ValidationError("give --rating or --reject, not both") }
    if let rating, !(0...5).contains(rating) { throw ValidationError("--rating must be 0…5") }
    let edit = try self.edit()
    guard !edit.isEmpty else {
      throw ValidationError(
        "nothing to change: give --add, --remove, --rating, --reject, --label, --caption or --title"
      )
    }
    if let problem = edit.problem { throw ValidationError(problem) }
    if let xmpWrite, XMPWriteMode(rawValue: xmpWrite) == nil {
      throw ValidationError("--xmp-write must be sidecar or embedded, not '\(xmpWrite)'")
    }
  }

  /// The edit the options ask for.
  func edit() throws -> XMPEdit {
    func paths(_ texts: [String]) throws -> [[String]] {
      try texts.map { text in
        switch XMPEdit.tagPath(text) {
        case .success(let path): return path
        case .failure(let error): throw ValidationError(error.reason)
        }
      }
    }
    return XMPEdit(
      addTags: try paths(add), removeTags: try paths(remove),
      rating: reject ? XMPMetadata.rejected : rating, label: label, title: title, caption: caption)
  }

  func run() throws {
    let edit = try self.edit()
    let mode =
      xmpWrite.flatMap(XMPWriteMode.init(rawValue:))
      ?? CommandSupport.loadSettings().config.xmpWrite
    let failed = TagCommand.run(
      paths: files.map(CommandSupport.absolute), shownAs: files, edit: edit, mode: mode,
      json: json
    ) { text in
      FileHandle.standardOutput.write(Data(text.utf8))
    }
    if failed > 0 { throw ExitCode.failure }
  }
}
