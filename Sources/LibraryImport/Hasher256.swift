import CImportIO

/// A streaming SHA-256 over OpenSSL (`CImportIO`).
final class Hasher256 {
  private let state: OpaquePointer

  init() {
    guard let state = lb_sha256_create() else { fatalError("out of memory for a SHA-256 state") }
    self.state = state
  }

  deinit { lb_sha256_free(state) }

  func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    // Fails only on a broken OpenSSL build; the digest would then never match, so a copy is
    // refused rather than passed.
    _ = lb_sha256_update(state, base, bytes.count)
  }

  func finish() -> ContentHash {
    var digest = [UInt8](repeating: 0, count: 32)
    if lb_sha256_finish(state, &digest) != 0 { digest = [UInt8](repeating: 0xFF, count: 32) }
    return ContentHash(bytes: digest)
  }
}
