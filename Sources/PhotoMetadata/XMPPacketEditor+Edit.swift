/// An `XMPEdit` as changes to the packet's properties.
extension XMPPacketEditor {
  static let subject = Property(uri: XMPMetadata.dc, local: "subject", prefix: "dc")
  static let hierarchicalSubject = Property(
    uri: XMPMetadata.lightroom, local: "hierarchicalSubject", prefix: "lr")
  static let tagsList = Property(uri: XMPMetadata.digiKam, local: "TagsList", prefix: "digiKam")
  static let rating = Property(uri: XMPMetadata.xmp, local: "Rating", prefix: "xmp")
  static let label = Property(uri: XMPMetadata.xmp, local: "Label", prefix: "xmp")
  static let title = Property(uri: XMPMetadata.dc, local: "title", prefix: "dc")
  static let description = Property(uri: XMPMetadata.dc, local: "description", prefix: "dc")
  static let dateTimeOriginal = Property(
    uri: XMPMetadata.exif, local: "DateTimeOriginal", prefix: "exif")
  static let createDate = Property(uri: XMPMetadata.xmp, local: "CreateDate", prefix: "xmp")
  static let dateCreated = Property(
    uri: XMPMetadata.photoshop, local: "DateCreated", prefix: "photoshop")

  /// The packet `bytes` with `edit` made. `seed` is what the photo's other layers (its
  /// embedded XMP, a sidecar this one wins over) say: a list this packet lacks starts from
  /// it, so that writing it does not hide them.
  static func edited(_ bytes: [UInt8], by edit: XMPEdit, seed: XMPMetadata)
    throws(XMPWriteError) -> [UInt8]
  {
    if let problem = edit.problem { throw XMPWriteError(problem) }
    var editor = try XMPPacketEditor(bytes)
    if !edit.addTags.isEmpty || !edit.removeTags.isEmpty {
      let current = XMPMetadata(packet: bytes)
      try editor.setTags(edit, current: current, seed: seed)
    }
    if let rating = edit.rating { try editor.setSimple(Self.rating, to: String(rating)) }
    if let label = edit.label { try editor.setSimple(Self.label, to: label) }
    if let title = edit.title { try editor.setLanguageAlternative(Self.title, to: title) }
    if let caption = edit.caption {
      try editor.setLanguageAlternative(Self.description, to: caption)
    }
    if let date = edit.captureDate {
      // darktable writes exif:DateTimeOriginal as EXIF does ("2021:06:19 12:22:10.790") and
      // reads it back so: a value written that way is written that way again.
      let written = XMPDates.value(of: "exif:DateTimeOriginal", in: bytes)
      let exifStyle = written.map { Self.isEXIFStyle($0) } ?? false
      try editor.setSimple(Self.dateTimeOriginal, to: exifStyle ? Self.exifStyle(date) : date)
      try editor.setSimple(Self.createDate, to: date)
      // Readers take photoshop:DateCreated first: one left as it was would win.
      if !editor.occurrences(Self.dateCreated.uri, Self.dateCreated.local).isEmpty {
        try editor.setSimple(Self.dateCreated, to: date)
      }
    }
    return try editor.finish()
  }

  /// True for a date written as EXIF writes it: "YYYY:MM:DD HH:MM:SS…".
  static func isEXIFStyle(_ text: String) -> Bool {
    let b = Array(text.utf8)
    return b.count >= 19 && b[4] == UInt8(ascii: ":") && b[7] == UInt8(ascii: ":")
      && b[10] == UInt8(ascii: " ")
  }

  /// An XMP date ("2021-06-19T11:22:10.790+02:00") as EXIF writes it ("2021:06:19
  /// 11:22:10.790"): colons in the date, a space, no offset.
  static func exifStyle(_ date: String) -> String {
    var b = Array(date.utf8)
    guard b.count >= 19 else { return date }
    b[4] = UInt8(ascii: ":")
    b[7] = UInt8(ascii: ":")
    b[10] = UInt8(ascii: " ")
    var end = b.count
    if b.last == UInt8(ascii: "Z") {
      end -= 1
    } else if end >= 25, b[end - 6] == UInt8(ascii: "+") || b[end - 6] == UInt8(ascii: "-") {
      end -= 6
    }
    return String(decoding: b[..<end], as: UTF8.self)
  }

  /// Adds and removes tags in the three lists readers use: `dc:subject` (each tag's leaf),
  /// `lr:hierarchicalSubject` (`Places|Japan|Kyoto`) and `digiKam:TagsList`
  /// (`Places/Japan/Kyoto`). A removed tag's parts leave `dc:subject` when no tag left holds
  /// them (darktable and Lightroom write every level of a path there).
  private mutating func setTags(_ edit: XMPEdit, current: XMPMetadata, seed: XMPMetadata)
    throws(XMPWriteError)
  {
    let removed = Set(edit.removeTags)
    // Every tag the photo shows, flat keywords as one-level paths: a hierarchical list
    // written without them would hide them from digiKam, which reads TagsList first.
    let paths = seed.overlaid(by: current).tagPaths
    var remaining = paths.filter { !removed.contains($0) }
    for path in edit.addTags where !remaining.contains(path) { remaining.append(path) }
    let kept = Set(remaining.joined())
    let leaves = edit.addTags.compactMap(\.last)
    try setList(
      Self.subject, kind: "Bag", remove: Set(edit.removeTags.joined()).subtracting(kept),
      add: leaves, base: seed.keywords ?? [], hiding: !(seed.keywords ?? []).isEmpty)
    for (property, separator, kind) in [
      (Self.hierarchicalSubject, "|", "Bag"), (Self.tagsList, "/", "Seq"),
    ] {
      try setList(
        property, kind: kind,
        remove: Set(edit.removeTags.map { $0.joined(separator: separator) }),
        add: edit.addTags.map { $0.joined(separator: separator) },
        base: paths.map { $0.joined(separator: separator) },
        hiding: !(seed.hierarchicalKeywords ?? []).isEmpty)
    }
  }

  /// The packet a new sidecar starts from: the wrapper exiftool and Adobe write, one empty
  /// `rdf:Description`.
  static let emptySidecar = Array(
    """
    <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Lightbox">
     <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="">
      </rdf:Description>
     </rdf:RDF>
    </x:xmpmeta>
    <?xpacket end="w"?>

    """.utf8)
}
