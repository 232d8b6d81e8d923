import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// t and s: tagging and rating photos in their sidecars; the state follows the outcome, u
/// puts the sidecars back.
extension LibraryEditingTests {
  /// The library with two tags in use, on photos 0 and 1.
  func preparedWithTags() -> (TestStore, [Asset], PhotoTags) {
    let (store, assets) = prepared()
    let tags = PhotoTags(
      paths: [["Places", "Japan", "Kyoto"], ["Places", "Japan", "Tokyo"]],
      photos: [(assets[0].id, [0]), (assets[1].id, [1])])
    store.arrange(.library(.tagsLoaded(tags)))
    return (store, assets, tags)
  }

  func setPrompt(_ store: TestStore, _ text: String) {
    store.arrangeState { state in
      guard case .prompt(var prompt)? = state.overlay else { return }
      prompt.text = text
      prompt.error = nil
      state.overlay = .prompt(prompt)
    }
  }

  func testTTagsTheMarkedPhotosWithCompletionAndUPutsTheSidecarsBack() {
    let (store, assets, tags) = preparedWithTags()
    store.arrange(.mark(.toggle), .move(.left), .mark(.toggle))
    let ids = [assets[4].id, assets[5].id]
    store.send(.edit(.tag)) { $0.overlay = .prompt(NamePrompt(purpose: .tag(ids))) }
    setPrompt(store, "pla")
    // Tab: as far as Places/Japan/Kyoto and Places/Japan/Tokyo agree.
    store.send(.field(.complete)) {
      $0.overlay = .prompt(NamePrompt(purpose: .tag(ids), text: "Places/Japan/"))
    }
    XCTAssertEqual(
      store.state.tagCompletions(for: "Places/Japan/"),
      ["Places/Japan/Kyoto", "Places/Japan/Tokyo"])
    store.send(.field(.typed("K"))) {
      $0.overlay = .prompt(NamePrompt(purpose: .tag(ids), text: "Places/Japan/K"))
    }
    store.send(.field(.complete)) {
      $0.overlay = .prompt(NamePrompt(purpose: .tag(ids), text: "Places/Japan/Kyoto"))
    }
    setPrompt(store, "Places//Kyoto")
    store.send(.open) {
      $0.overlay = .prompt(
        NamePrompt(
          purpose: .tag(ids), text: "Places//Kyoto", error: "A tag needs a name at every level"))
    }
    setPrompt(store, " Places/Japan/Kyoto ")
    let job = TagEditJob(
      ids: ids, paths: [assets[4].path, assets[5].path], addTags: [["Places", "Japan", "Kyoto"]])
    store.send(.open, effects: [.editTags(job)]) {
      $0.overlay = nil
      $0.marks.ids = []
      $0.message = "Tagging 2 photos Places/Japan/Kyoto…"
    }
    // Written: the tags follow at once, and u is the sidecars' way back.
    let before = [
      SidecarSnapshot(
        photo: ids[0], photoPath: assets[4].path, sidecar: assets[4].path + ".xmp", bytes: nil),
      SidecarSnapshot(
        photo: ids[1], photoPath: assets[5].path, sidecar: assets[5].path + ".xmp",
        bytes: Array("<x:xmpmeta/>".utf8)),
    ]
    let kyoto = [["Places", "Japan", "Kyoto"]]
    let outcome = TagEditOutcome(
      isUndo: false, what: "Tagged Places/Japan/Kyoto",
      photos: ids.map { PhotoTagValues(id: $0, tags: kyoto, rating: 0, label: nil) },
      before: before, failures: [])
    var tagged = tags
    tagged.set([ids[0]: kyoto, ids[1]: kyoto])
    store.send(.library(.tagsEdited(outcome))) {
      $0.library.tags = tagged
      $0.albums.entries = self.entries(library: assets)
      $0.albums.entries.insert(
        AlbumEntry(ref: .tag(.all), title: "Tags", count: 4, cover: assets[5]), at: 2)
      $0.albums.layout = AlbumsLayout(albums: $0.albums.entries, columns: 4, rowHeight: 10)
      $0.library.undoableTagEdit = before
      $0.message = "Tagged Places/Japan/Kyoto · 2 photos · u undo"
    }
    store.send(.edit(.undo), effects: [.restoreSidecars(before)]) {
      $0.library.undoableTagEdit = nil
      $0.message = "Putting the tags of 2 photos back…"
    }
    let back = TagEditOutcome(
      isUndo: true, what: "",
      photos: ids.map { PhotoTagValues(id: $0, tags: [], rating: 0, label: nil) }, before: [],
      failures: [])
    store.send(.library(.tagsEdited(back))) {
      $0.library.tags = tags
      $0.albums.entries = self.entries(library: assets)
      $0.albums.entries.insert(
        AlbumEntry(ref: .tag(.all), title: "Tags", count: 2, cover: assets[1]), at: 2)
      $0.albums.layout = AlbumsLayout(albums: $0.albums.entries, columns: 4, rowHeight: 10)
      $0.message = "Tags of 2 photos put back"
    }
    store.send(.edit(.undo)) { $0.message = "Nothing to undo" }
  }

