import PhotoModel

/// Reads a photo's tags, rating, captions and people from where darktable, digiKam,
/// Lightroom and exiftool keep them: its sidecars (`NAME.EXT.xmp`, then `NAME.xmp`) and the
/// XMP and IPTC it embeds. The sidecars win field by field (docs/DECISIONS.md, 2026-11-28).
public enum XMPReader {
  /// What was read for one photo.
  public struct Reading: Sendable, Equatable {
    /// The fields, the sidecars' over the embedded ones.
    public var metadata = XMPMetadata()
    /// The embedded fields alone; nil when the file embeds no XMP or IPTC keywords.
    public var embedded: XMPMetadata?
    /// The sidecars read, the one that wins first.
    public var sidecars: [String] = []
    /// True when the file read is itself an XMP packet (a sidecar given as the photo).
    public var isPacketFile = false
    /// What is wrong with the packets read, one line each ("IMG_1.CR3.xmp: malformed XMP:
    /// <rdf:Bag> is not closed"); what could be read of them is in `metadata` all the same.
    public var problems: [String] = []

    public init() {}
  }

  /// The tags of the photo at `path`: its sidecars over what it embeds. A file that cannot
  /// be read gives an empty reading, never an error: tags are optional.
  public static func read(contentsOf path: String) -> Reading {
    var reading = Reading()
    guard case .success(let head) = MetadataReader.readHead(ofFile: path) else { return reading }
    let format = head.withUnsafeBytes { FormatSniffer.format(of: ByteView($0)) }
    if format == nil, isSidecarName(path) {
      reading.isPacketFile = true
      // The head is all of a sidecar of less than 128 KB; a longer one is read again whole.
      let whole = head.count < MetadataReader.maxHeaderBytes ? head : readSidecar(path) ?? head
      let read = XMPMetadata.read(packet: whole)
      reading.metadata = read.metadata
      reading.problems = read.problem.map { [$0] } ?? []
      return reading
    }
    let found = withoutActuallyEscaping({ (range: Range<Int>) in
      path.withCString { MetadataReader.readRange($0, range) }
    }) { load in
      head.withUnsafeBytes { raw in
        let b = ByteView(raw)
        var source = RandomAccessSource(head: b, load: load)
        return EmbeddedXMP.read(format: format, &source)
      }
    }
    reading.embedded = found.metadata
    if let problem = found.problem { reading.problems.append("embedded XMP: \(problem)") }
    var metadata = reading.embedded ?? XMPMetadata()
    // One file under two names (`.xmp` and `.XMP` on a case-insensitive card) counts once.
    var seen: [FileIdentity] = []
    let present = sidecarPaths(for: path).filter { sidecar in
      guard let identity = FileIdentity(sidecar), !seen.contains(identity) else { return false }
      seen.append(identity)
      return true
    }
    // Lowest precedence first: each later layer replaces the fields it has.
    for sidecar in present.reversed() {
      guard let bytes = readSidecar(sidecar) else { continue }
      let read = XMPMetadata.read(packet: bytes)
      metadata = metadata.overlaid(by: read.metadata)
      reading.sidecars.insert(sidecar, at: 0)
      if let problem = read.problem { reading.problems.insert("\(sidecar): \(problem)", at: 0) }
    }
    reading.metadata = metadata
    return reading
  }

  /// The XMP and IPTC a file embeds, from its head and `load` (its bytes past the head,
  /// within `RandomAccessSource`'s budget); nil when there are none.
  public static func embedded(head: [UInt8], load: (Range<Int>) -> [UInt8]?) -> XMPMetadata? {
    withoutActuallyEscaping(load) { load in
      head.withUnsafeBytes { raw in
        let b = ByteView(raw)
        var source = RandomAccessSource(head: b, load: load)
        return EmbeddedXMP.read(format: FormatSniffer.format(of: b), &source).metadata
      }
    }
  }

  /// `embedded` (the fields the photo at `path` embeds) with its sidecars' over them, as
  /// `read(contentsOf:)` layers them, for a caller that has already read the photo's head
  /// (the indexer). Sidecars that cannot be read are skipped: tags are optional.
  public static func overlaidBySidecars(_ embedded: XMPMetadata?, photoPath path: String)
    -> XMPMetadata
  {
    sidecarLayers(embedded, photoPath: path).metadata
  }

  /// `overlaidBySidecars`, with the capture date the sidecars give (`sidecarDate`), each
  /// sidecar read once.
  public static func sidecarLayers(_ embedded: XMPMetadata?, photoPath path: String)
    -> (metadata: XMPMetadata, date: CaptureDate?)
  {
    var metadata = embedded ?? XMPMetadata()
    var date: CaptureDate?
    var seen: [FileIdentity] = []
    let present = sidecarPaths(for: path).filter { sidecar in
      guard let identity = FileIdentity(sidecar), !seen.contains(identity) else { return false }
      seen.append(identity)
      return true
    }
    // Lowest precedence first: the best sidecar's fields and date are the last taken.
    for sidecar in present.reversed() {
      guard let bytes = readSidecar(sidecar) else { continue }
      metadata = metadata.overlaid(by: XMPMetadata.read(packet: bytes).metadata)
      if let found = Self.date(inPacket: bytes) { date = found }
    }
    return (metadata, date)
  }

  /// The sidecar names of the photo at `path`, best first: `IMG_1234.CR3.xmp` (darktable,
  /// digiKam, exiftool), then `IMG_1234.xmp` (Lightroom, Capture One), each in lower and
  /// upper case.
  public static func sidecarPaths(for path: String) -> [String] {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let name = path[slash...]
    var paths = [path + ".xmp", path + ".XMP"]
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
      let stem = path[..<dot]
      paths += [stem + ".xmp", stem + ".XMP"]
    }
    return paths
  }

  /// The bytes of the sidecar at `path` (`XMPMetadata.maxPacketBytes` at most); nil when
  /// there is no such regular file.
  static func readSidecar(_ path: String) -> [UInt8]? {
    guard
      case .success(let bytes) = MetadataReader.readHead(
        ofFile: path, maxBytes: XMPMetadata.maxPacketBytes)
    else { return nil }
    return bytes
  }

  /// True for a name ending in ".xmp" (any case).
  static func isSidecarName(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".xmp")
  }
}
