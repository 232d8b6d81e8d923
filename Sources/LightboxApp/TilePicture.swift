import DecodeWorker
import PhotoModel
import PhotoStore
import Pixels
import TerminalGraphics
import ThumbnailCache

/// What the decode pool does with one tile or card request, for the benchmarks (the
/// Benchmarks package sees only public API): the freedesktop cache, the embedded previews,
/// the decode and the picture, exactly as the browser makes them.
public enum TilePicture {
  /// Makes the picture of `request` into `cache` and returns the action the browser would
  /// post (`.image(.loaded)` or `.image(.failed)`); `coverEntries` off makes cards as before
  /// x-large covers (512 px entries), for the benchmark's comparison.
  public static func make(
    _ request: ImageRequest, format: PictureFormat, background: RGB, cache: PictureCache,
    diskCache: ThumbnailDiskCache, decoder: PhotoDecoder, coverEntries: Bool = true
  ) -> Action {
    EffectRunner.makePicture(
      request, format: format, background: background, cache: cache, diskCache: diskCache,
      decoder: decoder, coverEntries: coverEntries)
  }
}
