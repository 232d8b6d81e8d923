import CFileSystem

/// glibc's allocator set for a process that may hold a million photos: large blocks are
/// mapped on their own and go back to the system when freed.
enum AllocatorTuning {
  /// Blocks from 128 KB on are mapped alone (glibc's starting threshold, kept fixed), unless
  /// `MALLOC_MMAP_THRESHOLD_` says otherwise.
  ///
  /// glibc raises the threshold (up to 32 MB) each time it frees a mapped block; blocks
  /// under it then come from the heap, where one freed in the middle stays resident. The
  /// re-scan's lists, grown by doubling beside the loaded library, left ~36 MB that way at a
  /// million photos: the browser's start peaked at 590 MB, 554 MB with the threshold fixed
  /// (`Benchmarks/scale/start-rss.sh`, issue 32 §6).
  static func apply(environment: [String: String]) {
    guard environment["MALLOC_MMAP_THRESHOLD_"] == nil else { return }
    _ = lb_allocator_map_from(128 * 1024)
  }
}
