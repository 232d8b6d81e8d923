import Catalog
import Foundation
import TerminalUI
import PhotoMetadata
import PhotoModel
import Places

/// `lightbox info FILE…`: what the metadata reader finds in each file.
///
/// Never stops on a bad file: a file that cannot be read gets a report with `error` set.
public enum InfoCommand {
  /// One file's report (`--json` prints it as one JSON object per line, every key present).
  public struct Report: Sendable, Equatable, Encodable {
    public var path: String
    /// MediaFormat raw value ("jpeg", "avif", "avifSequence"), from content; nil when unknown.
    /// The readable form gives its label ("JPEG"; "AVIF" for stills and sequences).
    public var format: String?
    /// Stored pixel size, before orientation.
    public var width: Int?
    public var height: Int?
    /// The size as shown: after the orientation (HEIF's own transformations are already
    /// in `width` × `height`; RAW files report their largest preview).
    public var displayWidth: Int?
    public var displayHeight: Int?
    /// IFD0 Orientation exactly as stored (may be out of range), nil when absent.
    public var orientation: Int?
    /// EXIF DateTimeOriginal exactly as written.
    public var dateTimeOriginal: String?
    /// The capture date after the metadata → file name → mtime fallback, local wall clock
    /// ("2024-08-13T10:22:01", "+09:00" appended when the offset is known).
    public var captureDate: String?
    /// Where `captureDate` came from: a CaptureDateSource raw value (exif, pngText,
    /// exifCreateDate, xmp, gps, exifModifyDate, quickTimeCreationDate, movieCreationTime,
    /// aviRecordingDate, fileName or fileModification).
    public var captureDateSource: String?
    public var make: String?
    public var model: String?
    public var lens: String?
    /// Make and model as shown to people ("Canon EOS 40D"; see CameraName).
    public var camera: String?
    /// A video's length in seconds, codec ("h264"), frames per second and clockwise
    /// rotation of its display matrix (0, 90, 180, 270); nil for stills. A video's `width`
    /// × `height` is its coded frame, `displayWidth` × `displayHeight` the rotated one.
    public var duration: Double?
    public var codec: String?
    /// A video's container ("MP4", "MOV", "3GP", "MKV", "WEBM", "AVI"), from its bytes.
    public var container: String?
    public var frameRate: Double?
    public var rotation: Int?
    /// The frames of a video or an AVIF sequence, when its header counts them.
    public var frames: Int?
    /// The position recorded in the file (EXIF GPS, a movie's location), in degrees.
    public var latitude: Double?
    public var longitude: Double?
    /// Where that is (town, city, region, country), when the place table is installed and
    /// the position is a real one (not 0,0, not at sea).
    public var place: Place?
    /// Why the file could not be read, nil when it could.
    public var error: String?
    /// Tags, rating, captions and people from XMP and IPTC (their keys sit beside these).
    public var tags = InfoTags()

    enum CodingKeys: String, CodingKey {
      case path, format, width, height, displayWidth, displayHeight, orientation, dateTimeOriginal,
        captureDate
      case captureDateSource, make, model, lens, camera, duration, codec, container, frameRate,
        rotation
      case frames, latitude, longitude, place, error
    }

