import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// A picture decoded from a damaged file is drawn like any other, and the library remembers
/// why the file is incomplete for the info panel and the status line (issue 33 item 18).
extension ReducerTests {
  func testADamagedPictureIsDrawnAndItsReasonKept() {
    let (store, assets) = loadedStore(12)
    let key = ImageKey(asset: assets[11].id, size: tilePixels, fit: .fill)
    store.send(.image(.damaged(key, reason: "Premature end of JPEG file"))) {
      $0.images[key] = .ready
      $0.library.damaged[assets[11].id] = "Premature end of JPEG file"
    }
    // Of a photo no longer wanted: the reason is still worth knowing, nothing is drawn.
    let gone = ImageKey(asset: assets[0].id, size: PixelSize(width: 9, height: 9), fit: .fill)
    store.send(.image(.damaged(gone, reason: "Corrupt JPEG data"))) {
      $0.library.damaged[assets[0].id] = "Corrupt JPEG data"
    }
  }
}
