import CLCMS2

/// Colour profiles for tests of colour management.
public enum DisplayP3 {
  /// Display P3 (DCI-P3 primaries, D65 white, the sRGB tone curve: what iPhones embed), as
  /// ICC bytes made by lcms2; nil when lcms2 cannot build it.
  public static func profile() -> [UInt8]? {
    var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
    var primaries = cmsCIExyYTRIPLE(
      Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
      Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
    var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
    guard let curve = cmsBuildParametricToneCurve(nil, 4, &parameters) else { return nil }
    defer { cmsFreeToneCurve(curve) }
    var curves: [OpaquePointer?] = [curve, curve, curve]
    guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else { return nil }
    defer { cmsCloseProfile(profile) }
    _ = cmsMD5computeID(profile)
    var size: UInt32 = 0
    guard cmsSaveProfileToMem(profile, nil, &size) != 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(size))
    guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return nil }
    return bytes
  }

  /// `jpeg` with `profile` spliced in as one APP2 ICC_PROFILE segment after SOI.
  public static func tagged(_ jpeg: [UInt8], profile: [UInt8]) -> [UInt8] {
    let payload = Array("ICC_PROFILE\0".utf8) + [1, 1] + profile
    let length = payload.count + 2
    return [0xFF, 0xD8, 0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
      + jpeg.dropFirst(2)
  }
}