    public func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(path, forKey: .path)
      try c.encode(format, forKey: .format)
      try c.encode(width, forKey: .width)
      try c.encode(height, forKey: .height)
      try c.encode(displayWidth, forKey: .displayWidth)
      try c.encode(displayHeight, forKey: .displayHeight)
      try c.encode(orientation, forKey: .orientation)
      try c.encode(dateTimeOriginal, forKey: .dateTimeOriginal)
      try c.encode(captureDate, forKey: .captureDate)
      try c.encode(captureDateSource, forKey: .captureDateSource)
      try c.encode(make, forKey: .make)
      try c.encode(model, forKey: .model)
      try c.encode(lens, forKey: .lens)
      try c.encode(camera, forKey: .camera)
      try c.encode(duration, forKey: .duration)
      try c.encode(codec, forKey: .codec)
      try c.encode(container, forKey: .container)
      try c.encode(frameRate, forKey: .frameRate)
      try c.encode(rotation, forKey: .rotation)
      try c.encode(frames, forKey: .frames)
      try c.encode(latitude, forKey: .latitude)
      try c.encode(longitude, forKey: .longitude)
      try c.encode(place, forKey: .place)
      try c.encode(error, forKey: .error)
      try tags.encode(to: encoder)
    }
  }

  /// The report of the file at `path`; its place from `places` when given.
  public static func report(path: String, places: PlaceFinder? = nil) -> Report {
    var report = Report(path: path)
    var info = stat()
    let mtime = stat(path, &info) == 0 ? Int64(info.st_mtim.tv_sec) : 0
    switch MetadataReader.read(contentsOf: path) {
    case .failure(let error):
      report.error = error.reason
    case .success(let metadata):
      report.format = metadata.format?.rawValue
      report.width = metadata.pixelSize?.width
      report.height = metadata.pixelSize?.height
      let displayed = metadata.pixelSize.map { metadata.orientation.displaySize(ofStored: $0) }
      report.displayWidth = displayed?.width
      report.displayHeight = displayed?.height
      report.orientation = metadata.exifOrientation
      report.dateTimeOriginal = metadata.dateTimeOriginal
      report.make = metadata.cameraMake
      report.model = metadata.cameraModel
      report.lens = metadata.lensModel
      report.camera = CameraName.display(make: metadata.cameraMake, model: metadata.cameraModel)
      if let gps = metadata.gps {
        report.latitude = gps.latitude
        report.longitude = gps.longitude
        report.place = places?.place(latitude: gps.latitude, longitude: gps.longitude)
      }
      if let video = metadata.video {
        report.width = video.codedSize?.width ?? report.width
        report.height = video.codedSize?.height ?? report.height
        report.duration = video.duration.map { ($0 * 1000).rounded() / 1000 }
        report.codec = video.codec
        report.container = metadata.format == .video ? video.container : nil
        report.frameRate = video.frameRate.map { ($0 * 1000).rounded() / 1000 }
        report.rotation = video.rotation
        report.frames = video.frameCount
      }
      if metadata.format == nil {
        report.error = "not a recognised image format"
      } else {
        let name = (path as NSString).lastPathComponent
        let date = CaptureDateFallback.captureDate(
          metadata: metadata, fileName: name, modificationTime: mtime)
        report.captureDate = text(date)
        report.captureDateSource = date.source.rawValue
      }
    }
    report.readTags()
    return report
  }

  /// Prints one report per path: JSON lines, or readable lines with control characters
  /// escaped (nothing read from a file may reach the terminal as an escape sequence).
  public static func run(
    paths: [String], json: Bool, places: PlaceFinder? = nil, output: (String) -> Void
  ) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for path in paths {
      let report = report(path: path, places: places)
      if json {
        let line = String(decoding: try encoder.encode(report), as: UTF8.self)
        output(jsonEscapingControls(line) + "\n")
      } else {
        output(
          ([humanLine(report)] + report.tags.lines).map(TerminalText.sanitize).joined(
            separator: "\n") + "\n")
      }
    }
  }

  /// `json` with the characters JSONEncoder leaves raw but a terminal may act on (DEL, C1
  /// controls such as U+009B CSI, bidi overrides) written as `\uXXXX` escapes: the same
  /// JSON value, safe to print. They can only occur inside strings, where escapes are valid.
  static func jsonEscapingControls(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: TerminalText.isUnsafe) else { return json }
    var out = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      if TerminalText.isUnsafe(scalar) {
        let hex = String(scalar.value, radix: 16)
        let escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        out.append(contentsOf: escape.unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// "IMG_1.jpg: JPEG 4032×3024, orientation 6, taken 2024-08-13T10:22:01+09:00 (exif), …".
  static func humanLine(_ r: Report) -> String {
    var parts: [String] = []
    // A video by its container ("MP4"), not "VIDEO".
    if let container = r.container {
      parts.append(container)
    } else if let format = r.format {
      parts.append(MediaFormat(rawValue: format)?.label ?? format.uppercased())
    }
    if let w = r.width, let h = r.height { parts[parts.count - 1] += " \(w)×\(h)" }
    if let o = r.orientation { parts.append("orientation \(o)") }
    if let frames = r.frames { parts.append("\(frames) frames") }
    if let duration = r.duration { parts.append(DurationText.badge(seconds: duration)) }
    if let codec = r.codec { parts.append(codec) }
    if let rotation = r.rotation, rotation != 0 { parts.append("rotated \(rotation)°") }
    if let date = r.captureDate, let source = r.captureDateSource {
      parts.append("taken \(date) (\(source))")
    }
    if let raw = r.dateTimeOriginal, r.captureDateSource != "exif" {
      // A video's raw date is its movie header's, not an EXIF DateTimeOriginal.
      parts.append((r.format == "video" ? "movie header" : "DateTimeOriginal") + " \"\(raw)\"")
    }
    if let camera = r.camera { parts.append(camera) }
    if let lens = r.lens { parts.append("lens \(lens)") }
    if let place = r.place { parts.append("in \(place.description)") }
    if let error = r.error { parts.append("error: \(error)") }
    return "\(r.path): " + parts.joined(separator: ", ")
  }

  /// "2024-08-13T10:22:01" (+ ".123" when there are milliseconds, + "+09:00" when known).
  static func text(_ d: CaptureDate) -> String {
    func pad(_ n: Int, _ width: Int = 2) -> String {
      let s = String(n)
      return String(repeating: "0", count: max(0, width - s.count)) + s
    }
    var out = "\(pad(d.year, 4))-\(pad(d.month))-\(pad(d.day))T\(d.timeOfDay)"
    if d.millisecond != 0 { out += "." + pad(d.millisecond, 3) }
    if let offset = d.offsetText { out += offset }
    return out
  }
}

extension InfoCommand.Report {
  init(path: String) {
    self.path = path
  }
}
