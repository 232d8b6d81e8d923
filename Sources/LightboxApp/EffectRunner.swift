import Foundation
import Pixels
import Decoders
import DecodeWorker
import ThumbnailCache
import PhotoMetadata
import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI

/// Does the IO the reducer asks for, off the main thread, and posts the results back as
/// actions to the inbox.
final class EffectRunner: Sendable {
  let inbox: ActionInbox
  let cache: PictureCache
  /// Every decode's one door: risky formats in the sandboxed workers.
  let decoder: PhotoDecoder
  private let pool: DecodePool
  private let library: LibraryService
  private let player: ClipPlayer
  /// The loupe's decoded parts, and the queue that decodes them ahead of the keys.
  private let loupe: LoupeSourceCache
  private let tiles: LatestWorkQueue
  /// Camera cards offered for import, and the import (nil: no library folder to import to).
  let cardImports: CardImports?
  /// Where t, s and C write (config `xmp-write`).
  private let xmpWrite: XMPWriteMode

  init(
    inbox: ActionInbox, cache: PictureCache, format: PictureFormat, background: RGB,
    catalogPath: String?, diskCache: ThumbnailDiskCache? = nil, trashHome: String? = nil,
    retentionDays: Int = 30, upscale: Bool = true, decoder: PhotoDecoder,
    cardImports: CardImports? = nil, xmpWrite: XMPWriteMode = .sidecar
  ) {
    self.cardImports = cardImports
    self.xmpWrite = xmpWrite
    self.inbox = inbox
    self.cache = cache
    self.decoder = decoder
    self.library = LibraryService(
      inbox: inbox, catalogPath: catalogPath, trashHome: trashHome, retentionDays: retentionDays)
    self.player = ClipPlayer(
      cache: cache, format: format, background: background, upscale: upscale, decoder: decoder,
      send: { inbox.post($0) })
    let failures = FailureLog()
    let loupe = LoupeSourceCache()
    let tiles = LatestWorkQueue(label: "lightbox-loupe-tiles")
    self.loupe = loupe
    self.tiles = tiles
    // One logger for every decode (made once, not per request).
    let log = LightboxLog.logger("decode")
    self.pool = DecodePool(name: "lightbox-decode") { request in
      log.debug(
        "decoding \(request.path) at \(request.key.size.width)x\(request.key.size.height)")
      let watch = DiskWaitWatch(key: request.key, post: { inbox.post($0) })
      defer { watch.finish() }
      let action = EffectRunner.makePicture(
        request, format: format, background: background, cache: cache, diskCache: diskCache,
        upscale: upscale, decoder: decoder, loupe: loupe, preview: { inbox.post($0) },
        prefetch: tiles.schedule)
      if case .image(.failed(_, let reason)) = action { failures.note(request.path, reason) }
      inbox.post(action)
    }
  }

  /// Starts each effect.
  func run(_ effects: [Effect]) {
    for effect in effects { run(effect) }
  }

