import Foundation
import PhotoModel
import XCTest

import DecodeWorker
import Decoders
import Pixels

/// Files and hosts for the decode worker tests: the test hooks' crashing and spinning WebP
/// files, a plain WebP libwebp refuses, a JPEG and a PNG, and hosts running the
/// built `lightbox decode-worker` with the hooks on.
public struct DecodeWorkerFiles {
  public let folder: String

  public init(label: String) {
    folder = BuiltProduct.temporaryDirectory(label).path
  }

  public func remove() { try? FileManager.default.removeItem(atPath: folder) }

  /// A RIFF/WEBP header (so the file sniffs as WebP) followed by `marker`.
  public func webp(_ name: String, marker: String) throws -> String {
    let body = Array("WEBP".utf8) + Array(marker.utf8)
    var bytes = Array("RIFF".utf8)
    let size = UInt32(body.count)
    bytes += [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: size >> $0) }
    return try write(name, bytes + body)
  }

  /// Makes the worker call abort() (with the hooks on).
  public func abortFile() throws -> String { try webp("abort.webp", marker: "LIGHTBOX-TEST-ABORT") }
  /// Makes the worker spin forever (with the hooks on).
  public func spinFile() throws -> String { try webp("spin.webp", marker: "LIGHTBOX-TEST-SPIN") }
  /// A WebP header and nothing a decoder could use.
  public func plainWebP() throws -> String { try webp("plain.webp", marker: "VP8 nothing here") }

  /// A 400×300 JPEG of a seeded pattern.
  public func jpeg(_ name: String, seed: UInt64) throws -> String {
    try write(name, try JPEGEncoder.encode(Self.pattern(seed: seed), quality: 88).get())
  }

  /// A 64×48 PNG of a seeded pattern.
  public func png(_ name: String, seed: UInt64) throws -> String {
    try write(name, TestImages.png(rgba: Self.pattern(seed: seed, width: 64, height: 48)))
  }

  public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let path = folder + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  public static func pattern(seed: UInt64, width: Int = 400, height: Int = 300) -> Bitmap {
    var random = SeededGenerator(seed: seed)
    let tint = [UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next())]
    var px: [UInt8] = []
    px.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        px += [UInt8(truncatingIfNeeded: x &+ Int(tint[0])), UInt8(y % 256), tint[1], 255]
      }
    }
    return Bitmap(width: width, height: height, pixels: px)
  }

  /// A host running the built `lightbox decode-worker` with the test hooks on (or skips).
  public static func host(deadline: DispatchTimeInterval = .seconds(10), hooks: Bool = true) throws
    -> DecodeWorkerHost
  {
    let lightbox = try BuiltProduct.requireLightbox()
    return DecodeWorkerHost(
      configuration: .init(
        executable: lightbox, deadline: deadline,
        environment: hooks ? ["LIGHTBOX_TEST_DECODER_HOOKS": "1"] : [:]))
  }

  public static let tile = DecodeOptions(
    target: PixelSize(width: 256, height: 256), mode: .fit, quality: .fast)

  /// The pids of this process's children that are zombies (exited, not reaped).
  public static func zombieChildren() -> [Int32] {
    children().filter { $0.state == "Z" }.map(\.pid)
  }

  /// This process's children, from /proc: pid and state letter.
  public static func children() -> [(pid: Int32, state: Character)] {
    let me = getpid()
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> (Int32, Character)? in
      guard let pid = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      // After "pid (comm) ": state, ppid.
      let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
      guard fields.count > 2, Int32(fields[1]) == me, let state = fields[0].first else {
        return nil
      }
      return (pid, state)
    }
  }
}
