import Dispatch
import Foundation

/// Walking a root's subfolders on several threads, with the serial walk's result.
///
/// The serial walk lists a folder's files, then walks its subfolders in name order, each
/// folder (device, inode) entered once. Here the root is listed, then each of its subfolders
/// is walked by a walker of its own on `threads` threads, and the results are joined in the
/// same order: the files, problems and unreadable folders come out exactly as the serial
/// walk gives them. A link into the library is never followed (`LibraryScope`), so only when
/// two subtrees entered the same folder (a bind mount into a sibling, two links to one
/// folder outside the library) would "entered once" depend on the threads' timing: then the
/// subtrees are walked again, serially.
extension LibraryWalker {
  mutating func walkParallel(_ root: LibraryPath, identity: DirectoryIdentity) {
    guard let subfolders = list(root, identity: identity) else { return }
    guard subfolders.count > 1 else {
      for (path, identity) in subfolders { walkFolder(path, identity: identity) }
      return
    }
    let seen = visited
    let scope = scope
    let slots = UnsafeMutableBufferPointer<LibraryWalker?>.allocate(capacity: subfolders.count)
    slots.initialize(repeating: nil)
    defer {
      slots.deinitialize()
      slots.deallocate()
    }
    nonisolated(unsafe) let shared = slots
    let queue = DispatchQueue(label: "lightbox.walker", attributes: .concurrent)
    let group = DispatchGroup()
    // At most `threads` subtrees at once, taken in order by whichever thread is free.
    let next = WalkCounter()
    for _ in 0..<min(threads, subfolders.count) {
      queue.async(group: group) {
        while let i = next.take(below: subfolders.count) {
          var walker = LibraryWalker(scope: scope)
          walker.visited = seen
          walker.walkFolder(subfolders[i].0, identity: subfolders[i].1)
          shared[i] = walker
        }
      }
    }
    group.wait()
    // Folders entered by more than one subtree: the serial order decides who lists them.
    var entered = 0
    var union = seen
    for walker in slots {
      entered += walker!.visited.count - seen.count
      union.formUnion(walker!.visited)
    }
    guard union.count - seen.count == entered else {
      for (path, identity) in subfolders { walkFolder(path, identity: identity) }
      return
    }
    visited = union
    // Room for every file at once, and each subtree's lists let go once copied: a million
    // files otherwise grew the list by doubling beside all the subtrees' lists (issue 32 §6).
    files.reserveCapacity(appending: slots.map { $0!.files })
    for i in slots.indices {
      let walker = slots[i]!
      slots[i] = nil
      files.append(contentsOf: walker.files)
      problems.append(contentsOf: walker.problems)
      unreadable.append(contentsOf: walker.unreadable)
    }
  }
}

/// The next subtree to walk, shared by the walking threads.
private final class WalkCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func take(below limit: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard value < limit else { return nil }
    value += 1
    return value - 1
  }
}
