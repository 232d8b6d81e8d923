import Pixels
import CLCMS2
import Foundation

/// Converts pixels from an image's own colour space to sRGB with lcms2, so a Display P3
/// iPhone photo or an Adobe RGB camera JPEG looks as it does in a colour-managed viewer.
///
/// sRGB and untagged images take a fast path with no transform at all; a transform is made
/// once per distinct profile and kept (lcms2 transforms made with `cmsFLAGS_NOCACHE` may
/// be shared between threads). Profiles that are not RGB (grey, CMYK) are left alone: the
/// decoders have already made RGB of those pixels.
enum ColorConversion {
  /// Converts `bitmap` (opaque RGBA) in place from `source` to sRGB; a profile lcms2
  /// cannot read, or one that already is sRGB, leaves it untouched.
  static func toSRGB(_ bitmap: inout Bitmap, from source: ColorSource) {
    guard let transform = cache.transform(for: source) else { return }
    let count = bitmap.width * bitmap.height
    // Packed RGB, not RGBA: lcms2 takes its optimised 8-bit matrix-shaper path only for
    // formats without extra channels (half the time per pixel, measured with lcms 2.14);
    // the pixels are opaque by now, so alpha needs no transform.
    var rgb = [UInt8](repeating: 0, count: count * 3)
    bitmap.pixels.withUnsafeMutableBufferPointer { rgba in
      rgb.withUnsafeMutableBufferPointer { packed in
        for i in 0..<count {
          packed[i * 3] = rgba[i * 4]
          packed[i * 3 + 1] = rgba[i * 4 + 1]
          packed[i * 3 + 2] = rgba[i * 4 + 2]
        }
        // The cache may drop the transform meanwhile: this reference keeps it alive.
        withExtendedLifetime(transform) {
          LibLCMS2.functions.cmsDoTransform(
            transform.handle, packed.baseAddress, packed.baseAddress, UInt32(count))
        }
        for i in 0..<count {
          rgba[i * 4] = packed[i * 3]
          rgba[i * 4 + 1] = packed[i * 3 + 1]
          rgba[i * 4 + 2] = packed[i * 3 + 2]
        }
      }
    }
  }

  /// True when `source` would change pixels (not sRGB, readable, RGB).
  static func converts(_ source: ColorSource) -> Bool { cache.transform(for: source) != nil }

  private static let cache = TransformCache()
}

/// lcms2 transforms by profile, made once; nil entries remember "nothing to do".
private final class TransformCache: @unchecked Sendable {
  /// An lcms2 transform handle, deleted when the cache has dropped it and no conversion
  /// holds it (the cache starts over past 256 profiles: before, those handles leaked, 2 GB
  /// in a million fuzzed profiles).
  final class Transform: @unchecked Sendable {
    let handle: cmsHTRANSFORM
    init(_ handle: cmsHTRANSFORM) { self.handle = handle }
    deinit { LibLCMS2.functions.cmsDeleteTransform(handle) }
  }

  private let lock = NSLock()
  private var transforms: [ColorSource: Transform?] = [:]

  func transform(for source: ColorSource) -> Transform? {
    lock.lock()
    defer { lock.unlock() }
    if let known = transforms[source] { return known }
    // A few dozen distinct profiles at most in a real library; a bound all the same.
    if transforms.count > 256 { transforms.removeAll() }
    let made = Self.make(source).map(Transform.init)
    transforms[source] = made
    return made
  }

  private static func make(_ source: ColorSource) -> cmsHTRANSFORM? {
    // Without lcms2 (a missing package) the pixels stay as decoded.
    guard LibLCMS2.library.failure == nil, let input = profile(source) else { return nil }
    defer { _ = LibLCMS2.functions.cmsCloseProfile(input) }
    guard LibLCMS2.functions.cmsGetColorSpace(input) == cmsSigRgbData, !isSRGB(input) else {
      return nil
    }
    guard let srgb = LibLCMS2.functions.cmsCreate_sRGBProfile() else { return nil }
    defer { _ = LibLCMS2.functions.cmsCloseProfile(srgb) }
    let format = lb_cms_type_rgb_8()
    let flags = UInt32(cmsFLAGS_NOCACHE)
    return LibLCMS2.functions.cmsCreateTransform(
      input, format, srgb, format, UInt32(INTENT_PERCEPTUAL), flags)
  }

  private static func profile(_ source: ColorSource) -> cmsHPROFILE? {
    switch source {
    case .icc(let bytes):
      return bytes.withUnsafeBytes {
        LibLCMS2.functions.cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count))
      }
    case .primaries(let code, let red, let green, let blue, let white):
      // 1 is BT.709 (sRGB's primaries), 2 unspecified: nothing to convert.
      guard code != 1, code != 2 else { return nil }
      var whitePoint = cmsCIExyY(x: white.0, y: white.1, Y: 1)
      var primaries = cmsCIExyYTRIPLE(
        Red: cmsCIExyY(x: red.0, y: red.1, Y: 1), Green: cmsCIExyY(x: green.0, y: green.1, Y: 1),
        Blue: cmsCIExyY(x: blue.0, y: blue.1, Y: 1))
      // The sRGB tone curve (IEC 61966-2-1) for every channel: phones tag P3 with it.
      var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
      guard let curve = LibLCMS2.functions.cmsBuildParametricToneCurve(nil, 4, &parameters) else {
        return nil
      }
      defer { LibLCMS2.functions.cmsFreeToneCurve(curve) }
      var curves: [OpaquePointer?] = [curve, curve, curve]
      return LibLCMS2.functions.cmsCreateRGBProfile(&whitePoint, &primaries, &curves)
    }
  }

  /// True for the sRGB profiles cameras and editors embed (the description says so).
  private static func isSRGB(_ profile: cmsHPROFILE) -> Bool {
    var text = [CChar](repeating: 0, count: 256)
    let length = LibLCMS2.functions.cmsGetProfileInfoASCII(
      profile, cmsInfoDescription, "en", "US", &text, 256)
    guard length > 0 else { return false }
    let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let description = String(decoding: bytes, as: UTF8.self).lowercased()
    return description.contains("srgb") && !description.contains("display")
  }
}
