import DecodeWorker
import Decoders
import PhotoMetadata
import PhotoModel
import Pixels

/// Covers: pictures larger than a `large` thumbnail (the Years segment's cards), kept in
/// `x-large/` at the size the card needs instead of at 512 px.
///
/// A card of 300×228 px needs the photo at 304×228; a 512 px entry would cost a JPEG twice
/// the DCT scale and most phone HEICs their primary image, where the HEIF thumbnail item
/// (320×240 on iPhones, 512 wide on Samsungs) or the EXIF thumbnail already has it. So the
/// entry is made at the cover size from the cheapest source that has it, and read back for
/// any card it covers; a larger card later makes it again, larger.
extension ThumbnailPipeline {
  /// The upright size of the x-large entry a photo of `display` (upright; nil when unknown)
  /// needs to fill `card` without being enlarged: the photo scaled to just cover the card,
  /// within 512×512, never larger than the photo. Unknown photos get the whole class.
  public static func coverSize(filling card: PixelSize, display: PixelSize?) -> PixelSize {
    let limit = PixelSize(width: ThumbnailSize.xLarge.pixels, height: ThumbnailSize.xLarge.pixels)
    guard let display, !display.isEmpty, !card.isEmpty else { return limit }
    let cover = DecodeOptions(target: card, mode: .fill).requiredSize(forDisplay: display)
    if cover.width <= limit.width && cover.height <= limit.height { return cover }
    return Bitmap.fittedSize(of: cover, into: limit, mode: .fit)
  }

  /// True when an x-large entry of `entry` pixels serves a card of `card` (upright, as the
  /// entry): it is big enough for the card (`DecodeOptions.isBigEnough`: 90 % of it on each
  /// side, as the thumbnail item it may have been made from), or it cannot be made larger
  /// (512 px, the whole photo, or a photo of unknown size: another program's entry is taken
  /// as it is).
  ///
  /// The card, not the cover, is what it is measured against: an entry made from a thumbnail
  /// item of another shape than the photo is smaller than the cover yet fills the card, and
  /// would otherwise be made again on every visit.
  public static func entry(_ entry: PixelSize, serves card: PixelSize, display: PixelSize?)
    -> Bool
  {
    if DecodeOptions.isBigEnough(entry, for: card) { return true }
    if max(entry.width, entry.height) >= ThumbnailSize.xLarge.pixels { return true }
    guard let display else { return true }
    return entry.width >= display.width || entry.height >= display.height
  }

  /// The x-large entry of `source` when it serves `card` (see `entry(_:serves:display:)`),
  /// its failure entry, or nil when the entry must be made.
  public func cachedCover(_ source: ThumbnailSource, card: PixelSize, display: PixelSize?)
    -> Outcome?
  {
    if let bitmap = cache.thumbnail(for: source, size: .xLarge, background: Self.background) {
      if Self.entry(bitmap.size, serves: card, display: display) { return .cached(bitmap) }
      // Made for a smaller card: made again below, at this size.
      return nil
    }
    return cache.hasFailure(for: source) ? .knownFailure : nil
  }

  /// Makes the x-large entry of `source` at `cover` from the cheapest source that has that
  /// size: `embedded` (the photo's EXIF thumbnail, decoded and oriented by the caller) when
  /// it covers it, else a decode for that box, in which a HEIF's thumbnail item is taken when
  /// it covers the box (in the decode worker, like any HEIF) and a JPEG is scaled in the DCT.
  public func makeCover(
    _ source: ThumbnailSource, size cover: PixelSize, facts: PhotoFacts, embedded: Bitmap? = nil
  ) -> Outcome {
    if let embedded, embedded.width >= cover.width, embedded.height >= cover.height,
      case .success(let head) = ImageFile.prefix(atPath: source.path, count: PhotoDecoder.headSize),
      let format = FormatSniffer.format(of: head)
    {
      return store(
        embedded.fitted(into: cover, mode: .fit), for: source, size: .xLarge, facts: facts,
        format: format, head: head)
    }
    return make(source, size: .xLarge, target: cover, facts: { _ in facts })
  }
}
