import ThumbnailCache
import PhotoStore

/// The browser's picture requests on the one worker pool, keyed by what they make.
typealias DecodePool = WorkerPool<ImageKey, ImageRequest>

extension WorkerPool where Key == ImageKey, Job == ImageRequest {
  /// Queues `request` at its priority (see `WorkerPool.submit`).
  @discardableResult
  func submit(_ request: ImageRequest, isDone: (ImageKey) -> Bool = { _ in false }) -> Bool {
    submit(request, key: request.key, priority: request.priority.rawValue, isDone: isDone)
  }
}
