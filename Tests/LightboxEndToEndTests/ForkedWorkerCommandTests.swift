import Foundation
import LightboxTestSupport
import XCTest

/// A command given a risky file forks its first worker at the top of `main` (issue 32's
/// door): that worker is the same sandbox as a started one — the seccomp filter kills a write
/// open, the address-space limit stops a 3 GiB allocation, threads run — and a worker
/// started after it (when the first one crashed) is a started program again.
final class ForkedWorkerCommandTests: XCTestCase {
  var lightbox: String!
  var files: DecodeWorkerFiles!

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    files = DecodeWorkerFiles(label: "forked-worker")
  }

  override func tearDown() { files?.remove() }

  /// Runs `lightbox show` in half-blocks on `paths` with the decoder hooks on; its output.
  func show(_ paths: [String]) -> String {
    let home = URL(fileURLWithPath: files.folder).appendingPathComponent("home")
    let environment = BuiltProduct.privateEnvironment(
      home: home, extra: ["LIGHTBOX_TEST_DECODER_HOOKS": "1"])
    let result = Subprocess.run(
      [lightbox, "show", "--graphics", "halfblock", "--width", "20"] + paths,
      environment: environment)
    XCTAssertLessThan(result.status, 128, "killed by signal \(result.status - 128)")
    return result.output
  }

  /// The line `output` has for the file named `name`.
  func line(_ output: String, _ name: String) -> String {
    output.split(separator: "\n").first { $0.contains(name) }.map(String.init) ?? output
  }

  func testTheFirstRiskyFileGoesToAForkedWorker() throws {
    let origin = try files.webp("origin.webp", marker: "LIGHTBOX-TEST-ORIGIN")
    XCTAssertTrue(line(show([origin]), "origin.webp").contains("forked worker"))
  }

  func testAWorkerAfterACrashIsStarted() throws {
    let abort = try files.abortFile()
    let origin = try files.webp("origin.webp", marker: "LIGHTBOX-TEST-ORIGIN")
    let output = show([abort, origin])
    XCTAssertTrue(line(output, "abort.webp").contains("decoder crashed on abort.webp"), output)
    XCTAssertTrue(line(output, "origin.webp").contains("started worker"), output)
  }

  func testTheForkedWorkersFilterKillsAWriteOpen() throws {
    let open = try files.webp("open.webp", marker: "LIGHTBOX-TEST-OPEN-WRITE")
    XCTAssertTrue(
      line(show([open]), "open.webp").contains("decoder crashed on open.webp (signal \(SIGSYS))"))
  }

  func testTheForkedWorkersAddressSpaceIsLimited() throws {
    let memory = try files.webp("memory.webp", marker: "LIGHTBOX-TEST-MEMORY")
    XCTAssertTrue(line(show([memory]), "memory.webp").contains("decoder crashed on memory.webp"))
  }

  func testTheForkedWorkerRunsThreads() throws {
    let thread = try files.webp("thread.webp", marker: "LIGHTBOX-TEST-THREAD")
    XCTAssertTrue(line(show([thread]), "thread.webp").contains("test thread ran"))
  }
}
