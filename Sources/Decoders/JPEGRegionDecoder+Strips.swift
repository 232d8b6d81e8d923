import Pixels
import CJPEGRegion

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A large region decoded as two strips on two threads, each with its own libjpeg
/// decompressor over the same bytes.
///
/// The lower strip still Huffman-decodes every row above it (a baseline JPEG's entropy data
/// can only be read in order), so it is made the shorter one: measured on a 24 MP camera-like
/// JPEG zoomed one step from fit (`lightbox-bench loupe`), a 60/40 split gave the lowest
/// wait of the splits tried.
extension JPEGRegionDecoder {
  /// Regions of at least this many scaled pixels are worth a second thread.
  public static let stripPixels = 1 << 20

  /// The scaled rows of each strip: one strip for small regions, two for large ones.
  public static func stripRows(top: Int, height: Int, width: Int) -> [Range<Int>] {
    guard width * height >= stripPixels, height >= 64 else { return [top..<(top + height)] }
    let split = height * 3 / 5
    return [top..<(top + split), (top + split)..<(top + height)]
  }

  /// What each strip's decode gave; each thread writes only its own slot.
  final class StripResults: @unchecked Sendable {
    private let count: Int
    private let slots: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
    private let infos: UnsafeMutablePointer<lb_jpeg_region_info>
    private let errors: UnsafeMutablePointer<[CChar]>

    init(count: Int) {
      self.count = count
      slots = .allocate(capacity: count)
      slots.initialize(repeating: nil, count: count)
      infos = .allocate(capacity: count)
      infos.initialize(repeating: lb_jpeg_region_info(), count: count)
      errors = .allocate(capacity: count)
      errors.initialize(repeating: [], count: count)
    }

    /// Decodes strip `i` (scaled coordinates) into its slot.
    func decode(
      _ i: Int, buffer: UnsafeBufferPointer<UInt8>, numerator: Int, x: Int, y: Int, width: Int,
      height: Int
    ) {
      var message = [CChar](repeating: 0, count: 200)
      let status = lb_jpeg_region(
        buffer.baseAddress, buffer.count, Int32(numerator), Int32(x), Int32(y), Int32(width),
        Int32(height), &slots[i], &infos[i], &message, message.count)
      // Never empty once set: an empty message still marks the failure.
      if status != 0 || slots[i] == nil { errors[i] = message + [0] }
    }

    /// The first strip's failure reason ("" when libjpeg gave none), or nil when all worked.
    var failure: String? {
      for i in 0..<count where !errors[i].isEmpty {
        return String(
          decoding: errors[i].prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      return nil
    }

    func info(_ i: Int) -> lb_jpeg_region_info { infos[i] }

    /// Strip `i`'s pixels (present once `failure` is nil).
    func pixels(_ i: Int) -> UnsafeMutablePointer<UInt8> { slots[i]! }

    func release() {
      for i in 0..<count { free(slots[i]) }
      slots.deallocate()
      infos.deallocate()
      errors.deinitialize(count: count)
      errors.deallocate()
    }
  }
}
