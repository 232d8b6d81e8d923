import Pixels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LosslessRotation {
  /// Turns the JPEG at `path` in place by `rotation` as seen, atomically (see
  /// `AtomicFile.replace`): the old file or the whole new one, never a part.
  ///
  /// A symbolic link is followed, so the photo it names is turned and the link stays. The
  /// file keeps its permission bits and owner; its mtime moves by one second. A read-only
  /// file is refused.
  public static func rotateFile(atPath path: String, by rotation: ImageRotation)
    -> Result<Method, ImageError>
  {
    guard let resolved = realpath(path, nil) else {
      return .failure(AtomicFile.errnoError("cannot find file"))
    }
    let real = String(cString: resolved)
    free(resolved)
    var original = stat()
    guard stat(real, &original) == 0 else {
      return .failure(AtomicFile.errnoError("cannot read file"))
    }
    // The rename would replace a read-only file as easily as any other (the folder is what
    // is written); a file nobody may write is taken to mean "do not change", even for root.
    if access(real, W_OK) != 0 || original.st_mode & 0o222 == 0 {
      return .failure(ImageError("read-only file; not changed"))
    }
    return ImageFile.contents(atPath: real)
      .flatMap { rotate(jpeg: $0, by: rotation) }
      .flatMap { outcome in
        if let error = AtomicFile.replace(real, with: outcome.bytes, like: original) {
          return .failure(error)
        }
        return .success(outcome.method)
      }
  }
}
