import PhotoModel

extension AppState {
  /// Today's memory of `year`, when there is one.
  public func memory(_ year: Int) -> Memory? {
    albums.memories.first { $0.year == year }
  }

  /// A memory's photos, oldest first: read from its days' stretch of the library's list.
  func memoryMembers(_ memory: Memory) -> [Asset] {
    let photos = library.assets
    let start = MemoryFinder.firstIndex(in: photos, atOrAfterDay: memory.firstDay)
    let end = MemoryFinder.firstIndex(in: photos, atOrAfterDay: memory.lastDay + 1)
    let ids = Set(memory.assetIDs)
    return photos[start..<max(start, end)].filter { ids.contains($0.id) }
  }

  /// The memories' cards: "3 years ago", the count, the cover.
  func memoryEntries(_ memories: [Memory]) -> [AlbumEntry] {
    memories.map { memory in
      let photos = library.assets
      let start = MemoryFinder.firstIndex(in: photos, atOrAfterDay: memory.firstDay)
      let end = MemoryFinder.firstIndex(in: photos, atOrAfterDay: memory.lastDay + 1)
      let cover = photos[start..<max(start, end)].first { $0.id == memory.cover }
      return AlbumEntry(
        ref: .memory(year: memory.year), title: memory.title, count: memory.assetIDs.count,
        cover: cover)
    }
  }

  /// M: the Albums tab with today's first memory selected (its list, not an album open), or
  /// a line saying there are none today.
  mutating func showMemories() {
    guard !albums.memories.isEmpty else {
      message = "No memories today · photos from this week in earlier years show here"
      return
    }
    message = nil
    screen = .grid
    // Switching to Albums from Albums closes an open album: the list, as from elsewhere.
    switchTab(.albums)
    if albums.open != nil { switchTab(.albums) }
    albums.cursor = 0
    keepAlbumCardInView()
  }

  /// Finds today's memories again after photos changed in place or left the library, and
  /// puts their cards into `entries`; false when a memory came or went (the caller rebuilds
  /// every card, as the list's sections change).
  ///
  /// Cheap at any size: a memory is found by halving the list, once per earlier year.
  mutating func refreshMemoryEntries(_ entries: inout [AlbumEntry]) -> Bool {
    let memories = MemoryFinder.memories(in: library.assets, today: today)
    guard memories.map(\.year) == albums.memories.map(\.year) else { return false }
    albums.memories = memories
    let cards = memoryEntries(memories)
    var next = cards.makeIterator()
    for e in entries.indices {
      guard case .memory = entries[e].ref, let card = next.next() else { continue }
      entries[e] = card
    }
    return true
  }
}
