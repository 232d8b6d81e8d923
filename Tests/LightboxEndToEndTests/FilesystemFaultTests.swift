import Catalog
import Foundation
import Pixels
@_spi(Decoders) import Decoders
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

/// The file system misbehaving under the indexer and the decoder: files that vanish,
/// unreadable files and folders, a root that goes away, names that are not UTF-8, huge and
/// deep folders, a FIFO and a device named `.jpg`. Each is reported and survived; nothing
/// hangs (every run has a deadline).
final class FilesystemFaultTests: XCTestCase {
  var home: URL!
  var library = ""
  var catalogPath = ""
  var lightbox = ""

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("fs-fault")
    library = home.appendingPathComponent("library").path
    catalogPath = home.appendingPathComponent("data/library.sqlite").path
    try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
  }

  override func tearDown() {
    if let home {
      _ = Subprocess.run(["chmod", "-R", "u+rwx", home.path])
      try? FileManager.default.removeItem(at: home)
    }
  }

  var environment: [String: String] {
    ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
  }

  /// One small valid JPEG, written under many names.
  static let jpeg: [UInt8] = {
    var pixels: [UInt8] = []
    for i in 0..<(16 * 12) { pixels += [UInt8(i % 256), 90, 200, 255] }
    return
      (try? JPEGEncoder.encode(Bitmap(width: 16, height: 12, pixels: pixels), quality: 70).get())
      ?? []
  }()

  func write(_ relative: String) throws {
    let url = URL(fileURLWithPath: library + "/" + relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(Self.jpeg).write(to: url)
  }

  /// Runs `lightbox index` with a deadline; returns its status, summary and stderr lines.
  func index(
    deadline: TimeInterval = 60, asNobody: Bool = false, file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> (status: Int32, summary: IndexSummary?, problems: [String]) {
    let out = home.appendingPathComponent("index-out").path
    let err = home.appendingPathComponent("index-err").path
    var command = ["/bin/sh", "-c", "exec \"$@\" > \(out) 2> \(err)", "sh"]
    if asNobody {
      command += ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    }
    command += [lightbox, "index", library, "--catalog", catalogPath, "--json"]
    let pid = try IndexKillTests.spawn(command, environment: environment)
    let status = Self.wait(pid, deadline: deadline)
    XCTAssertNotNil(
      status, "lightbox index did not finish in \(deadline) s", file: file, line: line)
    let output = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    let errors = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
    let summary = output.split(separator: "\n").last.flatMap {
      try? JSONDecoder().decode(IndexSummary.self, from: Data($0.utf8))
    }
    return (status ?? -1, summary, errors.split(separator: "\n").map(String.init))
  }

  /// Waits for `pid` up to `deadline` seconds; kills it and returns nil when it is late.
  static func wait(_ pid: pid_t, deadline: TimeInterval) -> Int32? {
    let end = Date().addingTimeInterval(deadline)
    var status: Int32 = 0
    while Date() < end {
      let r = waitpid(pid, &status, WNOHANG)
      if r == pid { return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F) }
      usleep(20_000)
    }
    kill(pid, SIGKILL)
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return nil
  }

  func decodeOptions() -> DecodeOptions {
    DecodeOptions(target: PixelSize(width: 64, height: 64))
  }

  func testFilesVanishingBetweenScanAndDecode() throws {
    for i in 0..<5 { try write("p\(i).jpg") }
    let first = try index()
    XCTAssertEqual(first.summary?.total, 5)
    let assets = try Catalog(path: catalogPath).allAssets()
    XCTAssertEqual(assets.count, 5)
    unlink(assets[2].path)
    var failures: [String] = []
    for asset in assets {
      switch ImageDecoder.decode(path: asset.path, options: decodeOptions()) {
      case .success(let bitmap): XCTAssertGreaterThan(bitmap.width, 0)
      case .failure(let error): failures.append(error.reason)
      }
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures[0].contains("No such file"), failures[0])
    XCTAssertFalse(failures[0].contains("\n"), "one line")
    guard case .failure = MetadataReader.read(contentsOf: assets[2].path) else {
      return XCTFail("metadata of a vanished file")
    }
    // The next index notices and drops it.
    let second = try index()
    XCTAssertEqual(second.status, 0)
    XCTAssertEqual(second.summary?.total, 4)
    XCTAssertEqual(second.summary?.removed, 1)
  }

  func testUnreadableFileAndFolderAreReported() throws {
    for i in 0..<3 { try write("ok/p\(i).jpg") }
    try write("locked/q.jpg")
    try write("ok/secret.jpg")
    chmod(library + "/ok/secret.jpg", 0)
    chmod(library + "/locked", 0)
    // Root reads everything: run the index as nobody then, with the catalog open to it.
    let asNobody = geteuid() == 0
    if asNobody {
      _ = Subprocess.run(["chmod", "-R", "a+rwX", home.path + "/data"])
      try FileManager.default.createDirectory(
        atPath: home.path + "/data", withIntermediateDirectories: true)
      chmod(home.path + "/data", 0o777)
      chmod(home.path, 0o755)
      chmod(library, 0o755)
      chmod(library + "/ok", 0o755)
      for i in 0..<3 { chmod(library + "/ok/p\(i).jpg", 0o644) }
    }
    let result = try index(asNobody: asNobody)
    XCTAssertEqual(result.status, 0, result.problems.joined(separator: "\n"))
    XCTAssertEqual(result.summary?.total ?? 0, 3, "the readable photos are indexed")
    let text = result.problems.joined(separator: "\n")
    XCTAssertTrue(text.contains("locked"), "the unreadable folder is reported: \(text)")
    XCTAssertTrue(
      text.contains("secret.jpg") || (result.summary?.errors ?? 0) >= 1,
      "the unreadable file is reported: \(text)")
    if !asNobody || geteuid() != 0 {
      guard
        case .failure(let error) = ImageDecoder.decode(
          path: library + "/ok/secret.jpg", options: decodeOptions())
      else { return XCTFail("an unreadable file decoded") }
      XCTAssertTrue(error.reason.contains("ermission"), error.reason)
    }
  }

  func testRootThatDisappears() throws {
    for i in 0..<4 { try write("p\(i).jpg") }
    XCTAssertEqual(try index().summary?.total, 4)
    try FileManager.default.removeItem(atPath: library)
    let result = try index()
    // Survived and said so: either the photos are gone from the catalog or kept with a
    // message that the root is missing (a disconnected drive should not wipe a library);
    // the status says a named folder was missing.
    XCTAssertEqual(result.status, 1, result.problems.joined(separator: "\n"))
    XCTAssertNotNil(result.summary)
    let catalog = try Catalog(path: catalogPath)
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
    if try catalog.assetCount != 0 {
      XCTAssertFalse(result.problems.isEmpty, "photos kept without saying the root is missing")
    }
  }

  func testRootRemovedWhileBrowsing() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
    for i in 0..<6 { try write("p\(i).jpg") }
    var env = environment
    env["TERM"] = "xterm-256color"
    env["XDG_DATA_HOME"] = home.path + "/xdg-data"
    env["XDG_CACHE_HOME"] = home.path + "/xdg-cache"
    env["XDG_STATE_HOME"] = home.path + "/xdg-state"
    env["PS1"] = "e2e$ "
    env["SWIFT_BACKTRACE"] = "enable=no"
    let tmux = try TmuxSession(columns: 100, rows: 30, environment: env)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send("\(lightbox) \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("6 photos", timeout: 30), tmux.capture())
    try FileManager.default.removeItem(atPath: library)
    // Still alive and answering keys, whether the watcher has seen the removal yet or not:
    // open the detail view, come back, quit cleanly.
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("[0-9]+ of [0-9]+|photos", timeout: 10), tmux.capture())
    tmux.send("Escape")
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())
  }

  func testNamesThatAreNotUTF8() throws {
    try write("plain.jpg")
    let raw: [UInt8] =
      Array(library.utf8) + Array("/bad-".utf8) + [0xFF, 0xC3, 0x28] + Array(".jpg".utf8)
    let fd = (raw + [0]).withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      }
    }
    XCTAssertGreaterThanOrEqual(fd, 0)
    _ = Self.jpeg.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let result = try index()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.summary?.total, 2)
    XCTAssertEqual(result.summary?.errors, 0)
    let assets = try Catalog(path: catalogPath).allAssets()
    // The exact bytes are kept, so the file can be opened again.
    XCTAssertTrue(assets.contains { $0.pathBytes == raw }, "\(assets.map(\.pathBytes))")
  }

  func testTenThousandFilesInOneFolder() throws {
    let folder = library + "/many"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let data = Data(Self.jpeg)
    for i in 0..<10_000 {
      XCTAssertTrue(
        FileManager.default.createFile(atPath: folder + "/IMG_\(i).jpg", contents: data))
    }
    let result = try index(deadline: 600)
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.summary?.total, 10_000)
    XCTAssertEqual(result.summary?.errors, 0)
    // A re-scan with nothing changed reads nothing.
    XCTAssertEqual(try index().summary?.read, 0)
  }

  func testTwoHundredDeepFolders() throws {
    var path = ""
    for depth in 1...200 {
      path += "d\(depth % 10)/"
      if depth % 50 == 0 { try write(path + "p\(depth).jpg") }
    }
    let result = try index()
    XCTAssertEqual(result.status, 0, result.problems.joined(separator: "\n"))
    XCTAssertEqual(result.summary?.total, 4, "photos at depths 50, 100, 150, 200")
  }

  func testFIFOAndDeviceNamedJPEGNeverBlock() throws {
    try write("real.jpg")
    XCTAssertEqual(mkfifo(library + "/pipe.jpg", 0o644), 0)
    // A character device (1,5 is /dev/zero): a real node when root may make one, else a link
    // to it (an endless "file" that a careless reader would never finish).
    if mknod(library + "/device.jpg", S_IFCHR | 0o644, dev_t((1 << 8) | 5)) != 0 {
      XCTAssertEqual(symlink("/dev/zero", library + "/device.jpg"), 0)
    }
    XCTAssertEqual(symlink("/dev/zero", library + "/zero.jpg"), 0)
    let result = try index(deadline: 30)
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.summary?.total, 1, "only the real photo is a photo")
    for name in ["pipe.jpg", "device.jpg", "zero.jpg"] {
      // A read that blocked would never return: the suite's hang, not a slow figure.
      guard
        case .failure(let error) = ImageDecoder.decode(
          path: library + "/" + name, options: decodeOptions())
      else { return XCTFail("\(name) decoded") }
      XCTAssertTrue(error.reason.contains("not a regular file"), "\(name): \(error.reason)")
      guard case .failure = MetadataReader.read(contentsOf: library + "/" + name) else {
        return XCTFail("\(name): metadata read")
      }
    }
    // `lightbox info` on them returns at once with a reason each.
    let pid = try IndexKillTests.spawn(
      [lightbox, "info", library + "/pipe.jpg", library + "/device.jpg", library + "/zero.jpg"],
      environment: environment)
    XCTAssertEqual(Self.wait(pid, deadline: 10), 0, "lightbox info on special files")
  }
}
