import Foundation

/// AVIF image sequences (`avis` brand) made at test time with Debian's `ffmpeg` CLI (from
/// scripts/install-deps) and its libaom-av1 encoder: 64×48 frames at 10 fps, the first
/// `redFrames` red and the rest blue (so a poster from the wrong frame shows), a keyframe
/// every 5 frames (so a seek to one second lands past the red ones) and a movie header
/// creation time.
public enum AVIFSequences {
  public static let missingMessage =
    "ffmpeg with libaom-av1 is not installed (scripts/install-deps: ffmpeg)"

  /// True when ffmpeg can write AVIF sequences here.
  public static let available = VideoClips.available && VideoClips.encoders.contains("libaom-av1")

  /// The movie header's creation time of every sequence made here.
  public static let creationTime = "2023-05-06T07:08:09Z"
  /// `creationTime` in seconds since 1970.
  public static let creationSeconds: Int64 = 1_683_356_889

  /// Makes `name` in `folder` with `frames` frames; returns its path.
  ///
  /// `stillItem: false` leaves only the movie (the HEIF `meta` box becomes a `free` box and
  /// the ftyp keeps only sequence brands), as some encoders write them: libheif 1.15 refuses
  /// such a file ("Unsupported file-type"). ffmpeg leaves the movie header's duration zero;
  /// it is set to the frames' length here, as libavif writes it.
  public static func make(
    _ name: String, in folder: String, frames: Int = 100, redFrames: Int = 5,
    stillItem: Bool = true
  ) throws -> String {
    let path = folder + "/" + name
    let red = Double(redFrames) / 10
    let blue = Double(frames - redFrames) / 10
    let graph =
      "color=c=red:s=64x48:r=10:d=\(red)[a];color=c=blue:s=64x48:r=10:d=\(blue)[b];"
      + "[a][b]concat=n=2:v=1:a=0,format=yuv420p[v]"
    let made = Subprocess.run([
      "ffmpeg", "-v", "error", "-y", "-filter_complex", graph, "-map", "[v]",
      "-frames:v", String(frames), "-c:v", "libaom-av1", "-cpu-used", "8", "-g", "5",
      "-metadata", "creation_time=\(creationTime)", "-f", "avif", path,
    ])
    guard made.status == 0 else {
      throw NSError(
        domain: "AVIFSequences", code: Int(made.status),
        userInfo: [NSLocalizedDescriptionKey: "ffmpeg \(name): \(made.output)"])
    }
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    try setMovieDuration(&bytes, seconds: Double(frames) / 10)
    if !stillItem { try removeStillItem(&bytes) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Writes the `mvhd` box's duration (version 0: timescale then duration, 32 bits each).
  public static func setMovieDuration(_ bytes: inout [UInt8], seconds: Double) throws {
    let at = try offset(of: "mvhd", in: bytes) + 4
    guard bytes[at] == 0 else { throw error("a version 1 mvhd") }
    let timescale = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[at + 12 + $1]) }
    let duration = UInt32(Double(timescale) * seconds)
    for i in 0..<4 { bytes[at + 16 + i] = UInt8(truncatingIfNeeded: duration >> (24 - 8 * i)) }
  }

  /// Turns the top-level `meta` box into `free` and the `avif` and `mif1` brands into
  /// `iso8`: a sequence with no still item.
  static func removeStillItem(_ bytes: inout [UInt8]) throws {
    let meta = try offset(of: "meta", in: bytes)
    bytes.replaceSubrange(meta..<meta + 4, with: Array("free".utf8))
    let ftypSize = Int(bytes[3])
    for brand in ["avif", "mif1"] {
      let at = try offset(of: brand, in: Array(bytes[16..<ftypSize])) + 16
      bytes.replaceSubrange(at..<at + 4, with: Array("iso8".utf8))
    }
  }

  private static func offset(of type: String, in bytes: [UInt8]) throws -> Int {
    let pattern = Array(type.utf8)
    guard bytes.count >= 4,
      let at = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == pattern })
    else { throw error("no \(type) in the file") }
    return at
  }

  private static func error(_ text: String) -> NSError {
    NSError(domain: "AVIFSequences", code: 1, userInfo: [NSLocalizedDescriptionKey: text])
  }
}
