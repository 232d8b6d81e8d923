import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// T: adjusting photos' dates in their files; the photos move in the timeline when the files
/// have changed, and u moves them back.
extension LibraryEditingTests {
  func testTMovesTheNewestPhotoTwoDaysBackAndUUndoesIt() {
    let (store, assets) = prepared()
    store.send(.edit(.adjustDates)) {
      $0.overlay = .prompt(
        NamePrompt(purpose: .adjustDates([assets[5].id]), text: "2024-08-15 10:22:01"))
    }
    store.arrangeState { state in
      guard case .prompt(var prompt)? = state.overlay else { return }
      prompt.text = "in a while"
      state.overlay = .prompt(prompt)
    }
    store.send(.open) {
      $0.overlay = .prompt(
        NamePrompt(
          purpose: .adjustDates([assets[5].id]), text: "in a while",
          error: "A date and time (2024-08-13 10:22) or an amount (+1h30m, -2d)"))
    }
    store.arrangeState { state in
      guard case .prompt(var prompt)? = state.overlay else { return }
      prompt.text = "-2d"
      prompt.error = nil
      state.overlay = .prompt(prompt)
    }
    let job = DateShiftJob(ids: [assets[5].id], paths: [assets[5].path], seconds: -172_800)
    store.send(.open, effects: [.adjustDates(job)]) {
      $0.overlay = nil
      $0.message = "Moving the dates of 1 photo…"
    }
    // The file changed: the photo moves to 13 Aug 10:22, between the first two.
    var moved = assets[5]
    moved.captureDate.day = 13
    let reordered = [assets[0], moved] + assets[1..<5]
    store.send(
      .library(.datesAdjusted(DateShiftOutcome(job: job, moved: [moved.id], failures: [])))
    ) {
      $0.library.assets = reordered
      $0.assets = PhotoList(reordered)
      $0.timeline = Timeline(assets: reordered)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.albums.entries = self.entries(library: reordered)
      $0.selectedIndex = 1
      $0.library.undoableDateShift = job
      $0.message = "Dates of 1 photo moved −2 d · u undo"
    }
    var back = job
    back.seconds = 172_800
    back.isUndo = true
    store.send(.edit(.undo), effects: [.adjustDates(back)]) {
      $0.library.undoableDateShift = nil
      $0.message = "Moving the dates of 1 photo back…"
    }
    store.send(
      .library(.datesAdjusted(DateShiftOutcome(job: back, moved: [moved.id], failures: [])))
    ) {
      $0.library.assets = assets
      $0.assets = PhotoList(assets)
      $0.timeline = Timeline(assets: assets)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.albums.entries = self.entries(library: assets)
      $0.selectedIndex = 5
      $0.message = "Dates of 1 photo moved back"
    }
    store.send(.edit(.undo)) { $0.message = "Nothing to undo" }
  }

  func testARAWsDateGoesToItsSidecarWhichUPutsBack() {
    let (store, assets) = prepared()
    let job = DateShiftJob(ids: [assets[5].id], paths: [assets[5].path], seconds: -172_800)
    var moved = assets[5]
    moved.captureDate.day = 13
    let reordered = [assets[0], moved] + assets[1..<5]
    let sidecar = SidecarSnapshot(
      photo: moved.id, photoPath: moved.path, sidecar: moved.path + ".xmp", bytes: nil)
    store.send(
      .library(
        .datesAdjusted(
          DateShiftOutcome(job: job, moved: [moved.id], failures: [], sidecars: [sidecar])))
    ) {
      $0.library.assets = reordered
      $0.assets = PhotoList(reordered)
      $0.timeline = Timeline(assets: reordered)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.albums.entries = self.entries(library: reordered)
      $0.selectedIndex = 1
      $0.library.undoableDateShift = DateShiftJob(
        ids: job.ids, paths: job.paths, seconds: job.seconds, restoring: [sidecar])
      $0.message = "Dates of 1 photo moved −2 d · u undo"
    }
    // u: the sidecar is put back (the runner restores it rather than moving it back).
    let back = DateShiftJob(
      ids: job.ids, paths: job.paths, seconds: 172_800, isUndo: true, restoring: [sidecar])
    store.send(.edit(.undo), effects: [.adjustDates(back)]) {
      $0.library.undoableDateShift = nil
      $0.message = "Moving the dates of 1 photo back…"
    }
  }

  func testAFileThatCannotChangeIsNamedAndNothingMoves() {
    let (store, assets) = prepared()
    let job = DateShiftJob(ids: [assets[2].id], paths: [assets[2].path], seconds: 3600)
    let outcome = DateShiftOutcome(
      job: job, moved: [], failures: ["IMG_1002.jpg: read-only file; not changed"])
    store.send(.library(.datesAdjusted(outcome))) {
      $0.message = "Dates not changed: IMG_1002.jpg: read-only file; not changed"
      $0.messageIsError = true
    }
    XCTAssertNil(store.state.library.undoableDateShift)
  }
}
