import Foundation
import LightboxTestSupport
import XCTest

/// What a start of `lightbox` loads: not FFmpeg, whose 136 libraries (codecs, network
/// protocols, their dependencies) cost every start ~50 ms, nor libheif and its codecs
/// (~10 ms); only the decode worker loads them. Nor libtiff (and its codecs), libwebp,
/// giflib, lcms2, libsixel and libcrypto, which together cost every start ~2 ms; each is
/// loaded by the process that first needs it.
final class StartupLibrariesTests: XCTestCase {
  func testAStartLoadsNoDecoderLibrary() throws {
    let lightbox = try BuiltProduct.requireLightbox()
    // The dynamic loader lists each library it initializes on standard error.
    let run = Subprocess.run(
      [lightbox, "--version"],
      environment: ["LD_DEBUG": "libs", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()])
    XCTAssertEqual(run.status, 0, run.output)
    let initialized = run.output.split(separator: "\n").filter { $0.contains("calling init:") }
    XCTAssertTrue(
      initialized.contains { $0.contains("libsqlite3") }, "the loader's list is read: \(run.output)"
    )
    let decoders = ["libavformat", "libavcodec", "libswscale", "libavutil", "libheif", "libde265"]
    let loadedOnFirstUse = [
      "libtiff", "libLerc", "libwebp", "libgif", "liblcms2", "libsixel", "libcrypto",
    ]
    for library in decoders + loadedOnFirstUse {
      XCTAssertFalse(initialized.contains { $0.contains(library) }, "\(library) was loaded")
    }
  }
}
