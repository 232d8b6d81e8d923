import XCTest

@testable import Decoders

/// The slow-disk seam the benchmarks use: a latency on reads of the photos' folder only, and
/// only with the test hooks on.
final class DiskWaitLatencyTests: XCTestCase {
  func testLatencyAppliesToMarkedPathsOnlyWithTheHooksOn() {
    let slow = DiskWait(environment: [
      "LIGHTBOX_TEST_DECODER_HOOKS": "1", "LIGHTBOX_TEST_SLOW_READS": "/mnt/nas/photos",
      "LIGHTBOX_TEST_READ_LATENCY_MS": "20",
    ])
    XCTAssertEqual(slow.addedLatency(for: "/mnt/nas/photos/2024/IMG_1.JPG"), 20_000)
    XCTAssertEqual(
      slow.addedLatency(for: "/home/u/.cache/thumbnails/large/0a.png"), 0,
      "the thumbnail cache is on the local disk")
    let hooksOff = DiskWait(environment: [
      "LIGHTBOX_TEST_SLOW_READS": "/mnt/nas/photos", "LIGHTBOX_TEST_READ_LATENCY_MS": "20",
    ])
    XCTAssertEqual(hooksOff.addedLatency(for: "/mnt/nas/photos/a.jpg"), 0, "a user's run")
    let capped = DiskWait(environment: [
      "LIGHTBOX_TEST_DECODER_HOOKS": "1", "LIGHTBOX_TEST_SLOW_READS": "photos",
      "LIGHTBOX_TEST_READ_LATENCY_MS": "999999",
    ])
    XCTAssertEqual(capped.addedLatency(for: "photos/a.jpg"), 10_000_000, "at most 10 s")
    XCTAssertEqual(DiskWait(environment: [:]).addedLatency(for: "photos/a.jpg"), 0)
  }

  func testAMarkedReadStillReadsTheFile() throws {
    let path = NSTemporaryDirectory() + "disk-wait-\(getpid()).bin"
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let slow = DiskWait(environment: [
      "LIGHTBOX_TEST_DECODER_HOOKS": "1", "LIGHTBOX_TEST_SLOW_READS": "disk-wait-",
      "LIGHTBOX_TEST_READ_LATENCY_MS": "1",
    ])
    let bytes = slow.during(path: path) { FileManager.default.contents(atPath: path) }
    XCTAssertEqual(bytes.map(Array.init), [1, 2, 3])
  }
}
