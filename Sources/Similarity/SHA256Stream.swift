import CImportIO

/// A streaming SHA-256: OpenSSL's, through the same C shim verified imports use (it takes
/// the CPU's SHA extensions where it has them).
final class SHA256Stream {
  private let state: OpaquePointer

  init() {
    guard let state = lb_sha256_create() else { fatalError("out of memory for a SHA-256 state") }
    self.state = state
  }

  deinit { lb_sha256_free(state) }

  func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    // Fails only on a broken OpenSSL build, which `finish` then reports as all 0xFF: every
    // file would look alike, which the tests would see at once.
    _ = lb_sha256_update(state, base, bytes.count)
  }

  func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  func finish() -> ImageDigest {
    var digest = [UInt8](repeating: 0, count: 32)
    if lb_sha256_finish(state, &digest) != 0 { digest = [UInt8](repeating: 0xFF, count: 32) }
    return ImageDigest(bytes: digest)
  }
}