  func run(_ effect: Effect) {
    switch effect {
    case .scanLibrary(let roots):
      library.open(roots: roots)
    case .loadImage(let request):
      if !pool.submit(request, isDone: cache.contains) {
        inbox.post(.image(.loaded(request.key)))
        // A fitted picture made earlier (a neighbour decoded for paging, now on screen):
        // its first zoom step is decoded ahead all the same.
        LoupePicture.scheduleDecodeAhead(request, cache: loupe, on: tiles.schedule)
      }
    case .cancelImage(let key):
      pool.cancel(key)
    case .exportPhotos(let job):
      let inbox = inbox
      let decoder = decoder
      DispatchQueue.global(qos: .utility).async {
        PhotoExporter.run(job, inbox: inbox, decoder: decoder)
      }
    case .runImport(let job):
      cardImports?.run(job)
    case .editTags(let job):
      let (inbox, library, mode) = (inbox, library, xmpWrite)
      DispatchQueue.global(qos: .userInitiated).async {
        let outcome = TagWriter.run(job, mode: mode)
        library.storeTags(outcome.photos)
        inbox.post(.library(.tagsEdited(outcome)))
      }
    case .restoreSidecars(let snapshots):
      let (inbox, library) = (inbox, library)
      DispatchQueue.global(qos: .userInitiated).async {
        let outcome = TagWriter.restore(snapshots)
        library.storeTags(outcome.photos)
        inbox.post(.library(.tagsEdited(outcome)))
      }
    case .readCaption(let id, let path):
      let inbox = inbox
      DispatchQueue.global(qos: .userInitiated).async {
        let caption = XMPReader.read(contentsOf: path).metadata.caption
        inbox.post(.library(.captionRead(id, caption: caption)))
      }
    case .adjustDates(let job):
      let inbox = inbox
      DispatchQueue.global(qos: .userInitiated).async {
        inbox.post(.library(.datesAdjusted(DateShifter.run(job))))
      }
    case .scheduleTick(let milliseconds, let token):
      let inbox = inbox
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
        inbox.post(.detail(.slideshowTick(token)))
      }
    case .startPlayback(let request):
      player.start(request)
    case .stopPlayback(let token):
      player.stop(token: token)
    case .pausePlayback(let token, let paused):
      player.setPaused(token: token, paused: paused)
    case .findDuplicates:
      library.findDuplicates(decoder: decoder)
    case .loadBaseMap:
      let inbox = inbox
      let decoder = decoder
      DispatchQueue.global(qos: .userInitiated).async {
        inbox.post(
          BaseMapFile.shared.load(
            environment: ProcessInfo.processInfo.environment, decoder: decoder))
      }
    default:
      library.perform(effect)
    }
  }

  /// Bytes the loupe holds once its queued decodes are done (for tests).
  func loupeBytesAfterQueuedDecodes() -> Int {
    tiles.drain()
    return loupe.byteCount
  }

  /// Stops the decode workers, indexing and watching.
  func stop() {
    cardImports?.stop()
    player.stopAll()
    pool.stop()
    library.stop()
  }

  /// Decodes, scales and rasterizes one request into the cache.
  ///
  /// Tiles and cards show the best thing at hand first (the seeds' opportunistic delivery):
  /// a freedesktop thumbnail (ours or a file manager's) is used as is; else the photo's EXIF
  /// thumbnail, which is the final tile when it is large enough (half-block tiles) and a
  /// preview (`preview` gets `.image(.preview)`) when it is not; else, or after the preview, the
  /// photo is decoded at the cache's size class, the thumbnail stored for next time, and the
  /// tile cut from it. Cards larger than a `large` thumbnail have entries of their own size
  /// (`makeCoverPicture`) unless `coverEntries` is off (the benchmark's "before").
  static func makePicture(
    _ request: ImageRequest, format: PictureFormat, background: RGB, cache: PictureCache,
    diskCache: ThumbnailDiskCache? = nil, upscale: Bool = true,
    decoder: PhotoDecoder, loupe: LoupeSourceCache? = nil,
    preview: ((Action) -> Void)? = nil,
    prefetch: ((@escaping @Sendable () -> Void) -> Void)? = nil,
    coverEntries: Bool = true
  ) -> Action {
    if request.key.markers != nil {
      // The world map: its base map (decoded once) with the clusters drawn in.
      let base = try? BaseMapFile.shared.bitmap(path: request.path, decoder: decoder).get()
      return finish(MapPicture.make(key: request.key, base: base), request, format, cache)
    }
    if request.key.region != nil || request.key.outline != nil {
      return makeLoupePicture(
        request, format: format, background: background, cache: cache,
        loupe: loupe ?? LoupeSourceCache(), decoder: decoder, preview: preview,
        prefetch: prefetch)
    }
    if request.key.fit == .fill, let face = request.key.crop, !face.isEmpty, let diskCache,
      case .success(let source) = ThumbnailSource.forFile(atPath: request.path)
    {
      // A person's cover: their face, whatever the card's size.
      return makeFacePicture(
        request, face: face, source: source,
        pipeline: ThumbnailPipeline(cache: diskCache, decoder: decoder),
        facts: ThumbnailPipeline.PhotoFacts(
          orientation: request.orientation, storedSize: request.storedSize),
        format: format, cache: cache)
    }
    if request.key.fit == .fill, let diskCache,
      let sizeClass = ThumbnailSize.covering(max(request.key.size.width, request.key.size.height)),
      case .success(let source) = ThumbnailSource.forFile(atPath: request.path)
    {
      let pipeline = ThumbnailPipeline(cache: diskCache, decoder: decoder)
      let facts = ThumbnailPipeline.PhotoFacts(
        orientation: request.orientation, storedSize: request.storedSize)
      if sizeClass == .xLarge && coverEntries {
        return makeCoverPicture(
          request, source: source, pipeline: pipeline, facts: facts, format: format, cache: cache,
          preview: preview)
      }
      switch pipeline.cached(source, size: sizeClass, wantsPixels: true) {
      case .cached(let bitmap?):
        return finish(
          bitmap.turnedClockwise(request.rotation).fitted(into: request.key.size, mode: .fill),
          request, format, cache)
      case .knownFailure:
        return .image(.failed(request.key, reason: "could not be decoded before (unchanged since)"))
      default: break
      }
      if let range = request.exifThumbnail,
        let small = pipeline.preview(path: request.path, range: range, facts: facts)
      {
        let covers =
          small.width >= request.key.size.width && small.height >= request.key.size.height
        let tile = small.turnedClockwise(request.rotation).fitted(
          into: request.key.size, mode: .fill)
        if covers { return finish(tile, request, format, cache) }
        if let preview {
          preview(finish(tile, request, format, cache, isPreview: true))
        }
      }
      switch pipeline.make(source, size: sizeClass, facts: { _ in facts }) {
      case .made(let thumbnail, let problem):
        logStoreProblem(problem, request)
        return finish(
          thumbnail.turnedClockwise(request.rotation).fitted(into: request.key.size, mode: .fill),
          request, format, cache)
      case .cached(let thumbnail?):
        return finish(
          thumbnail.turnedClockwise(request.rotation).fitted(into: request.key.size, mode: .fill),
          request, format, cache)
      case let outcome:
        return failure(outcome, request)
      }
    }
    // The user's quarter turns come after the decode: the box is turned the other way.
    let box = request.rotation % 2 == 0 ? request.key.size : request.key.size.transposed
    let options = DecodeOptions(
      target: box, mode: request.key.fit == .fill ? .fill : .fit,
      quality: request.bestQuality ? .best : .fast, orientation: request.orientation,
      background: background)
    switch decoder.decode(path: request.path, options: options) {
    case .success(let decoded):
      let bitmap = decoded.turnedClockwise(request.rotation)
      // A photo smaller than the detail view is fitted up to it (`Upscale`).
      let shown =
        upscale && request.key.fit == .fit
        ? Upscale.apply(to: bitmap, in: request.key.size) : bitmap
      var action = finish(shown, request, format, cache)
      if let damage = decoded.damage, action == .image(.loaded(request.key)) {
        action = .image(.damaged(request.key, reason: damage))
      }
      // The photo on screen in the detail view: its first zoom step decoded ahead.
      if let loupe, let prefetch {
        LoupePicture.scheduleDecodeAhead(request, cache: loupe, on: prefetch)
      }
      return action
    case .failure(let error):
      return .image(.failed(request.key, reason: error.reason))
    }
  }

  /// Encodes `bitmap` in the session's format (the cache's, else `format`) into the cache;
  /// when the format changed while it was encoded (the probe's answers came), again in the
  /// new one.
  /// The failure a thumbnail pipeline's outcome that made no picture reports.
  static func failure(_ outcome: ThumbnailPipeline.Outcome, _ request: ImageRequest) -> Action {
    switch outcome {
    case .failed(let error): return .image(.failed(request.key, reason: error.reason))
    case .skipped(let reason): return .image(.failed(request.key, reason: reason))
    // A picture made or cached is the caller's to show; only the pixel-less ones come here.
    case .knownFailure, .cached, .made:
      return .image(.failed(request.key, reason: "could not be decoded"))
    }
  }

  /// Logs why a made thumbnail could not be stored (the picture is shown all the same).
  static func logStoreProblem(_ problem: ImageError?, _ request: ImageRequest) {
    guard let problem else { return }
    LightboxLog.logger("cache").error("\(request.path): thumbnail not stored: \(problem.reason)")
  }

  static func finish(
    _ bitmap: Bitmap, _ request: ImageRequest, _ format: PictureFormat, _ cache: PictureCache,
    isPreview: Bool = false
  ) -> Action {
    var format = cache.format ?? format
    while true {
      switch format.picture(of: bitmap) {
      case .success(let picture):
        if cache.insert(picture, for: request.key, madeIn: format) {
          return isPreview ? .image(.preview(request.key)) : .image(.loaded(request.key))
        }
        format = cache.format ?? format
      case .failure(let error): return .image(.failed(request.key, reason: error.reason))
      }
    }
  }
}
