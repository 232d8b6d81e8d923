import Pixels
import PhotoModel
import Synchronization

/// A picture for the kitty graphics protocol: an image id and the bytes that transmit it
/// once; placing it again later costs a few dozen bytes (`KittyDriver`).
public struct KittyImage: Sendable {
  /// The terminal's id of this image, unique in the process.
  public let id: UInt32
  /// The picture's size in pixels.
  public let pixelSize: PixelSize
  /// The cells it covers (columns × rows), rounded up.
  public let cellSize: PixelSize
  /// The chunked `a=t` commands that hand the pixels to the terminal in the stream; empty
  /// when the picture goes as a file (`filePNG`).
  public let transmission: [UInt8]
  /// The PNG to hand over as a temporary file (`KittyMedium.temporaryFile`), else nil.
  public let filePNG: [UInt8]?
  /// Where files go, for `filePNG`.
  let fileDirectory: String?

  /// Bytes a base64 chunk may hold: the protocol's limit for one escape code.
  public static let chunkBytes = 4096

  /// Ids handed out so far: every encode gets a new one, so two pictures never share an id
  /// (the picture cache keeps one picture per image key, so a tile keeps its id). The first
  /// is random, as `kitty +kitten icat` picks them: two runs of `lightbox show` in one kitty
  /// window both counting from 1 replaced the first run's picture with the second's.
  private static let lastID = Atomic<UInt32>(UInt32.random(in: 1..<(1 << 24)))

  /// A fresh image id (never 0, which the protocol reserves; wraps after 4 billion).
  static func nextID() -> UInt32 {
    var id = lastID.add(1, ordering: .relaxed).newValue
    while id == 0 || id == UInt32(ControlSequence.kittyQueryID) {
      id = lastID.add(1, ordering: .relaxed).newValue
    }
    return id
  }

  /// Encodes `bitmap` as PNG (`f=100`, Lightbox's fast writer), base64 in chunks of
  /// `chunkBytes`, with a new id. PNG rather than raw RGB: 2.5× fewer bytes for tiles and
  /// 4.7× for detail photos, for less encoding time (see docs/DECISIONS.md). Raw RGB
  /// (`f=24`, alpha dropped: the pipeline composites every picture already) only when the
  /// PNG writer refuses the bitmap.
  public init(bitmap: Bitmap, cell: PixelSize, medium: KittyMedium = .stream) {
    self.init(bitmap: bitmap, cell: cell, id: Self.nextID(), medium: medium)
  }

  init(
    bitmap: Bitmap, cell: PixelSize, id: UInt32, png: Bool = true, medium: KittyMedium = .stream
  ) {
    self.id = id
    pixelSize = bitmap.size
    cellSize = SixelImage.cells(covering: bitmap.size, cell: cell)
    let payload: [UInt8]
    let format: ControlSequence.KittyFormat
    if png, case .success(let encoded) = PNGEncoder.encodeFast(bitmap) {
      if case .temporaryFile(let directory) = medium {
        filePNG = encoded
        fileDirectory = directory
        transmission = []
        return
      }
      payload = Base64.encode(encoded)
      format = .png
    } else {
      payload = Base64.encode(Self.rgb(of: bitmap))
      format = .rgb(width: bitmap.width, height: bitmap.height)
    }
    filePNG = nil
    fileDirectory = nil
    transmission = Self.stream(id: id, format: format, payload: payload)
  }

  /// The bytes that transmit the image now. A file picture writes a new file each time (the
  /// terminal deletes the file it read) and gives its path in `file`; when the file cannot be
  /// written, the PNG goes in the stream instead.
  public func transmissionBytes(file: inout String?) -> [UInt8] {
    file = nil
    guard let filePNG, let fileDirectory else { return transmission }
    guard let path = KittyMedium.writeTemporaryFile(filePNG, in: fileDirectory) else {
      return Self.stream(id: id, format: .png, payload: Base64.encode(filePNG))
    }
    file = path
    return ControlSequence.kittyCommand(
      "a=t,i=\(id),f=100,t=t,q=2", payload: Base64.encode(Array(path.utf8))[...])
  }

  /// The chunked `a=t` commands of `payload` (base64) in the stream.
  static func stream(id: UInt32, format: ControlSequence.KittyFormat, payload: [UInt8])
    -> [UInt8]
  {
    var out: [UInt8] = []
    out.reserveCapacity(payload.count + payload.count / Self.chunkBytes * 16 + 80)
    var start = 0
    repeat {
      let end = min(payload.count, start + Self.chunkBytes)
      let more = end < payload.count
      let keys =
        start == 0
        ? ControlSequence.kittyTransmitKeys(id: id, format: format, more: more)
        : ControlSequence.kittyContinuationKeys(more: more)
      out += ControlSequence.kittyCommand(keys, payload: payload[start..<end])
      start = end
    } while start < payload.count
    return out
  }

  /// The pixels as R, G, B bytes.
  static func rgb(of bitmap: Bitmap) -> [UInt8] {
    var rgb = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 3)
    bitmap.pixels.withUnsafeBufferPointer { source in
      rgb.withUnsafeMutableBufferPointer { target in
        var s = 0
        var t = 0
        while t < target.count {
          target[t] = source[s]
          target[t + 1] = source[s + 1]
          target[t + 2] = source[s + 2]
          s += 4
          t += 3
        }
      }
    }
    return rgb
  }

  /// Pixel bytes the terminal keeps for this image (kitty holds 4 per pixel once decoded):
  /// what the LRU budgets.
  public var storedBytes: Int { pixelSize.width * pixelSize.height * 4 }
}
