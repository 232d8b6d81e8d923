/// Making and changing albums.
public enum AlbumAction: Hashable, Sendable {
  /// n: make a new album (a name prompt).
  case new
  /// R: rename the selected user album.
  case rename
  /// D: delete the selected user album (its photos stay in the library).
  case delete
  /// a: add the selected (or marked) photos to an album (the album picker).
  case addPhotos
  /// x in a user album: take the photo out of the album (not out of the library).
  case removePhotos
  /// M: today's memories (On This Day), the first one selected in the Albums tab.
  case showMemories
}
