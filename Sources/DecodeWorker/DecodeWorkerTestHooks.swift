import CProcessSandbox
import Foundation
import Pixels
import Decoders
import PhotoMetadata

/// Test-only decoder faults, inert unless the worker's environment has
/// `LIGHTBOX_TEST_DECODER_HOOKS=1`: a WebP file (RIFF/WEBP header) holding the marker
/// `LIGHTBOX-TEST-ABORT` makes the worker call abort(), one holding `LIGHTBOX-TEST-SPIN`
/// makes it spin forever — a crashing and a hanging decoder on demand. Two more check the
/// seccomp filter for real: `LIGHTBOX-TEST-THREAD` starts and joins a thread (allowed:
/// decoders use threads) and answers "test thread ran"; `LIGHTBOX-TEST-OPEN-WRITE` opens
/// /dev/null for writing, which the filter answers by killing the worker (SIGSYS);
/// `LIGHTBOX-TEST-MEMORY` asks for 3 GiB as a decoder would, which passes the address-space
/// limit (the runtime traps on the refused allocation: a crash) — the pages are never touched,
/// so without the limit it is harmless and answers "allocated". `LIGHTBOX-TEST-ORIGIN`
/// answers "forked worker" or "started worker": how the command made it.
struct DecodeWorkerTestHooks: Sendable {
  let isEnabled: Bool
  /// The worker is a fork of its command, not a started program.
  let forked: Bool

  init(environment: [String: String], forked: Bool = false) {
    isEnabled = environment["LIGHTBOX_TEST_DECODER_HOOKS"] == "1"
    self.forked = forked
  }

  private static let abortMarker = Array("LIGHTBOX-TEST-ABORT".utf8)
  private static let spinMarker = Array("LIGHTBOX-TEST-SPIN".utf8)
  private static let threadMarker = Array("LIGHTBOX-TEST-THREAD".utf8)
  private static let openMarker = Array("LIGHTBOX-TEST-OPEN-WRITE".utf8)
  private static let memoryMarker = Array("LIGHTBOX-TEST-MEMORY".utf8)
  private static let originMarker = Array("LIGHTBOX-TEST-ORIGIN".utf8)

  /// Crashes or spins when the file at `path` asks for it (and the hooks are on); returns
  /// the reply of a probe that did not end the worker.
  func run(path: String) -> ImageError? {
    guard isEnabled, case .success(let bytes) = ImageDecoder.readFile(path: path),
      FormatSniffer.format(of: bytes) == .webp
    else { return nil }
    if Self.contains(bytes, Self.threadMarker) {
      let error = lb_sandbox_probe_thread()
      return ImageError(error == 0 ? "test thread ran" : "test thread failed (\(error))")
    }
    if Self.contains(bytes, Self.originMarker) {
      return ImageError(forked ? "forked worker" : "started worker")
    }
    if Self.contains(bytes, Self.memoryMarker) {
      let block = UnsafeMutableRawPointer.allocate(byteCount: 3 << 30, alignment: 16)
      block.deallocate()
      return ImageError("allocated")
    }
    if Self.contains(bytes, Self.openMarker) {
      let error = lb_sandbox_probe_open_for_writing()
      return ImageError("opened for writing: \(error == 0 ? "yes" : "no (\(error))")")
    }
    if Self.contains(bytes, Self.abortMarker) { abort() }
    if Self.contains(bytes, Self.spinMarker) {
      // A call the optimiser cannot remove, so the loop really burns CPU until killed.
      while true { _ = lb_sandbox_cpu_milliseconds() }
    }
    return nil
  }

  private static func contains(_ bytes: [UInt8], _ marker: [UInt8]) -> Bool {
    guard bytes.count >= marker.count else { return false }
    for start in 0...(bytes.count - marker.count)
    where bytes[start] == marker[0] && Array(bytes[start..<(start + marker.count)]) == marker {
      return true
    }
    return false
  }
}
