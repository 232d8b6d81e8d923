#if canImport(Glibc)
  import Glibc
#endif

/// Gives freed heap memory back to the system (glibc's `malloc_trim`).
///
/// Loading the library builds the new state while the old one is alive, and glibc keeps the
/// freed pages in its arenas afterwards: without this, a browser idling over 1,000,000 photos
/// stays at its load's peak. Called after each library load, where a few milliseconds do not
/// show (the load itself takes far more at that size).
public enum HeapTrim {
  /// Returns the free memory at the top of the heap and in whole free pages to the system.
  public static func giveBack() {
    _ = trim?(0)
  }

  /// glibc's `malloc_trim`, looked up once: `<malloc.h>` is not in Swift's Glibc module, and
  /// another C library (musl) has none, which leaves this a no-op.
  private static let trim: (@convention(c) (Int) -> Int32)? = {
    #if canImport(Glibc)
      guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    #else
      return nil
    #endif
  }()
}
