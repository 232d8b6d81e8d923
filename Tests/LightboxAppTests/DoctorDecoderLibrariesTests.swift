import Decoders
import LightboxCommands
import Pixels
import XCTest

/// `lightbox doctor`'s decoder libraries: the six loaded on first use are found here (the
/// test machine has every package), and a missing one gets a line with the loader's reason
/// and what goes without it.
final class DoctorDecoderLibrariesTests: XCTestCase {
  func testEveryDecoderLibraryIsFoundOnOneLine() {
    let libraries = DecoderLibraries.availability()
    XCTAssertEqual(
      libraries.map(\.name), ["libheif", "libtiff", "libwebp", "giflib", "lcms2", "FFmpeg"])
    for library in libraries {
      XCTAssertNil(library.failure, "\(library.name): \(library.failure?.reason ?? "")")
    }
    XCTAssertEqual(
      DoctorCommand.decoderLibraryLines(libraries),
      [
        "libraries: libheif, libtiff, libwebp, giflib, lcms2, FFmpeg found (each loaded when a "
          + "file first needs it)"
      ])
  }

  func testAMissingLibraryIsNamedWithWhatGoesWithoutIt() {
    let libraries = [
      DecoderLibraries.Availability(name: "libheif", failure: nil, without: "HEIC fails"),
      DecoderLibraries.Availability(
        name: "libtiff",
        failure: ImageError("libtiff unavailable (libtiff.so.6: cannot open shared object file)"),
        without: "TIFF files fail"),
    ]
    XCTAssertEqual(
      DoctorCommand.decoderLibraryLines(libraries),
      ["libtiff unavailable (libtiff.so.6: cannot open shared object file): TIFF files fail"])
  }
}
