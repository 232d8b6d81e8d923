import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Importing from a camera card in the browser: the watcher's offer in the status line, I
/// and its question, the import's progress and its end.
final class ImportOfferTests: XCTestCase {
  let offer = ImportOffer(
    name: "EOS_DIGITAL", source: "/media/me/EOS_DIGITAL/DCIM", library: "/photos", newCount: 312,
    bytes: 4_100_000_000)

  func prepared() -> TestStore {
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24)))
    store.arrange(.start, .library(.loaded(assets: Fixtures.assets(3), problems: [])))
    store.arrangeState { state in
      for key in state.images.keys { state.images[key] = .ready }
      state.message = nil
    }
    return store
  }

  func testAnOfferIsAskedStartedFollowedAndEnded() {
    let store = prepared()
    store.send(.importing(.offered(offer))) {
      $0.importing.offer = self.offer
      $0.message = "Import 312 new photos from EOS_DIGITAL (4.1 GB)? · I import"
    }
    // The same card again (the watcher looks every few seconds): no second message.
    store.send(.move(.left)) {
      $0.selectedIndex = 1
      $0.message = nil
    }
    store.send(.importing(.offered(offer)))
    store.send(.importing(.start)) {
      $0.overlay = .confirm(
        Confirmation(
          purpose: .importPhotos(ImportJob(offer: self.offer)),
          question: "Import 312 new photos from EOS_DIGITAL (4.1 GB)?",
          detail: "Into /photos. Each file is copied, checked, then named; the card is not changed."
        ))
    }
    store.send(.answer(true), effects: [.runImport(ImportJob(offer: offer))]) {
      $0.overlay = nil
      $0.importing.running = ImportRun(filesTotal: 312, bytesTotal: 4_100_000_000)
      $0.message = "Importing 312 photos from EOS_DIGITAL…"
    }
    store.send(.importing(.start)) { $0.message = "An import is already running" }
    let run = ImportRun(
      filesDone: 45, filesTotal: 312, bytesDone: 600_000_000, bytesTotal: 4_100_000_000,
      seconds: 15)
    store.send(.importing(.progress(run))) { $0.importing.running = run }
    // An offer while importing (the card looked at again) changes nothing.
    store.send(.importing(.offered(nil)))
    store.send(
      .importing(
        .finished(
          ImportResult(
            imported: 310, skipped: 0, failed: 2,
            problem: "IMG_0042.CR3: input/output error")))
    ) {
      $0.importing = ImportState()
      $0.message = "Imported 310 photos · 2 not imported: IMG_0042.CR3: input/output error"
      $0.messageIsError = true
    }
  }

  func testIWithoutACardSaysSoAndNoAnswerKeepsTheOffer() {
    let store = prepared()
    store.send(.importing(.start)) {
      $0.message = "No camera card with new photos (mounted under /media)"
    }
    store.send(.importing(.offered(offer))) { $0.importing.offer = self.offer }
    store.send(.importing(.start)) {
      $0.overlay = .confirm(
        Confirmation(
          purpose: .importPhotos(ImportJob(offer: self.offer)),
          question: "Import 312 new photos from EOS_DIGITAL (4.1 GB)?",
          detail: "Into /photos. Each file is copied, checked, then named; the card is not changed."
        ))
    }
    store.send(.answer(false)) {
      $0.overlay = nil
      $0.message = nil
    }
    XCTAssertEqual(store.state.importing.offer, offer, "still offered")
    store.send(.importing(.offered(nil))) { $0.importing.offer = nil }
  }
}
