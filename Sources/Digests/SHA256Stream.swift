import CImportIO

/// A streaming SHA-256: OpenSSL's, through the `CImportIO` shim (it takes the CPU's SHA
/// extensions where it has them). Verified imports and the duplicate finder's image-data
/// hashes both use it.
public final class SHA256Stream {
  private let state: OpaquePointer

  public init() {
    guard let state = lb_sha256_create() else {
      // libcrypto is a package dependency (scripts/install-deps); without it no digest could
      // be trusted, so nothing is compared or imported.
      if let reason = lb_sha256_unavailable() {
        fatalError("SHA-256 unavailable: \(String(cString: reason))")
      }
      fatalError("out of memory for a SHA-256 state")
    }
    self.state = state
  }

  deinit { lb_sha256_free(state) }

  /// Adds `bytes` to the digest.
  public func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    // Fails only on a broken OpenSSL build, which `finish` then reports as all 0xFF: every
    // digest alike, so an import's copy would never match its source (refused, not passed)
    // and every file would look a duplicate (which the tests would see at once).
    _ = lb_sha256_update(state, base, bytes.count)
  }

  /// Adds `bytes` to the digest.
  public func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// The 32 bytes of the digest (all 0xFF if OpenSSL failed).
  public func finish() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 32)
    if lb_sha256_finish(state, &digest) != 0 { digest = [UInt8](repeating: 0xFF, count: 32) }
    return digest
  }
}
