import PhotoModel

/// What is open over the view; it takes the keys until it closes.
public enum Overlay: Hashable, Sendable {
  /// The keys of the current view (?).
  case help
  /// The selected photo's details (i).
  case info
  /// Choose an album to add photos to (a).
  case picker(AlbumPicker)
  /// Type an album name (n, R, "New album…").
  case prompt(NamePrompt)
  /// A yes/no question before something that cannot be undone or touches many photos.
  case confirm(Confirmation)
  /// The import view: a card's photos as a grid, to mark and import (I); its place is
  /// `ImportState.picker`.
  case importing
}

/// The album picker: "New album…" then the user albums by name.
public struct AlbumPicker: Hashable, Sendable {
  /// The photos to add.
  public var assets: [AssetID]
  /// The highlighted row: 0 is "New album…", n is user album n-1.
  public var row: Int

  public init(assets: [AssetID], row: Int = 0) {
    self.assets = assets
    self.row = row
  }
}

/// A text field for an album name.
public struct NamePrompt: Hashable, Sendable {
  public enum Purpose: Hashable, Sendable {
    /// Make an album and add these photos to it.
    case newAlbum(adding: [AssetID])
    case rename(AlbumID)
    /// Export these photos as JPEGs into the folder typed (e).
    case export([AssetID])
    /// Move these photos' dates: a new date for the earliest, or an amount (T).
    case adjustDates([AssetID])
    /// Add a tag to these photos, or remove one ("-tag"), Tab completing (t).
    case tag([AssetID])
    /// Rate these photos: one key, 0–5 or x to reject (s).
    case rate([AssetID])
    /// Write these photos' caption (`dc:description`); empty removes it (C).
    case caption([AssetID])
  }

  public var purpose: Purpose
  public var text: String
  /// Why the last Enter was refused.
  public var error: String?

  public init(purpose: Purpose, text: String = "", error: String? = nil) {
    self.purpose = purpose
    self.text = text
    self.error = error
  }
}

extension NamePrompt.Purpose {
  /// The most characters the field takes: a caption is a sentence or two, a name short.
  public var maximumLength: Int {
    if case .caption = self { return 2000 }
    return 100
  }
}

/// A question that must be answered before the change is made.
public struct Confirmation: Hashable, Sendable {
  public enum Purpose: Hashable, Sendable {
    /// Move marked photos to Recently Deleted.
    case trash([AssetID])
    /// Erase trashed photos for good.
    case deleteForever([AssetID])
    case deleteAlbum(AlbumID)
    /// Import photos from a card (Enter in the import view, or I).
    case importPhotos(ImportJob)
    /// Merge a group of duplicates into its keeper (m in the Duplicates album).
    case merge(keeper: AssetID, others: [AssetID])
  }

  public var purpose: Purpose
  /// The question, naming what and how many ("Delete 3 photos for good?").
  public var question: String
  /// A second line: what happens.
  public var detail: String

  public init(purpose: Purpose, question: String, detail: String) {
    self.purpose = purpose
    self.question = question
    self.detail = detail
  }
}
