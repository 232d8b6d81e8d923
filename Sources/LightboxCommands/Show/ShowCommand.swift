#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Imaging
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
    let outputIsTerminal = isatty(STDOUT_FILENO) != 0
    // Keys typed during the probe are dropped: `show` reads no input.
    let probe = CapabilityProbe.run(environment: environment, ask: outputIsTerminal)
    var capabilities = probe.capabilities
    if capabilities.environment.insideTmux && outputIsTerminal {
      capabilities.tmuxPassthrough = TmuxPassthrough.ask(.live)
    }
    let renderer = Renderer(
      capabilities: capabilities, options: options, environment: environment,
      decoder: CommandSupport.photoDecoder())
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

  /// `lightbox: NAME: reason` with control characters in the name (and the reason, which
  /// may quote file content) made visible.
  public static func errorLine(path: String, reason: String) -> String {
    "lightbox: \(TerminalText.sanitize(path)): \(TerminalText.sanitize(reason))\n"
  }

  /// Turns files into terminal bytes for one terminal.
  public struct Renderer: Sendable {
    public var capabilities: TerminalCapabilities
    public var mode: GraphicsMode
    public var columns: Int
    public var rows: Int?
    public var depth: ColorDepth
    public var sixelEncoder: SixelEncoderChoice
    /// Decodes the files (risky formats in a worker process when it has a host).
    public var decoder: PhotoDecoder

    public init(
      capabilities: TerminalCapabilities, options: Options, environment: [String: String],
      decoder: PhotoDecoder = PhotoDecoder()
    ) {
      self.capabilities = capabilities
      self.decoder = decoder
      mode = capabilities.graphicsMode(requested: options.graphics)
      let terminalColumns =
        capabilities.windowSize?.columns ?? environment["COLUMNS"].flatMap { Int($0) } ?? 80
      columns = min(max(1, options.columns ?? terminalColumns), ShowLayout.maxColumns)
      rows = options.rows
      sixelEncoder = options.sixelEncoder
      depth = ColorDepth.detect(environment: environment)
    }

    /// The bytes that draw the file at `path`, ending with a newline.
    public func render(path: String) -> Result<[UInt8], ImageError> {
      let orientation = (try? MetadataReader.read(contentsOf: path).get())?.orientation ?? .up
      let cell = capabilities.cellSize
      switch mode {
      case .sixel, .auto:
        let box = ShowLayout.sixelBox(
          columns: columns, rows: rows, cell: cell, maxSixel: capabilities.maxSixelSize)
        let options = DecodeOptions(
          target: box, mode: .fit, quality: .best, orientation: orientation)
        return decoder.decode(path: path, options: options).flatMap { bitmap in
          // Whole picture (no trim to 6-row bands: nothing is drawn under it).
          sixelEncoder.encode(bitmap, colors: capabilities.sixelPaletteSize, cell: cell)
            .map { $0.bytes + Array("\r\n".utf8) }
            .mapError { ImageError($0.reason) }
        }
      case .kitty:
        let box = ShowLayout.sixelBox(columns: columns, rows: rows, cell: cell, maxSixel: nil)
        let options = DecodeOptions(
          target: box, mode: .fit, quality: .best, orientation: orientation)
        return ImageDecoder.decode(path: path, options: options).map { bitmap in
          // Transmitted and shown with the cursor moving past it, as text would; the image
          // stays in the terminal's scrollback like any other output.
          if capabilities.kittyNeedsPlaceholders {
            return KittyPlaceholderDriver.inline(bitmap, cell: cell)
          }
          let image = KittyImage(bitmap: bitmap, cell: cell)
          return image.transmission + ControlSequence.kittyPlaceInline(id: image.id)
            + Array("\r\n".utf8)
        }
      case .iTerm2:
        let box = ShowLayout.sixelBox(columns: columns, rows: rows, cell: cell, maxSixel: nil)
        let options = DecodeOptions(
          target: box, mode: .fit, quality: .best, orientation: orientation)
        return ImageDecoder.decode(path: path, options: options).map { bitmap in
          ITerm2Image(bitmap: bitmap, cell: cell).bytes + Array("\r\n".utf8)
        }
      case .halfBlock:
        let box = ShowLayout.halfBlockBox(columns: columns, rows: rows, cell: cell)
        let options = DecodeOptions(
          target: box, mode: .fit, quality: .best, orientation: orientation)
        return decoder.decode(path: path, options: options).map { bitmap in
          let shaped = bitmap.resized(to: ShowLayout.halfBlockPixels(for: bitmap.size, cell: cell))
          let image = HalfBlockImage(bitmap: shaped, depth: depth)
          var out: [UInt8] = []
          out.reserveCapacity(image.encodedRows.reduce(0) { $0 + $1.count + 1 })
          for row in image.encodedRows {
            out.append(contentsOf: row)
            out.append(0x0A)
          }
          return out
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
