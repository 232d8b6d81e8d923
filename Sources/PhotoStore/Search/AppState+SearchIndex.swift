import PhotoModel

extension AppState {
  /// The search index, for searching (about 40 bytes a photo, not kept while browsing): built
  /// on the way into the Search tab, so the first key typed does not wait for it, with the
  /// captions folded too (a second or so for a million of them); dropped on the way to any
  /// other tab.
  mutating func keepSearchIndex(forTab newTab: Tab) {
    guard newTab == .search else { return library.searchIndex.drop() }
    _ = library.searchIndex.index(of: library.assets)
    if !library.captions.isEmpty {
      _ = library.searchIndex.captionIndex(of: library.assets, captions: library.captions)
    }
  }
}
