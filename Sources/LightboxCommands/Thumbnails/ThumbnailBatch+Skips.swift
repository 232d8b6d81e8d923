import PhotoMetadata

extension ThumbnailBatch {
  /// How many skipped files `lightbox thumbnails` names without `--verbose`.
  public static let skipListLimit = 20

  /// Why a file that is not a still image was left alone, from its content: "VIDEO: not
  /// decoded by this build", or "not an image" when no format is recognised.
  static func skipReason(_ path: String) -> String {
    guard case .success(let head) = MetadataReader.readHead(ofFile: path, maxBytes: 64),
      let format = FormatSniffer.format(of: head)
    else { return "not an image Lightbox recognises" }
    return "\(format.label): not decoded by this build"
  }

  /// The lines that list skipped files, "skipped PATH: REASON": the first `limit` (all
  /// when nil), then "…and N more skipped (--verbose lists them all)".
  public static func skipLines(_ skips: [String], limit: Int?) -> [String] {
    let lines = skips.map { "skipped " + $0 }
    guard let limit, skips.count > limit else { return lines }
    return Array(lines.prefix(limit))
      + ["…and \(skips.count - limit) more skipped (--verbose lists them all)"]
  }

  /// The lines that name files that failed, "PATH: REASON": the first `limit` (all when
  /// nil), then "…and N more failed (--verbose lists them all)".
  public static func failureLines(_ failures: [String], limit: Int?) -> [String] {
    guard let limit, failures.count > limit else { return failures }
    return Array(failures.prefix(limit))
      + ["…and \(failures.count - limit) more failed (--verbose lists them all)"]
  }
}
