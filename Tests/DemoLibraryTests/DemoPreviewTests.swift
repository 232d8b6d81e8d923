import DemoLibrary
import Foundation
import Imaging
import XCTest

/// Writes a small library for people to look at, and times full-size runs.
final class DemoPreviewTests: XCTestCase {
  /// With LIGHTBOX_DEMO_PREVIEW=DIR, writes a 12-file library (and, with
  /// LIGHTBOX_DEMO_PREVIEW_COUNT, more) there to look at.
  func testWritesPreviewWhenAsked() throws {
    guard let dir = ProcessInfo.processInfo.environment["LIGHTBOX_DEMO_PREVIEW"] else {
      throw XCTSkip("set LIGHTBOX_DEMO_PREVIEW=/tmp/demo-preview to write a preview library")
    }
    let count = Int(ProcessInfo.processInfo.environment["LIGHTBOX_DEMO_PREVIEW_COUNT"] ?? "") ?? 12
    let seed = UInt64(ProcessInfo.processInfo.environment["LIGHTBOX_DEMO_PREVIEW_SEED"] ?? "") ?? 1
    let summary = try DemoLibraryGenerator.generate(
      DemoLibraryOptions(directory: dir, count: count, seed: seed))
    XCTAssertEqual(summary.fileCount, count)
    for item in DemoLibraryGenerator.plan(
      DemoLibraryOptions(directory: dir, count: count, seed: seed))
    {
      print(
        item.relativePath, item.kind, item.scene.theme, item.scene.phase, item.scene.hour,
        item.orientation, item.isSelfie ? "selfie" : "")
    }
  }
}

extension DemoPreviewTests {
  /// Times a run and prints it (no assertion on time: machines differ). 60 files by default;
  /// LIGHTBOX_DEMO_TIMING_COUNT=600 times a full library.
  func testTimesGeneration() throws {
    let env = ProcessInfo.processInfo.environment
    let count = Int(env["LIGHTBOX_DEMO_TIMING_COUNT"] ?? "") ?? 60
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("demo-timing-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let start = Date()
    let summary = try DemoLibraryGenerator.generate(
      DemoLibraryOptions(directory: dir.path, count: count))
    let elapsed = Date().timeIntervalSince(start)
    XCTAssertEqual(summary.fileCount, count)
    #if DEBUG
      let build = "debug"
    #else
      let build = "release"
    #endif
    print(
      String(
        format: "demo timing (%@): %d files in %.2f s, %.1f ms/file, 600 files ≈ %.1f s",
        build, count, elapsed, elapsed * 1000 / Double(max(count, 1)),
        elapsed * 600 / Double(max(count, 1))))
  }
}
