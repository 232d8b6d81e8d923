import Foundation
@_spi(Decoders) import Decoders
import LightboxTestSupport
import XCTest

/// `lightbox rotate --write` as a user runs it: JPEGs turned (jpegtran's bytes), an error
/// line for what is not a JPEG and a failing status, nothing changed without `--write`, and
/// a kill -9 at any point leaves every file whole, old or new.
final class RotateCommandTests: XCTestCase {
  var work: URL!
  var lightbox: String!

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    work = BuiltProduct.temporaryDirectory("rotate")
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  func corpusFile(_ relative: String) throws -> [UInt8] {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    return try Array(Data(contentsOf: corpus.appendingPathComponent(relative)))
  }

  func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let path = work.appendingPathComponent(name).path
    unlink(path)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o644)
    return path
  }

  func contents(_ path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map { Array($0) } ?? []
  }

  func testTurnsJPEGsAndReportsTheRest() throws {
    let camera = try corpusFile("jpeg-exif/DSCN0010.jpg")
    let small = try corpusFile("jpeg-exif/Canon_40D.jpg")  // not whole MCUs: retagged
    let a = try write(camera, "a.jpg")
    let b = try write(small, "b.jpg")
    let text = try write(Array("not a photo\n".utf8), "notes.jpg")

    let refused = Subprocess.run([lightbox, "rotate", a])
    XCTAssertNotEqual(refused.status, 0)
    XCTAssertTrue(refused.output.contains("--write"), refused.output)
    XCTAssertEqual(contents(a), camera, "nothing is written without --write")

    let run = Subprocess.run([lightbox, "rotate", "--write", "--anticlockwise", a, b, text])
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(run.output.contains("lightbox: \(text): not a JPEG file"), run.output)
    XCTAssertTrue(
      run.output.contains(
        "rotate: 3 files: 1 turned losslessly, 1 by the EXIF Orientation tag, 1 failed"),
      run.output)
    XCTAssertEqual(
      contents(a), try LosslessRotation.rotate(jpeg: camera, by: .anticlockwise).get().bytes)
    XCTAssertEqual(contents(b).count, small.count)
    XCTAssertNotEqual(contents(b), small)
    XCTAssertEqual(contents(text), Array("not a photo\n".utf8))
  }

  func testAFileNamedTwiceIsTurnedOnce() throws {
    let camera = try corpusFile("jpeg-exif/DSCN0010.jpg")
    let a = try write(camera, "a.jpg")
    let link = work.appendingPathComponent("link.jpg").path
    XCTAssertEqual(symlink(a, link), 0)
    let run = Subprocess.run([lightbox, "rotate", "--write", "--jobs", "2", a, link, a])
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertEqual(
      run.output.components(separatedBy: "named more than once; handled where first named").count
        - 1, 2,
      run.output)
    XCTAssertEqual(
      contents(a), try LosslessRotation.rotate(jpeg: camera, by: .clockwise).get().bytes)
  }

  func testKillNineLeavesEveryFileOldOrNew() throws {
    let old = try corpusFile("large/42_IndexError.jpg")
    let new = try LosslessRotation.rotate(jpeg: old, by: .clockwise).get().bytes
    XCTAssertNotEqual(old, new)
    let names = (0..<6).map { "photo\($0).jpg" }
    let environment = BuiltProduct.privateEnvironment(home: work)

    // One whole run: the duration the kill points are drawn from, and the new bytes.
    let paths = try names.map { try write(old, $0) }
    let start = DispatchTime.now().uptimeNanoseconds
    let whole = Subprocess.run(
      [lightbox, "rotate", "--write", "--jobs", "1"] + paths, environment: environment)
    let duration = (DispatchTime.now().uptimeNanoseconds - start) / 1000
    XCTAssertEqual(whole.status, 0, whole.output)
    for path in paths { XCTAssertTrue(contents(path) == new, "\(path) is not the turned file") }

    let seed = TestSeed.value
    var generator = SeededGenerator(seed: seed)
    var interrupted = 0
    var mixed = 0
    for round in 0..<10 {
      for name in names { _ = try write(old, name) }
      let child = try ChildProcess(
        [lightbox, "rotate", "--write", "--jobs", "1"] + paths, environment: environment)
      // A seeded point in the run (LIGHTBOX_TEST_SEED replays the choices).
      usleep(UInt32(UInt64.random(in: 0...max(1, duration), using: &generator)))
      if child.killAndWait() { interrupted += 1 }
      var turned = 0
      for path in paths {
        let bytes = contents(path)
        let isOld = bytes == old
        let isNew = bytes == new
        XCTAssertTrue(isOld || isNew, "round \(round) (seed \(seed)): \(path) is neither")
        if isNew { turned += 1 }
        let options = DecodeOptions(target: .init(width: 64, height: 64))
        XCTAssertNoThrow(try ImageDecoder.decode(data: bytes, options: options).get())
      }
      if turned > 0 && turned < paths.count { mixed += 1 }
      // A kill between creating and renaming the temporary file leaves it: hidden, so the
      // library walker skips it.
      let left = try FileManager.default.contentsOfDirectory(atPath: work.path)
      for name in left where name.hasPrefix(".photo") {
        XCTAssertTrue(name.hasSuffix(".tmp"), name)
        unlink(work.appendingPathComponent(name).path)
      }
    }
    print("RotateCommandTests: \(interrupted) of 10 runs killed mid-run, \(mixed) mid-batch")
  }
}
