import PhotoModel

extension Reducer {
  /// Keys while a panel or dialog is open; nil lets the action through to the view below.
  static func reduceOverlay(_ state: inout AppState, _ action: Action) -> [Effect]? {
    if state.overlay == .importing {
      if action == .back {
        state.overlay = nil
        state.importing.picker = nil
        return []
      }
      return state.reduceImportView(action)
    }
    switch action {
    case .quit where state.overlay != .info, .back:
      state.overlay = nil
      return []
    case .terminate, .resized, .picturesReset, .library, .image, .map(.baseMapLoaded),
      .map(.baseMapMissing):
      // Results of effects, not keys: they go to the view below, the panel stays.
      return nil
    case .importing(let report) where report != .start:
      // The card watcher and a running import report under any dialog.
      return nil
    default: break
    }
    switch state.overlay {
    case .help?:
      // Any key closes the help; only ? and Esc are spent on it.
      state.overlay = nil
      if action == .panel(.help) || action == .open { return [] }
      return dispatch(&state, action)
    case .info?:
      switch action {
      case .panel(.info), .quit:
        state.overlay = nil
        return []
      case .move, .edit(.toggleFavorite), .pointer(.wheel):
        // The panel stays open while paging, as Photos' info does, so the photos are asked
        // for at the size beside it.
        let before = state.selectedAsset?.id
        var effects = reduceBelowOverlay(&state, action)
        guard state.selectedAsset == nil || state.context == .albumList else {
          if state.selectedAsset?.id != before { effects += state.readSelectedCaption() }
          return effects
        }
        state.overlay = nil
        return effects
      default:
        state.overlay = nil
        return dispatch(&state, action)
      }
    case .picker?:
      switch action {
      case .move(let direction):
        state.movePicker(direction)
        return []
      case .open:
        return state.choosePickerRow()
      case .album(.new):
        if case .picker(var picker)? = state.overlay {
          picker.row = 0
          state.overlay = .picker(picker)
          return state.choosePickerRow()
        }
        return []
      default:
        return []
      }
    case .prompt(var prompt)?:
      if case .rate(let ids) = prompt.purpose, case .field(.typed(let key)) = action {
        return state.submitRating(prompt, key: key, ids: ids)
      }
      switch action {
      case .field(.complete):
        // Tab completes a tag; in the other prompts it submits, as Enter does.
        guard case .tag = prompt.purpose else { return state.submitPrompt() }
        state.completeTag(prompt)
        return []
      case .field(.typed(let character)):
        guard prompt.text.count < prompt.purpose.maximumLength else { return [] }
        prompt.text.append(character)
        prompt.error = nil
        state.overlay = .prompt(prompt)
        return []
      case .field(let edit):
        let text = Array(prompt.text)
        switch edit {
        case .typed, .complete: break  // matched above
        case .clear: prompt.text = ""
        case .deleteWordBackward:
          prompt.text = String(text[..<SearchState.wordStart(before: text.count, in: text)])
        case .deleteBackward: if !prompt.text.isEmpty { prompt.text.removeLast() }
        }
        prompt.error = nil
        state.overlay = .prompt(prompt)
        return []
      case .open:
        return state.submitPrompt()
      default:
        return []
      }
    case .confirm?:
      switch action {
      case .answer(let yes): return state.answer(yes)
      case .open: return state.answer(true)
      default: return []
      }
    case .importing?, nil:
      return nil
    }
  }
}
