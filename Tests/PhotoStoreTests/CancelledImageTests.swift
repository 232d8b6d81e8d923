import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Work the scheduler could not stop in time: its results arrive after the request was
/// cancelled, and the state does not change (exhaustive: the store checks the whole state).
extension ReducerTests {
  func testResultsOfCancelledRequestsDoNotReachTheState() {
    let (store, assets) = loadedStore(40)
    let visible = assets[30..<40].map { ImageKey(asset: $0.id, size: tilePixels, fit: .fill) }
    store.send(.image(.loaded(visible[9]))) { $0.images[visible[9]] = .ready }
    // Home: the page of photos 30…39 and the row prefetched above it leave; their pending
    // requests are cancelled.
    let prefetched = assets[25..<30].map { ImageKey(asset: $0.id, size: tilePixels, fit: .fill) }
    store.send(
      .move(.first),
      effects: (prefetched + visible[0..<9]).map { .cancelImage($0) }
        + assets[0..<10].map { .loadImage(tileRequest($0)) }
    ) {
      $0.prefetching = []
      $0.selectedIndex = 0
      $0.gridTopRow = 0
      $0.images = Dictionary(
        uniqueKeysWithValues: assets[0..<10].map {
          (ImageKey(asset: $0.id, size: self.tilePixels, fit: .fill), ImageStatus.loading)
        })
    }
    // The decodes that were already running finish now: nothing changes, no effect.
    store.send(.image(.preview(visible[0])))
    store.send(.image(.loaded(visible[1])))
    store.send(.image(.failed(visible[2], reason: "truncated")))
    store.send(.image(.loaded(visible[9])))
    // A result for a key of the right photo but another size (an old terminal size) too.
    store.send(
      .image(
        .loaded(
          ImageKey(asset: assets[0].id, size: PixelSize(width: 99, height: 99), fit: .fill))))
    // The wanted ones still land.
    let wanted = ImageKey(asset: assets[0].id, size: tilePixels, fit: .fill)
    store.send(.image(.loaded(wanted))) { $0.images[wanted] = .ready }
  }
}
