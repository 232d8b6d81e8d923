@_spi(Decoders) import Decoders
import PhotoMetadata
import PhotoModel
import Pixels

/// The one way to decode a photo file: formats whose decoders have long CVE histories
/// (`MediaFormat.decodesOutOfProcess`) go to the sandboxed worker processes of `host`; JPEG
/// and PNG decode in this process.
///
/// The browser and every command make one with a host running `/proc/self/exe
/// decode-worker`. Tests and benchmarks that measure the decoders themselves use
/// `inProcess` (SPI `InProcessDecoding`, which `scripts/check-layout` allows only there).
public struct PhotoDecoder: Sendable {
  /// The worker processes; nil only for `inProcess`.
  public let host: DecodeWorkerHost?

  /// Risky formats to `host`'s workers, JPEG and PNG in process.
  public init(host: DecodeWorkerHost) {
    self.host = host
  }

  private init(inProcess: Void) {
    host = nil
  }

  /// Everything in this process, risky formats included: for tests and benchmarks of the
  /// decoders, never for the browser or a command.
  @_spi(InProcessDecoding)
  public static let inProcess = PhotoDecoder(inProcess: ())

  /// Bytes read from a file's head to tell its format: enough for HEIF brands and for a
  /// TIFF's first IFD, which tells RAW from TIFF (both go to the worker either way).
  public static let headSize = 4096

  /// Decodes the file at `path`: its head is sniffed, a risky format goes to a worker.
  public func decode(path: String, options: DecodeOptions) -> Result<Bitmap, ImageError> {
    guard let host else { return ImageDecoder.decode(path: path, options: options) }
    // The head read here tells the worker's kind too: the file is not read for it again.
    if case .success(let head) = ImageFile.prefix(atPath: path, count: Self.headSize),
      let format = FormatSniffer.format(of: head), format.decodesOutOfProcess
    {
      return host.decode(path: path, options: options, kind: DecodeWorkerKind(format: format))
    }
    return ImageDecoder.decodeInProcess(path: path, options: options)
  }

  /// Decodes `bytes`, already read from the file at `path` (by a caller that also reads
  /// metadata from them); a risky format is decoded by a worker from the path.
  public func decode(data bytes: [UInt8], path: String, options: DecodeOptions) -> Result<
    Bitmap, ImageError
  > {
    let format = FormatSniffer.format(of: Array(bytes.prefix(Self.headSize)))
    guard let host else {
      // A video's poster frame is read from its file (the caller may hold only its head).
      if format?.decodesAsMovie == true { return ImageDecoder.decode(path: path, options: options) }
      return ImageDecoder.decode(data: bytes, options: options)
    }
    if format?.decodesOutOfProcess == true {
      return host.decode(path: path, options: options, kind: DecodeWorkerKind(format: format))
    }
    return ImageDecoder.decodeInProcess(data: bytes, options: options)
  }

  /// Starts, in the background, a worker of each kind the files `names` will probably need
  /// (by extension), so the first of them does not wait for its worker to start.
  public func prewarm(for names: some Sequence<String>) {
    guard let host else { return }
    for kind in Self.likelyKinds(of: names) { host.prewarm(kind) }
  }

  /// Forks a worker of each kind the files `names` will probably need (by extension), for a
  /// command at the top of `main`, before it starts a thread (`DecodeWorkerHost.forkWorker`);
  /// a kind that could not be forked is left to `prewarm`.
  public func forkWorkers(for names: some Sequence<String>) {
    guard let host else { return }
    for kind in Self.likelyKinds(of: names) { _ = host.forkWorker(kind) }
  }

  /// The worker kinds the files `names` will probably need, by extension, in the order of
  /// their first file.
  private static func likelyKinds(of names: some Sequence<String>) -> [DecodeWorkerKind] {
    var kinds: [DecodeWorkerKind] = []
    for name in names {
      if let kind = DecodeWorkerKind.likely(forName: name), !kinds.contains(kind) {
        kinds.append(kind)
      }
      if kinds.count == DecodeWorkerKind.allCases.count { break }
    }
    return kinds
  }

  /// True when files of `format` are decoded by a worker with this decoder.
  public func runsOutOfProcess(_ format: MediaFormat?) -> Bool {
    host != nil && format?.decodesOutOfProcess == true
  }

  /// True when a failure `error` from this decoder is the worker's end (a crash, a hang, a
  /// malformed reply) rather than a decoder's answer about the file.
  public static func isWorkerFailure(_ error: ImageError) -> Bool {
    error.reason.hasPrefix("decoder crashed on ") || error.reason.hasPrefix("decoder timed out on ")
      || error.reason.hasPrefix("decoder exited on ")
      || error.reason.hasPrefix("decoder sent a malformed reply")
  }
}
