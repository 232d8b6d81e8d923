import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The import view (I on a card's offer): the card's photos as a grid, those in the library
/// dimmed and not decoded, v / V marks, d for deleting the card's copies after, Enter asks,
/// and only the marked photos are imported.
final class ImportViewTests: XCTestCase {
  /// Three photos on the card; the middle one is in the library already.
  let items: [ImportItem] = Fixtures.assets(3).enumerated().map { index, photo in
    var asset = photo
    asset.id = ImportItem.assetID(index: index)
    asset.path = "/media/me/EOS_DIGITAL/DCIM/100CANON/IMG_\(1000 + index).JPG"
    return ImportItem(
      asset: asset, isNew: index != 1, fileCount: index == 2 ? 2 : 1,
      bytes: index == 1 ? 0 : 3_000_000 * Int64(index + 1))
  }
  var offer: ImportOffer {
    ImportOffer(
      name: "EOS_DIGITAL", source: "/media/me/EOS_DIGITAL/DCIM", library: "/photos",
      newCount: 2, bytes: 12_000_000, items: items)
  }
  let library = Fixtures.assets(3)

  func prepared() -> TestStore {
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24)))
    store.arrange(.start, .library(.loaded(assets: library, problems: [])))
    store.arrangeState { state in
      for key in state.images.keys { state.images[key] = .ready }
      state.message = nil
      state.importing.offer = self.offer
    }
    return store
  }

  /// A tile's pixels in the import view (cells of 1×2 pixels).
  func tileSize(_ state: AppState) -> PixelSize {
    let tile = GridGeometry(terminal: state.terminal, labelRows: 1).tile
    return PixelSize(width: tile.columns, height: tile.rows * 2)
  }

  func testIOpensTheCardMarksAndImportsOnlyTheMarkedPhotos() {
    let store = prepared()
    let size = tileSize(store.state)
    let first = Expected.request(items[0].asset, size)
    let third = Expected.request(items[2].asset, size)
    // The new photos are decoded, the one in the library is not; the library's tiles leave.
    store.send(.importing(.start), effects: [.loadImage(first), .loadImage(third)]) {
      $0.overlay = .importing
      $0.importing.picker = ImportPicker(selected: 0, marked: [0, 2])
      $0.images = [first.key: .loading, third.key: .loading]
    }
    store.arrangeState { $0.images = [first.key: .ready, third.key: .ready] }
    store.send(.move(.right)) { $0.importing.picker?.selected = 1 }
    store.send(.mark(.toggle)) { $0.message = "Already in the library: not imported again" }
    store.send(.move(.right)) {
      $0.importing.picker?.selected = 2
      $0.message = nil
    }
    store.send(.mark(.toggle)) { $0.importing.picker?.marked = [0] }
    store.send(.edit(.delete)) {
      $0.importing.picker?.deleteAfter = true
      $0.message = "The card's copies will be deleted once each is imported and checked"
    }
    let job = ImportJob(
      name: "EOS_DIGITAL", source: "/media/me/EOS_DIGITAL/DCIM", library: "/photos",
      fronts: [items[0].asset.path], count: 1, bytes: 3_000_000, deleteAfter: true)
    let question = Confirmation(
      purpose: .importPhotos(job),
      question: "Import 1 photo from EOS_DIGITAL (3 MB) and delete it from the card?",
      detail: "A card's file is deleted only once its copy is checked. Into /photos.")
    store.send(.open) { $0.overlay = .confirm(question) }
    // No: back to the view, marks kept.
    store.send(.answer(false)) {
      $0.overlay = .importing
      $0.message = nil
    }
    store.send(.open) { $0.overlay = .confirm(question) }
    // Yes: the view closes, the copying starts, the library's tiles are asked for again.
    let grid = GridGeometry(terminal: store.state.terminal)
    let gridSize = PixelSize(width: grid.tile.columns, height: grid.tile.rows * 2)
    let tiles = library.map { Expected.request($0, gridSize) }
    store.send(.answer(true), effects: [.runImport(job)] + tiles.map { .loadImage($0) }) {
      $0.overlay = nil
      $0.importing.picker = nil
      $0.importing.running = ImportRun(filesTotal: 1, bytesTotal: 3_000_000)
      $0.message = "Importing 1 photo from EOS_DIGITAL…"
      $0.images = Dictionary(uniqueKeysWithValues: tiles.map { ($0.key, .loading) })
    }
  }

  func testVMarksAllOrNoneAndEnterWithNoneMarkedSaysHowToMark() {
    let store = prepared()
    let size = tileSize(store.state)
    let loads = [0, 2].map { Expected.request(items[$0].asset, size) }
    store.send(.importing(.start), effects: loads.map { .loadImage($0) }) {
      $0.overlay = .importing
      $0.importing.picker = ImportPicker(selected: 0, marked: [0, 2])
      $0.images = Dictionary(uniqueKeysWithValues: loads.map { ($0.key, .loading) })
    }
    store.send(.mark(.range)) { $0.importing.picker?.marked = [] }
    store.send(.open) {
      $0.message = "No photo marked: v marks one, V marks every new one"
      $0.messageIsError = true
    }
    store.send(.mark(.range)) {
      $0.importing.picker?.marked = [0, 2]
      $0.message = nil
      $0.messageIsError = false
    }
    // Every new photo marked: the job names none (the import takes every new one).
    let job = ImportJob(
      name: "EOS_DIGITAL", source: "/media/me/EOS_DIGITAL/DCIM", library: "/photos", count: 2,
      bytes: 12_000_000)
    store.send(.open) {
      $0.overlay = .confirm(
        Confirmation(
          purpose: .importPhotos(job), question: "Import 2 new photos from EOS_DIGITAL (12 MB)?",
          detail: "Into /photos. Each file is copied, checked, then named; the card is not "
            + "changed."))
    }
  }

  func testEscClosesTheViewAndACardPulledOutClosesItWithOneLine() {
    let store = prepared()
    let size = tileSize(store.state)
    let loads = [0, 2].map { Expected.request(items[$0].asset, size) }
    let grid = GridGeometry(terminal: store.state.terminal)
    let gridSize = PixelSize(width: grid.tile.columns, height: grid.tile.rows * 2)
    let tiles = library.map { Expected.request($0, gridSize) }
    store.send(.importing(.start), effects: loads.map { .loadImage($0) }) {
      $0.overlay = .importing
      $0.importing.picker = ImportPicker(selected: 0, marked: [0, 2])
      $0.images = Dictionary(uniqueKeysWithValues: loads.map { ($0.key, .loading) })
    }
    store.send(
      .back, effects: loads.reversed().map { .cancelImage($0.key) } + tiles.map { .loadImage($0) }
    ) {
      $0.overlay = nil
      $0.importing.picker = nil
      $0.images = Dictionary(uniqueKeysWithValues: tiles.map { ($0.key, .loading) })
    }
    XCTAssertEqual(store.state.importing.offer, offer, "still offered")
    store.arrangeState { for key in $0.images.keys { $0.images[key] = .ready } }
    store.send(.importing(.start), effects: loads.map { .loadImage($0) }) {
      $0.overlay = .importing
      $0.importing.picker = ImportPicker(selected: 0, marked: [0, 2])
      $0.images = Dictionary(uniqueKeysWithValues: loads.map { ($0.key, .loading) })
    }
    store.send(
      .importing(.offered(nil)),
      effects: loads.reversed().map { .cancelImage($0.key) } + tiles.map { .loadImage($0) }
    ) {
      $0.overlay = nil
      $0.importing.picker = nil
      $0.importing.offer = nil
      $0.message = "The card EOS_DIGITAL went away"
      $0.messageIsError = true
      $0.images = Dictionary(uniqueKeysWithValues: tiles.map { ($0.key, .loading) })
    }
  }
}
