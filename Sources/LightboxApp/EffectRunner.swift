import Foundation
import Imaging
import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI

/// Does the IO the reducer asks for, off the main thread, and posts the results back as
/// actions to the inbox.
final class EffectRunner: Sendable {
  let inbox: ActionInbox
  let cache: PictureCache
  private let pool: DecodePool
  private let library: LibraryService

  init(
    inbox: ActionInbox, cache: PictureCache, depth: ColorDepth, background: RGB,
    catalogPath: String?
  ) {
    self.inbox = inbox
    self.cache = cache
    self.library = LibraryService(inbox: inbox, catalogPath: catalogPath)
    self.pool = DecodePool { request in
      let action = EffectRunner.makePicture(request, depth: depth, background: background, cache: cache)
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
      if cache.contains(request.key) {
        inbox.post(.imageLoaded(request.key))
      } else {
        pool.submit(request)
      }
    case .cancelImage(let key):
      pool.cancel(key)
    }
  }

  /// Stops the decode workers, indexing and watching.
  func stop() {
    pool.stop()
    library.stop()
  }

  /// Decodes, scales and rasterizes one request into the cache.
  static func makePicture(
    _ request: ImageRequest, depth: ColorDepth, background: RGB, cache: PictureCache
  ) -> Action {
    let options = DecodeOptions(
      target: request.key.size, mode: request.key.fit == .fill ? .fill : .fit,
      quality: request.bestQuality ? .best : .fast, orientation: request.orientation,
      background: background)
    switch ImageDecoder.decode(path: request.path, options: options) {
    case .success(let bitmap):
      cache.insert(.halfBlock(HalfBlockImage(bitmap: bitmap, depth: depth)), for: request.key)
      return .imageLoaded(request.key)
    case .failure(let error):
      return .imageFailed(request.key, reason: error.reason)
    }
  }
}
