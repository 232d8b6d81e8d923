import PhotoModel
import PhotoStore
import TerminalUI

extension UIBenchmark {
  /// The keys with bursts stacked in the Library's grid (issue 35): one photo in a hundred
  /// starts a burst of five frames (10,000 stacks hiding 40,000 frames at a million photos),
  /// the selection on the newest stack's cover, in All. Each figure is reduce + render.
  static func burstFigures(count: Int, terminal: TerminalSize) -> [Figure] {
    var state = AppState(roots: ["/photos"], terminal: terminal)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(
      &state, .library(.loaded(assets: syntheticAssets(count: count), problems: [])))
    _ = Reducer.reduce(&state, .library(.indexFinished))
    let ids = state.library.assets.map(\.id)
    let bursts = stride(from: 0, to: ids.count - 5, by: 100).map {
      PhotoGroup(kind: .burst, members: Array(ids[$0..<($0 + 5)]))
    }
    var figures: [Figure] = []
    let unstacked = state
    var stacked = state
    let found = median(runs: 5) {
      _ = Reducer.reduce(&stacked, .library(.duplicatesFound(groups: [], bursts: bursts)))
      _ = LibraryView.render(stacked)
    } between: {
      stacked = unstacked
    }
    figures.append(
      Figure(
        name: "bursts found: \(bursts.count) stacks made (reduce + render)",
        medianMilliseconds: found, runs: 5, limitMilliseconds: nil))
    state = unstacked
    _ = Reducer.reduce(&state, .library(.duplicatesFound(groups: [], bursts: bursts)))
    precondition(
      state.assets.count == count - 4 * bursts.count, "the stacks left \(state.assets.count)")
    func selectNewestStack() {
      let covers = state.library.stacks
      var index = state.assets.count - 1
      while covers.count(ofCover: state.assets[index].id) == nil { index -= 1 }
      state.selectedIndex = index
      _ = Reducer.reduce(&state, .move(.left))
      _ = Reducer.reduce(&state, .move(.right))
    }
    selectNewestStack()
    let key = median(runs: 100) {
      _ = Reducer.reduce(&state, .move(.left))
      _ = LibraryView.render(state)
    } between: {
      _ = Reducer.reduce(&state, .move(.right))
    }
    figures.append(
      Figure(
        name: "arrow key in All, bursts stacked", medianMilliseconds: key, runs: 100,
        limitMilliseconds: 16))
    _ = Reducer.reduce(&state, .edit(.toggleFavorite))
    let favorite = median(runs: 21) {
      _ = Reducer.reduce(&state, .edit(.toggleFavorite))
      _ = LibraryView.render(state)
    }
    figures.append(
      Figure(
        name: "favorite (f) on a stack, bursts stacked", medianMilliseconds: favorite, runs: 21,
        limitMilliseconds: 16))
    var opened = false
    let toggle = median(runs: 21) {
      _ = Reducer.reduce(&state, .open)
      _ = LibraryView.render(state)
      opened = state.library.stacks.expanded != nil
      _ = Reducer.reduce(&state, .open)
      _ = LibraryView.render(state)
    }
    precondition(opened && state.library.stacks.expanded == nil, "Enter did not open and shut")
    figures.append(
      Figure(
        name: "open and shut a stack (Enter, Enter: two keys)", medianMilliseconds: toggle,
        runs: 21, limitMilliseconds: 32))
    let hide = median(runs: 21) {
      _ = Reducer.reduce(&state, .edit(.toggleHidden))
      _ = Reducer.reduce(&state, .edit(.toggleHidden))
      _ = LibraryView.render(state)
    } between: {
      selectNewestStack()
    }
    figures.append(
      Figure(
        name: "hide two photos (H, H: two keys), bursts stacked", medianMilliseconds: hide,
        runs: 21, limitMilliseconds: 32))
    let deleteUndo = median(runs: 21) {
      _ = Reducer.reduce(&state, .edit(.delete))
      _ = Reducer.reduce(&state, .edit(.undo))
      _ = LibraryView.render(state)
    }
    figures.append(
      Figure(
        name: "delete and undo (d, u), bursts stacked", medianMilliseconds: deleteUndo, runs: 21,
        limitMilliseconds: 32))
    return figures
  }
}
