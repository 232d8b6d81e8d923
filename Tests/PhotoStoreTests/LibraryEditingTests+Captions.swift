import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// C: the caption editor. It starts from the caption the files hold, Enter writes it through
/// the tag effect, u puts the files back, Esc leaves them.
extension LibraryEditingTests {
  func testCEditsTheCaptionReadFromTheFilesAndUPutsItBack() {
    let (store, assets) = prepared()
    let photo = assets[5]
    store.send(.edit(.caption), effects: [.readCaption(photo.id, path: photo.path)]) {
      $0.overlay = .prompt(NamePrompt(purpose: .caption([photo.id])))
    }
    // The files' caption fills the untouched field, its line break a space.
    store.send(.library(.captionRead(photo.id, caption: "Kyoto\nat dusk"))) {
      $0.library.captionsRead[photo.id] = "Kyoto\nat dusk"
      $0.overlay = .prompt(NamePrompt(purpose: .caption([photo.id]), text: "Kyoto at dusk"))
    }
    store.send(.field(.deleteWordBackward)) {
      $0.overlay = .prompt(NamePrompt(purpose: .caption([photo.id]), text: "Kyoto at "))
    }
    for character in "night" { store.arrange(.field(.typed(character))) }
    let job = TagEditJob(ids: [photo.id], paths: [photo.path], caption: "Kyoto at night")
    store.send(.open, effects: [.editTags(job)]) {
      $0.overlay = nil
      $0.message = "Writing the caption of 1 photo…"
    }
    let before = [
      SidecarSnapshot(
        photo: photo.id, photoPath: photo.path, sidecar: photo.path + ".xmp", bytes: nil)
    ]
    let written = TagEditOutcome(
      isUndo: false, what: "Caption written",
      photos: [
        PhotoTagValues(id: photo.id, tags: [], rating: 0, label: nil, caption: "Kyoto at night")
      ], before: before, failures: [])
    store.send(.library(.tagsEdited(written))) {
      $0.library.captionsRead[photo.id] = "Kyoto at night"
      $0.library.undoableTagEdit = before
      $0.message = "Caption written · 1 photo · u undo"
    }
    store.send(.edit(.undo), effects: [.restoreSidecars(before)]) {
      $0.library.undoableTagEdit = nil
      $0.message = "Putting the tags of 1 photo back…"
    }
    let back = TagEditOutcome(
      isUndo: true, what: "",
      photos: [PhotoTagValues(id: photo.id, tags: [], rating: 0, label: nil, caption: nil)],
      before: [], failures: [])
    store.send(.library(.tagsEdited(back))) {
      $0.library.captionsRead[photo.id] = nil
      $0.message = "Tags of 1 photo put back"
    }
  }

  func testEscCancelsTheCaptionEditorAndALateReadKeepsWhatWasTyped() {
    let (store, assets) = prepared()
    let photo = assets[5]
    store.arrange(.library(.captionRead(photo.id, caption: "Old")))
    store.send(.edit(.caption), effects: [.readCaption(photo.id, path: photo.path)]) {
      $0.overlay = .prompt(NamePrompt(purpose: .caption([photo.id]), text: "Old"))
    }
    store.send(.field(.typed("!"))) {
      $0.overlay = .prompt(NamePrompt(purpose: .caption([photo.id]), text: "Old!"))
    }
    // Another program wrote "New" meanwhile: kept for the panel, the typing left alone.
    store.send(.library(.captionRead(photo.id, caption: "New"))) {
      $0.library.captionsRead[photo.id] = "New"
    }
    store.send(.back) { $0.overlay = nil }
  }

  func testMarkedPhotosStartEmptyAndAnEmptyCaptionRemovesTheirs() {
    let (store, assets) = prepared()
    store.arrange(.mark(.toggle), .move(.left), .mark(.toggle))
    let ids = [assets[4].id, assets[5].id]
    store.send(.edit(.caption)) { $0.overlay = .prompt(NamePrompt(purpose: .caption(ids))) }
    store.send(.field(.typed("\u{7}"))) {
      $0.overlay = .prompt(NamePrompt(purpose: .caption(ids), text: "\u{7}"))
    }
    store.send(.open) {
      $0.overlay = .prompt(
        NamePrompt(
          purpose: .caption(ids), text: "\u{7}", error: "A caption cannot hold control characters"
        ))
    }
    store.send(.field(.clear)) { $0.overlay = .prompt(NamePrompt(purpose: .caption(ids))) }
    let job = TagEditJob(ids: ids, paths: [assets[4].path, assets[5].path], caption: "")
    store.send(.open, effects: [.editTags(job)]) {
      $0.overlay = nil
      $0.marks.ids = []
      $0.message = "Removing the caption of 2 photos…"
    }
  }

  func testTheCaptionFieldTakesASentence() {
    XCTAssertEqual(NamePrompt.Purpose.caption([]).maximumLength, 2000)
    XCTAssertEqual(NamePrompt.Purpose.tag([]).maximumLength, 100)
    XCTAssertEqual(AppState.oneLine("a\r\nb\tc"), "a b c")
  }
}
