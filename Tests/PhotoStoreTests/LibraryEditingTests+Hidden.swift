import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Hidden: hiding a photo takes it out of the library; the Hidden album brings it back.
extension LibraryEditingTests {
  func testHiddenPhotosLeaveTheLibraryAndComeBackFromTheHiddenAlbum() {
    let (store, assets) = prepared(3)
    var hidden = assets[2]
    hidden.isHidden = true
    let rest = Array(assets[0..<2])
    store.send(.edit(.toggleHidden), effects: [.setHidden([assets[2].id], true)]) {
      $0.library.assets = rest
      $0.assets = PhotoList(rest)
      $0.timeline = Timeline(assets: rest)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.library.collections.hidden = [hidden]
      $0.albums.entries = self.entries(library: rest, hidden: [hidden])
      $0.selectedIndex = 1
      $0.images[self.tileKey(assets[2])] = nil
      $0.message = "IMG_1002.jpg hidden · shown only in Albums › Hidden"
    }
    store.send(.showTab(.albums), effects: [.loadImage(coverRequest(assets[1]))]) {
      $0.tab = .albums
      $0.message = nil
      $0.savedPositions[.library] = SavedPosition(selected: assets[1].id, topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      for asset in rest { $0.images[self.tileKey(asset)] = nil }
      $0.images[self.coverKey(assets[1])] = .loading
    }
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    // Imports, then Hidden: the list scrolls to Utilities, whose covers come in.
    store.send(
      .move(.right), effects: [.cancelImage(coverKey(assets[1])), .loadImage(coverRequest(hidden))]
    ) {
      $0.albums.cursor = 2
      $0.albums.topEntry = 2
      $0.images[self.coverKey(assets[1])] = nil
      $0.images[self.coverKey(hidden)] = .loading
    }
    store.send(.move(.right)) { $0.albums.cursor = 3 }  // Hidden
    store.send(.open, effects: [.cancelImage(coverKey(hidden)), .loadImage(tileRequest(hidden))]) {
      $0.albums.open = .hidden
      $0.assets = [hidden]
      $0.gridTopRow = 0
      $0.images[self.coverKey(hidden)] = nil
      $0.images[self.tileKey(hidden)] = .loading
    }
    store.send(
      .edit(.toggleHidden),
      effects: [.setHidden([assets[2].id], false), .cancelImage(tileKey(hidden))]
    ) {
      $0.library.collections.hidden = []
      $0.library.assets = assets
      $0.timeline = Timeline(assets: assets)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.albums.entries = self.entries(library: assets)
      $0.assets = []
      $0.images[self.tileKey(hidden)] = nil
      $0.message = "IMG_1002.jpg back in the library"
    }
  }
}
