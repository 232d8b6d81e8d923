import Foundation

/// Small Matroska, WebM and AVI clips made at test time with Debian's `ffmpeg` CLI (from
/// scripts/install-deps), each with its codec, frame rate and dates, and ffprobe's view of
/// them: the reference the container scanners are compared with.
public enum VideoClips {
  /// One clip to make: its file name and the ffmpeg options that make it.
  public struct Clip: Sendable {
    public let name: String
    public let codec: String
    /// Frames per second as ffmpeg takes it ("25", "30000/1001").
    public let rate: String
    public let audio: Bool
    public let metadata: [String]
  }

  public static let missingMessage = "ffmpeg/ffprobe is not installed (scripts/install-deps)"

  public static let available =
    Subprocess.run(["ffmpeg", "-version"]).status == 0
    && Subprocess.run(["ffprobe", "-version"]).status == 0

  /// The video encoders this ffmpeg has.
  public static let encoders: Set<String> = {
    let listing = Subprocess.run(["ffmpeg", "-hide_banner", "-encoders"]).output
    return Set(
      listing.split(separator: "\n").compactMap { line in
        let words = line.split(separator: " ")
        return words.count >= 2 && words[0].hasPrefix("V") ? String(words[1]) : nil
      })
  }()

  /// An MKV in H.264 (MPEG-4 part 2 without libx264) at 29.97 fps with a creation time and a
  /// location, MPEG-4 MKV at 25 fps, VP9 and VP8 WebM when libvpx is there, MPEG-4 and MJPEG
  /// AVI with an `ICRD` date.
  public static var standard: [Clip] {
    let dated = ["creation_time=2021-03-04T05:06:07.000000Z", "location=+48.8584+002.2945/"]
    var clips = [
      Clip(
        name: "h264.mkv", codec: encoders.contains("libx264") ? "libx264" : "mpeg4",
        rate: "30000/1001", audio: true, metadata: dated),
      Clip(name: "mpeg4.mkv", codec: "mpeg4", rate: "25", audio: false, metadata: []),
      Clip(
        name: "mpeg4.avi", codec: "mpeg4", rate: "25", audio: true,
        metadata: ["date=2006-10-26 16:46:00"]),
      Clip(name: "mjpeg.avi", codec: "mjpeg", rate: "30000/1001", audio: false, metadata: []),
    ]
    if encoders.contains("libvpx-vp9") {
      clips.append(
        Clip(
          name: "vp9.webm", codec: "libvpx-vp9", rate: "25", audio: false,
          metadata: ["creation_time=2019-12-31T23:59:58Z"]))
    }
    if encoders.contains("libvpx") {
      clips.append(
        Clip(name: "vp8.webm", codec: "libvpx", rate: "30000/1001", audio: false, metadata: []))
    }
    return clips
  }

  /// Makes `clip` (2 s of a 320×240 test pattern) in `folder`; returns its path.
  public static func make(_ clip: Clip, in folder: String, seconds: Double = 2) throws -> String {
    let path = folder + "/" + clip.name
    var arguments = [
      "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i",
      "testsrc=s=320x240:r=\(clip.rate):d=\(seconds)",
    ]
    if clip.audio { arguments += ["-f", "lavfi", "-i", "sine=d=\(seconds)"] }
    arguments += ["-pix_fmt", "yuv420p", "-c:v", clip.codec, "-g", "12"]
    if clip.codec.hasPrefix("libvpx") { arguments += ["-deadline", "realtime", "-cpu-used", "8"] }
    if clip.audio { arguments += ["-c:a", "pcm_s16le", "-shortest"] }
    for entry in clip.metadata { arguments += ["-metadata", entry] }
    let made = Subprocess.run(arguments + [path])
    guard made.status == 0 else {
      throw NSError(
        domain: "VideoClips", code: Int(made.status),
        userInfo: [NSLocalizedDescriptionKey: "ffmpeg \(clip.name): \(made.output)"])
    }
    return path
  }

  /// ffprobe's answer for a file: the format and its first video stream.
  public struct Probe: Sendable {
    public var formatDuration: Double?
    public var streamDuration: Double?
    public var codec: String?
    public var width: Int?
    public var height: Int?
    public var frameRate: Double?
    public var tags: [String: String] = [:]
  }

  /// `ffprobe -show_format -show_streams -of json` of `path`, or nil when it fails.
  public static func probe(_ path: String) -> Probe? {
    let result = Subprocess.run([
      "ffprobe", "-v", "error", "-show_format", "-show_streams", "-of", "json", path,
    ])
    guard result.status == 0,
      let object = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)),
      let json = object as? [String: Any], let format = json["format"] as? [String: Any]
    else { return nil }
    var probe = Probe()
    probe.formatDuration = (format["duration"] as? String).flatMap(Double.init)
    probe.tags = format["tags"] as? [String: String] ?? [:]
    let streams = json["streams"] as? [[String: Any]] ?? []
    if let video = streams.first(where: { $0["codec_type"] as? String == "video" }) {
      probe.codec = video["codec_name"] as? String
      probe.width = video["width"] as? Int
      probe.height = video["height"] as? Int
      probe.streamDuration = (video["duration"] as? String).flatMap(Double.init)
      if let rate = video["avg_frame_rate"] as? String {
        let parts = rate.split(separator: "/").compactMap { Double($0) }
        if parts.count == 2, parts[1] > 0 { probe.frameRate = parts[0] / parts[1] }
      }
    }
    return probe
  }
}
