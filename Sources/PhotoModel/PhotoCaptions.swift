/// The titles and captions (`dc:title`, `dc:description`) of the library's photos that have
/// one, as one buffer of UTF-8 text: no string a photo.
///
/// Few photos have a caption, but a library may caption them all: each costs its text, a
/// separator, an 8-byte id and a 4-byte offset (DECISIONS.md, 2026-11-28). Search folds them
/// once into a `CaptionSearchIndex` on entering the Search tab.
public struct PhotoCaptions: Hashable, Sendable {
  /// What separates a photo's title from its caption in `text`: U+001F, which XML cannot
  /// hold, so neither does a title or caption read from XMP.
  static let separator: UInt8 = 0x1F

  /// The photos with a title or a caption, ascending.
  public private(set) var photoIDs: [AssetID]
  /// Where each photo's text starts in `text` (one more entry than `photoIDs`).
  private var starts: [UInt32]
  /// Each photo's title, the separator, and its caption, photo after photo.
  private var text: [UInt8]

  /// No captions.
  public init() {
    photoIDs = []
    starts = [0]
    text = []
  }

  /// The titles and captions of `photos` (in any order; one with neither is left out).
  public init(_ photos: [(id: AssetID, title: String?, caption: String?)]) {
    self.init()
    for photo in photos.sorted(by: { $0.id < $1.id }) {
      append(photo.id, title: photo.title, caption: photo.caption)
    }
  }

  /// Adds the photo `id` after every photo so far (ids must come ascending: the catalog's
  /// order), unless it has neither a title nor a caption.
  public mutating func append(_ id: AssetID, title: String?, caption: String?) {
    let title = title ?? ""
    let caption = caption ?? ""
    guard !title.isEmpty || !caption.isEmpty else { return }
    precondition(photoIDs.last.map { $0 < id } ?? true, "captions are added in id order")
    photoIDs.append(id)
    text += title.utf8
    text.append(Self.separator)
    text += caption.utf8
    starts.append(UInt32(text.count))
  }

  /// True when no photo has a title or caption.
  public var isEmpty: Bool { photoIDs.isEmpty }

  /// How many bytes the text takes (the memory figure's main part).
  public var textByteCount: Int { text.count }

  /// The title and caption of the photo `id` (nil when it has none).
  public func entry(of id: AssetID) -> (title: String?, caption: String?) {
    guard let row = row(of: id) else { return (nil, nil) }
    return split(row)
  }

  /// Calls `body` with each photo's id and its title and caption bytes (title, 0x1F,
  /// caption), in id order: what the search index folds.
  public func forEachPhoto(_ body: (AssetID, ArraySlice<UInt8>) -> Void) {
    for row in photoIDs.indices {
      body(photoIDs[row], text[Int(starts[row])..<Int(starts[row + 1])])
    }
  }

  private func split(_ row: Int) -> (title: String?, caption: String?) {
    let bytes = text[Int(starts[row])..<Int(starts[row + 1])]
    let cut = bytes.firstIndex(of: Self.separator) ?? bytes.endIndex
    let title = String(decoding: bytes[bytes.startIndex..<cut], as: UTF8.self)
    let caption = String(decoding: bytes[min(cut + 1, bytes.endIndex)...], as: UTF8.self)
    return (title.isEmpty ? nil : title, caption.isEmpty ? nil : caption)
  }

  /// The row of the photo `id` in `photoIDs`, by binary search.
  private func row(of id: AssetID) -> Int? { photoIDs.indexInSorted(id) }
}