  func testAMinusRemovesATag() {
    let (store, assets, _) = preparedWithTags()
    store.arrange(.move(.first))
    store.send(.edit(.tag)) { $0.overlay = .prompt(NamePrompt(purpose: .tag([assets[0].id]))) }
    setPrompt(store, "-Places/Japan/Kyoto")
    let job = TagEditJob(
      ids: [assets[0].id], paths: [assets[0].path], removeTags: [["Places", "Japan", "Kyoto"]])
    store.send(.open, effects: [.editTags(job)]) {
      $0.overlay = nil
      $0.message = "Removing the tag Places/Japan/Kyoto from 1 photo…"
    }
  }

  func testStarRatesWithOneKeyAndTheTileFollows() {
    let (store, assets, _) = preparedWithTags()
    let id = assets[5].id
    store.send(.edit(.rate)) { $0.overlay = .prompt(NamePrompt(purpose: .rate([id]))) }
    store.send(.field(.typed("9"))) {
      $0.overlay = .prompt(
        NamePrompt(purpose: .rate([id]), error: "0 to 5 stars, or x to reject"))
    }
    let job = TagEditJob(ids: [id], paths: [assets[5].path], rating: 4)
    store.send(.field(.typed("4")), effects: [.editTags(job)]) {
      $0.overlay = nil
      $0.message = "Rating 1 photo 4 stars…"
    }
    let before = [
      SidecarSnapshot(photo: id, photoPath: assets[5].path, sidecar: "/s.xmp", bytes: nil)
    ]
    store.arrange(
      .library(
        .tagsEdited(
          TagEditOutcome(
            isUndo: false, what: "Rated 4 stars",
            photos: [PhotoTagValues(id: id, tags: [], rating: 4, label: "Red")],
            before: before, failures: []))))
    XCTAssertEqual(store.state.selectedAsset?.rating, 4, "the grid's photo")
    XCTAssertEqual(store.state.library.assets[5].rating, 4, "the library's")
    XCTAssertEqual(store.state.library.tags.label(of: id), "Red")
    XCTAssertEqual(store.state.message, "Rated 4 stars · 1 photo · u undo")
    XCTAssertEqual(store.state.library.undoableTagEdit, before)
    // x rejects.
    store.arrange(.edit(.rate))
    let reject = TagEditJob(ids: [id], paths: [assets[5].path], rating: -1)
    store.send(.field(.typed("x")), effects: [.editTags(reject)]) {
      $0.overlay = nil
      $0.message = "Rating 1 photo rejected…"
    }
  }

  func testAFailedWriteIsNamedAndLeavesNothingToUndo() {
    let (store, _, _) = preparedWithTags()
    let outcome = TagEditOutcome(
      isUndo: false, what: "Tagged cat", photos: [], before: [],
      failures: ["IMG_1002.jpg: IMG_1002.jpg.xmp: malformed XMP"])
    store.send(.library(.tagsEdited(outcome))) {
      $0.message = "Not written: IMG_1002.jpg: IMG_1002.jpg.xmp: malformed XMP"
      $0.messageIsError = true
    }
    XCTAssertNil(store.state.library.undoableTagEdit)
  }
}
