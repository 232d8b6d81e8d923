#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Pixels
import Decoders
import DecodeWorker
import ThumbnailCache
import PhotoMetadata
import PhotoModel
import Settings
import TerminalGraphics
import TerminalUI

/// `lightbox show FILE…`: prints pictures inline and exits, like timg or chafa.
public enum ShowCommand {
  /// What to show and how.
  public struct Options: Sendable {
    public var files: [String]
    public var graphics: GraphicsMode
    /// Width in columns; nil: the terminal's width.
    public var columns: Int?
    /// Most rows a picture may take; nil: no limit (the width decides).
    public var rows: Int?
    /// Which sixel encoder draws: by picture size like the browser (`auto`), or forced.
    public var sixelEncoder: SixelEncoderChoice

    public init(
      files: [String], graphics: GraphicsMode = .auto, columns: Int? = nil, rows: Int? = nil,
      sixelEncoder: SixelEncoderChoice = .auto
    ) {
      self.files = files
      self.graphics = graphics
      self.columns = columns
      self.rows = rows
      self.sixelEncoder = sixelEncoder
    }
  }

  /// Runs the command: probes the terminal when the output is one, draws each file in
  /// turn to standard output and reports bad files on standard error. Returns the exit
  /// status: 0, or 1 when any file failed.
  public static func run(_ options: Options, environment: [String: String]) -> Int32 {
    let renderer = renderer(options, environment: environment)
    var failures = 0
    for path in options.files {
      switch renderer.render(path: path) {
      case .success(let bytes):
        writeAll(STDOUT_FILENO, bytes)
      case .failure(let error):
        failures += 1
        writeAll(STDERR_FILENO, Array(errorLine(path: path, reason: error.reason).utf8))
      }
    }
    return failures == 0 ? 0 : 1
  }

  /// A renderer for standard output: the decode worker started (and warmed for
  /// `options.files`) while the terminal, when the output is one, is asked what it draws.
  public static func renderer(_ options: Options, environment: [String: String]) -> Renderer {
    let decoder = CommandSupport.photoDecoder()
    decoder.prewarm(for: options.files)
    let outputIsTerminal = isatty(STDOUT_FILENO) != 0
    // Keys typed during the probe are dropped: `show` reads no input.
    let probe = CapabilityProbe.run(environment: environment, ask: outputIsTerminal)
    var capabilities = probe.capabilities
    if capabilities.environment.insideTmux && outputIsTerminal {
      capabilities.tmuxPassthrough = TmuxPassthrough.ask(.live)
    }
    return Renderer(
      capabilities: capabilities, options: options, environment: environment, decoder: decoder)
  }

  /// `lightbox: NAME: reason` with control characters in the name (and the reason, which
  /// may quote file content) made visible.
  public static func errorLine(path: String, reason: String) -> String {
    "lightbox: \(TerminalText.sanitize(path)): \(TerminalText.sanitize(reason))\n"
  }

  /// Turns files into terminal bytes for one terminal: every file decoded through the one
  /// `PhotoDecoder` (risky formats in the sandboxed worker, whatever the protocol), every
  /// picture drawn by the session's `GraphicsDriver`, placed inline at the cursor.
  public struct Renderer: Sendable {
    /// The protocol, from the probe (`TerminalCapabilities.pictureFormat`).
    public var format: PictureFormat
    public var columns: Int
    public var rows: Int?
    /// The terminal's largest sixel image, when it said.
    public var maxSixel: PixelSize?
    /// Decodes the files (risky formats in a worker process).
    public var decoder: PhotoDecoder
    /// The terminal's cell in pixels (half-blocks are shaped to it).
    public var cell: PixelSize

    public init(
      capabilities: TerminalCapabilities, options: Options, environment: [String: String],
      decoder: PhotoDecoder
    ) {
      self.decoder = decoder
      // Inline pictures go in the stream: a temporary file would outlive a piped `show`.
      format = capabilities.pictureFormat(
        requested: options.graphics, colorDepth: ColorDepth.detect(environment: environment),
        kittyMedium: .stream, sixelEncoder: options.sixelEncoder)
      let terminalColumns =
        capabilities.windowSize?.columns ?? environment["COLUMNS"].flatMap { Int($0) } ?? 80
      columns = min(max(1, options.columns ?? terminalColumns), ShowLayout.maxColumns)
      rows = options.rows
      maxSixel = capabilities.maxSixelSize
      cell = capabilities.cellSize
    }

    /// The bytes that draw the file at `path`, ending with a newline.
    public func render(path: String) -> Result<[UInt8], ImageError> {
      let orientation = (try? MetadataReader.read(contentsOf: path).get())?.orientation ?? .up
      var driver = format.driver
      let box: PixelSize
      switch format {
      case .halfBlock:
        // Whole cells of two square pixels: decoded square, then shaped to the cell.
        box = ShowLayout.halfBlockBox(columns: columns, rows: rows, cell: cell)
      case .sixel:
        box = ShowLayout.sixelBox(columns: columns, rows: rows, cell: cell, maxSixel: maxSixel)
      case .kitty, .kittyPlaceholders, .iTerm2:
        box = ShowLayout.sixelBox(columns: columns, rows: rows, cell: cell, maxSixel: nil)
      }
      let options = DecodeOptions(target: box, mode: .fit, quality: .best, orientation: orientation)
      return decoder.decode(path: path, options: options).flatMap { decoded in
        var bitmap = decoded
        if case .halfBlock = format {
          bitmap = bitmap.resized(to: ShowLayout.halfBlockPixels(for: bitmap.size, cell: cell))
        }
        return driver.encode(bitmap).map { picture in
          var bytes: [UInt8] = []
          driver.placeInline(picture, into: &bytes)
          return bytes
        }
      }
    }
  }

  /// Writes everything, retrying short writes and EINTR; gives up on other errors.
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += n
    }
  }
}
