#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder of the file being read, kept open while the next files are in it too.
///
/// Opening a file by its name in an open folder (`openat`) skips the lookup of every
/// component of its path; files come from the walk folder by folder, so one folder is
/// opened per run of files.
struct OpenFolder {
  private var path: [UInt8] = []
  private var fd: Int32 = -1

  /// The descriptor of the folder holding `file`, or -1 when it cannot be opened (the file
  /// is then opened by its whole path).
  mutating func descriptor(of file: LibraryPath) -> Int32 {
    let bytes = file.bytes
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return -1 }
    let parent = bytes[..<max(slash, 1)]
    if fd >= 0, parent.elementsEqual(path) { return fd }
    close()
    path = Array(parent)
    fd = LibraryPath(bytes: path).withCString {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    return fd
  }

  /// Closes the folder.
  mutating func close() {
    if fd >= 0 { closeDescriptor(fd) }
    fd = -1
  }
}

private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
