import CLibraryLoader
import XCTest

/// The loader every library loaded on first use shares: a missing library or function is a
/// failure that names it, the first answer is kept (the lookup runs once), and a library that
/// is there hands out its functions.
final class LibraryLoaderTests: XCTestCase {
  /// How many times `countingLookup` ran.
  nonisolated(unsafe) private static var lookups = 0

  private func library(
    _ soname: String, lookup: @escaping @convention(c) (UnsafeMutablePointer<lb_library>?) -> Int32
  ) -> UnsafeMutablePointer<lb_library> {
    let library = UnsafeMutablePointer<lb_library>.allocate(capacity: 1)
    // Zeroed: the state "not tried" and, on glibc, PTHREAD_MUTEX_INITIALIZER.
    library.initialize(to: lb_library())
    library.pointee.name = UnsafePointer(strdup("test library"))
    library.pointee.sonames.0 = UnsafePointer(strdup(soname))
    library.pointee.lookup = lookup
    return library
  }

  func testAMissingLibraryIsAFailureThatNamesIt() {
    let missing = library("liblightbox-no-such-library.so.9") { _ in 0 }
    XCTAssertEqual(lb_library_load(missing), -1)
    let failure = String(cString: lb_library_failure(missing))
    XCTAssertTrue(failure.contains("liblightbox-no-such-library.so.9"), failure)
  }

  func testAMissingFunctionIsAFailureThatNamesIt() {
    let zlib = library("libz.so.1") { library in
      lb_library_symbol(library, "lightbox_no_such_function") == nil ? -1 : 0
    }
    XCTAssertEqual(lb_library_load(zlib), -1)
    XCTAssertEqual(
      String(cString: lb_library_failure(zlib)),
      "test library has no function lightbox_no_such_function")
  }

  func testALibraryThatIsThereLoadsOnceAndHandsOutItsFunctions() throws {
    Self.lookups = 0
    let zlib = library("libz.so.1") { library in
      LibraryLoaderTests.lookups += 1
      return lb_library_symbol(library, "zlibVersion") == nil ? -1 : 0
    }
    XCTAssertEqual(lb_library_failure(zlib).map { String(cString: $0) }, "")
    XCTAssertEqual(lb_library_load(zlib), 0)
    XCTAssertEqual(lb_library_load(zlib), 0)
    XCTAssertEqual(Self.lookups, 1, "the first answer is kept")
    XCTAssertEqual(String(cString: lb_library_failure(zlib)), "")
    let version = try XCTUnwrap(lb_library_symbol(zlib, "zlibVersion"))
    typealias Version = @convention(c) () -> UnsafePointer<CChar>
    let text = String(cString: unsafeBitCast(version, to: Version.self)())
    XCTAssertTrue(text.hasPrefix("1."), text)
  }
}
