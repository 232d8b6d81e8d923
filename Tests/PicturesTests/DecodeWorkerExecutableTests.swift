import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders
@testable import DecodeWorker

/// `lightbox-decode-worker`, the worker as an executable of its own beside `lightbox`: found
/// through a link to `lightbox`, the same pixels and the same sandbox as `lightbox
/// decode-worker`, and a worker told another wire version hands over to its `lightbox`.
final class DecodeWorkerExecutableTests: XCTestCase {
  private var files = DecodeWorkerFiles(label: "unused")

  override func setUp() {
    files = DecodeWorkerFiles(label: "worker-executable")
  }

  override func tearDown() {
    files.remove()
  }

  /// The built worker beside the built `lightbox`, or a skip saying how to build it.
  func requireWorker() throws -> (lightbox: String, worker: String) {
    let lightbox = try BuiltProduct.requireLightbox()
    let worker =
      (lightbox as NSString).deletingLastPathComponent + "/"
      + DecodeWorkerHost.Configuration.workerExecutableName
    guard FileManager.default.isExecutableFile(atPath: worker) else {
      throw XCTSkip("lightbox-decode-worker is not built (run `swift build` first)")
    }
    return (lightbox, worker)
  }

  func host(_ worker: String, wire: Int) -> DecodeWorkerHost {
    DecodeWorkerHost(
      configuration: .init(
        executable: worker, arguments: ["--wire", "\(wire)"],
        environment: ["LIGHTBOX_TEST_DECODER_HOOKS": "1"]))
  }

  /// Beside `lightbox`, and through a symbolic link to it (as ~/.local/bin links it): the
  /// real folder's worker; nothing beside a program that has none.
  func testTheWorkerIsFoundBesideTheRealExecutable() throws {
    let (lightbox, worker) = try requireWorker()
    let real = { (path: String) in (path as NSString).resolvingSymlinksInPath }
    XCTAssertEqual(
      DecodeWorkerHost.Configuration.workerBeside(executable: lightbox).map(real), real(worker))
    let link = files.folder + "/lightbox"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: lightbox)
    XCTAssertEqual(
      DecodeWorkerHost.Configuration.workerBeside(executable: link).map(real), real(worker))
    XCTAssertNil(DecodeWorkerHost.Configuration.workerBeside(executable: "/bin/true"))
  }

  /// The small worker's pixels are the in-process decoder's, byte for byte, and a file
  /// that crashes its decoder is one file's one-line failure, as with `lightbox
  /// decode-worker` (the same loop and sandbox).
  func testSamePixelsAndACrashIsOneLine() throws {
    let (_, worker) = try requireWorker()
    let host = host(worker, wire: DecodeWorkerMessage.wireVersion)
    let jpeg = try files.jpeg("a.jpg", seed: 5)
    let options = DecodeWorkerFiles.tile
    XCTAssertEqual(
      try host.decode(path: jpeg, options: options).get(),
      try ImageDecoder.decode(path: jpeg, options: options).get())
    let pid = try XCTUnwrap(host.idleWorkerPIDs.first)
    XCTAssertEqual(try executable(of: pid), worker, "served by the small worker itself")
    let crash = host.decode(path: try files.abortFile(), options: options)
    XCTAssertEqual(crash.failureReason, "decoder crashed on abort.webp (signal \(SIGABRT))")
    XCTAssertEqual(DecodeWorkerFiles.zombieChildren(), [])
  }

  /// Asked for a wire version it does not speak (a worker left from another build), the
  /// worker becomes `lightbox decode-worker` in the same process: the file still decodes.
  func testAnotherWireVersionHandsOverToLightbox() throws {
    let (lightbox, worker) = try requireWorker()
    let host = host(worker, wire: DecodeWorkerMessage.wireVersion + 1)
    let png = try files.png("b.png", seed: 6)
    XCTAssertEqual(
      try host.decode(path: png, options: DecodeWorkerFiles.tile).get(),
      try ImageDecoder.decode(path: png, options: DecodeWorkerFiles.tile).get())
    let pid = try XCTUnwrap(host.idleWorkerPIDs.first)
    XCTAssertEqual(
      try executable(of: pid), (lightbox as NSString).resolvingSymlinksInPath,
      "the worker handed over to lightbox")
  }

  /// `scripts/install`'s layout: `bin/lightbox` finds `libexec/lightbox/`'s worker, and
  /// that worker hands over to `bin/lightbox` (hard links of the built programs: a link by
  /// name would resolve to the build folder).
  func testTheInstalledLayoutFindsItsWorkerAndHandsOverToItsLightbox() throws {
    let (lightbox, worker) = try requireWorker()
    let manager = FileManager.default
    let prefix = files.folder + "/prefix"
    try manager.createDirectory(
      atPath: prefix + "/libexec/lightbox", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
    let installed = prefix + "/bin/lightbox"
    let installedWorker = prefix + "/libexec/lightbox/lightbox-decode-worker"
    do {
      try manager.linkItem(atPath: lightbox, toPath: installed)
      try manager.linkItem(atPath: worker, toPath: installedWorker)
    } catch {
      throw XCTSkip("the build folder and the temporary folder are on different file systems")
    }
    let found = try XCTUnwrap(DecodeWorkerHost.Configuration.workerBeside(executable: installed))
    XCTAssertEqual((found as NSString).standardizingPath, installedWorker)
    let host = host(found, wire: DecodeWorkerMessage.wireVersion + 1)
    let png = try files.png("c.png", seed: 7)
    XCTAssertEqual(
      try host.decode(path: png, options: DecodeWorkerFiles.tile).get(),
      try ImageDecoder.decode(path: png, options: DecodeWorkerFiles.tile).get())
    let pid = try XCTUnwrap(host.idleWorkerPIDs.first)
    XCTAssertEqual(try executable(of: pid), installed, "handed over to bin/lightbox")
  }

  /// The program a process runs (its /proc/PID/exe).
  func executable(of pid: Int32) throws -> String {
    try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
  }
}
