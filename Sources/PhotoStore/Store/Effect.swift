import PhotoModel

/// Work the reducer asks for, as plain data; the effect runner does it and answers with
/// actions.
public enum Effect: Hashable, Sendable {
  /// Load the library from the catalog at once, then index these folders in the background
  /// (answering `.library(.indexProgress)`, `.library(.loaded)`, `.library(.indexFinished)`) and watch them for
  /// changes (answering `.library(.loaded)`).
  case scanLibrary(roots: [String])
  /// Decode and scale an image; answers `.image(.loaded)` or `.image(.failed)`.
  case loadImage(ImageRequest)
  /// The image is no longer wanted: drop the pending work (a finished image may stay cached).
  case cancelImage(ImageKey)
  /// Store the user's rotation of these photos (quarter turns clockwise).
  case setRotation([AssetID: Int])
  /// Write these photos as JPEGs into a folder (`lightbox export`'s work), reporting
  /// progress and the outcome as library events.
  case exportPhotos(ExportJob)
  /// Move the photos' dates in their files (EXIF, in place), answering
  /// `.library(.datesAdjusted)`.
  case adjustDates(DateShiftJob)
  /// Write tags or a rating into the photos' XMP sidecars (keeping each sidecar's bytes
  /// before, for u) and the catalog, answering `.library(.tagsEdited)`.
  case editTags(TagEditJob)
  /// Put sidecars back as they were (u after t or s), and the catalog, answering
  /// `.library(.tagsEdited)`.
  case restoreSidecars([SidecarSnapshot])
  /// Read the photo's caption (`dc:description`, sidecars over embedded) for the caption
  /// editor and the info panel, answering `.library(.captionRead)`.
  case readCaption(AssetID, path: String)
  /// Import the offered photos (verified copies into the library), answering
  /// `.importing(.progress)` and `.importing(.finished)`.
  case runImport(ImportJob)
  /// Put `text` on the clipboard (through the terminal: OSC 52).
  case copyToClipboard(String)
  /// Hand the terminal to the external opener (`$LIGHTBOX_OPENER`, the config's `opener`,
  /// else `xdg-open`) with `path` as its last argument, and take it back when it exits; a
  /// missing or failing opener answers `.library(.operationFailed)`.
  case openExternally(path: String)
  /// Send `.detail(.slideshowTick(token))` after `milliseconds`.
  case scheduleTick(milliseconds: Int, token: Int)
  /// Stream a clip's frames into the picture cache at its frame rate (dropping late ones),
  /// answering `.detail(.playbackFrame)`, then `.playbackEnded` or `.playbackFailed`. A new
  /// one replaces any stream running.
  case startPlayback(PlaybackRequest)
  /// Stop the stream `token` at once (its worker is killed).
  case stopPlayback(token: Int)
  /// Pause or resume the stream `token` (the clock stops with it).
  case pausePlayback(token: Int, paused: Bool)

  /// Hash the library's photos that have no current hashes (image data, and the perceptual
  /// hashes of the small upright decode), store them, and group every photo: answers
  /// `.library(.hashProgress)` while it runs and `.library(.duplicatesFound)` at the end.
  case findDuplicates

  /// Merge duplicates: journal the merge and give the keeper the others' favorite, hidden
  /// state, rotation and albums (one transaction), then write `keeperTags` (the others'
  /// tags, rating and label the keeper lacks; nil when none) into the keeper's sidecar, then
  /// move the others' files to the Trash. Answered like a trash move (the library, its
  /// collections and tags as they are now).
  case mergeDuplicates(keeper: AssetID, others: [AssetID], keeperTags: TagEditJob?)
  /// Undo that merge: the others back from the Trash, the keeper as it was (its sidecar
  /// too).
  case undoMerge(keeper: AssetID, others: [AssetID])

  /// Find and read the map's base map (`$LIGHTBOX_BASE_MAP`, else Debian's
  /// `xplanet-images`), answering `.map(.baseMapLoaded)` or `.map(.baseMapMissing)`.
  case loadBaseMap

  /// Set or clear the favorite flag in the catalog.
  case setFavorite([AssetID], Bool)
  /// Set or clear the hidden flag in the catalog.
  case setHidden([AssetID], Bool)
  /// Move the files to the freedesktop Trash and mark them trashed in the catalog.
  case moveToTrash([AssetID])
  /// Put trashed files back at their original paths (a clash gets a new name).
  case restoreFromTrash([AssetID])
  /// Erase trashed files for good (after the user confirmed).
  case deleteForever([AssetID])
  /// Make an album and add photos to it in one transaction.
  case createAlbum(name: String, adding: [AssetID])
  case renameAlbum(AlbumID, to: String)
  /// Delete an album; its photos stay in the library.
  case deleteAlbum(AlbumID)
  case addToAlbum(AlbumID, [AssetID])
  case removeFromAlbum(AlbumID, [AssetID])
}
