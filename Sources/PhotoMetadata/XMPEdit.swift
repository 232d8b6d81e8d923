/// A change to a photo's tags, rating, label, title and caption, as `lightbox tag` asks for
/// it: what `XMPSidecarWriter` writes into the photo's sidecar.
///
/// A nil field is left as it is. Tags are paths from the root (`["Places", "Japan",
/// "Kyoto"]`, typed "Places/Japan/Kyoto"); a flat tag is a one-part path. An empty label,
/// title or caption removes it.
public struct XMPEdit: Sendable, Equatable {
  /// The tags to add (each written to `dc:subject` as its leaf, to `lr:hierarchicalSubject`
  /// joined by `|` and to `digiKam:TagsList` joined by `/`).
  public var addTags: [[String]] = []
  /// The tags to remove (the exact paths; their parts leave `dc:subject` when no tag left
  /// holds them).
  public var removeTags: [[String]] = []
  /// `xmp:Rating`: 0 to 5 stars, −1 rejected.
  public var rating: Int?
  /// `xmp:Label` ("Red", "Approved"…).
  public var label: String?
  /// `dc:title`, its `x-default` alternative.
  public var title: String?
  /// `dc:description`, its `x-default` alternative.
  public var caption: String?
  /// The capture date as XMP writes it ("2024-08-13T10:22:01+09:00"): set as
  /// `exif:DateTimeOriginal` and `xmp:CreateDate`, and as `photoshop:DateCreated` where the
  /// packet has one (readers take it first). Where a RAW's date fix goes.
  public var captureDate: String?

  public init(
    addTags: [[String]] = [], removeTags: [[String]] = [], rating: Int? = nil,
    label: String? = nil, title: String? = nil, caption: String? = nil,
    captureDate: String? = nil
  ) {
    self.addTags = addTags
    self.removeTags = removeTags
    self.rating = rating
    self.label = label
    self.title = title
    self.caption = caption
    self.captureDate = captureDate
  }

  /// True when the edit changes nothing.
  public var isEmpty: Bool {
    addTags.isEmpty && removeTags.isEmpty && rating == nil && label == nil && title == nil
      && caption == nil && captureDate == nil
  }

  /// The path of the tag typed as `text` ("Places/Japan/Kyoto"): its parts trimmed, empty
  /// parts refused, as are `|` (the separator of `lr:hierarchicalSubject`) and control
  /// characters.
  public static func tagPath(_ text: String) -> Result<[String], XMPWriteError> {
    if let problem = textProblem(text, allowingLineBreaks: false) {
      return .failure(XMPWriteError("tag \"\(text)\" \(problem)"))
    }
    guard !text.contains("|") else {
      return .failure(XMPWriteError("tag \"\(text)\" contains \"|\" (use \"/\" between levels)"))
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map {
      String($0).trimmingBlanks
    }
    guard !parts.contains(where: \.isEmpty) else {
      return .failure(XMPWriteError("tag \"\(text)\" has an empty level"))
    }
    return .success(parts)
  }

  /// What is wrong with `text` as an XMP value, nil when nothing: characters XML 1.0 cannot
  /// hold (controls but tab, line feed and carriage return; U+FFFE, U+FFFF) and the other
  /// controls (DEL, C1), which no tool shows; line breaks and tabs only where allowed.
  public static func textProblem(_ text: String, allowingLineBreaks: Bool) -> String? {
    for scalar in text.unicodeScalars {
      let v = scalar.value
      let isBreak = v == 0x09 || v == 0x0A || v == 0x0D
      if isBreak, allowingLineBreaks { continue }
      if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF {
        return "contains a control character (U+\(String(v, radix: 16, uppercase: true)))"
      }
    }
    return nil
  }

  /// What is wrong with the edit as a whole, nil when nothing: a rating outside −1…5, a tag
  /// both added and removed, texts with characters XMP cannot hold.
  public var problem: String? {
    if let rating, !(-1...5).contains(rating) { return "rating must be 0 to 5 (or -1, rejected)" }
    if let both = addTags.first(where: removeTags.contains) {
      return "tag \"\(both.joined(separator: "/"))\" is both added and removed"
    }
    for path in addTags + removeTags {
      // "|" and "/" separate the levels of lr:hierarchicalSubject and digiKam:TagsList.
      if path.isEmpty
        || path.contains(where: { $0.isEmpty || $0.contains("|") || $0.contains("/") })
      {
        return "tag \"\(path.joined(separator: "/"))\" has an empty level, a \"|\" or a \"/\""
      }
      for part in path {
        if let problem = Self.textProblem(part, allowingLineBreaks: false) {
          return "tag \"\(path.joined(separator: "/"))\" \(problem)"
        }
      }
    }
    if let captureDate,
      captureDate.isEmpty || Self.textProblem(captureDate, allowingLineBreaks: false) != nil
    {
      return "capture date \"\(captureDate)\" is not a date"
    }
    let texts: [(String, String?, Bool)] = [
      ("label", label, false), ("title", title, true), ("caption", caption, true),
    ]
    for (name, value, breaks) in texts {
      if let value, let problem = Self.textProblem(value, allowingLineBreaks: breaks) {
        return "\(name) \(problem)"
      }
    }
    return nil
  }
}

/// Why an XMP sidecar was not written, in one line.
public struct XMPWriteError: Error, Sendable, Equatable, CustomStringConvertible {
  public var reason: String

  public init(_ reason: String) { self.reason = reason }

  public var description: String { reason }
}
