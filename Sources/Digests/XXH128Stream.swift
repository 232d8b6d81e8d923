import CImportIO

/// A streaming XXH3-128 checksum: xxHash's, compiled into `CImportIO`.
///
/// Ten times SHA-256's speed for a job that needs no cryptography: an import hashes the bytes it
/// writes and the bytes it reads back, in one process, and compares the two (docs/DECISIONS.md,
/// "An import's read-back is compared by XXH3-128"). What identifies a photo's content (the
/// import ledger, "already in the library") stays SHA-256.
public final class XXH128Stream {
  private let state: OpaquePointer

  public init() {
    guard let state = lb_xxh128_create() else { fatalError("out of memory for an XXH3 state") }
    self.state = state
  }

  deinit { lb_xxh128_free(state) }

  /// Adds `bytes` to the checksum.
  public func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    lb_xxh128_update(state, base, bytes.count)
  }

  /// The 16 bytes of the checksum, in xxHash's canonical (big-endian) order.
  public func finish() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 16)
    lb_xxh128_finish(state, &digest)
    return digest
  }
}
