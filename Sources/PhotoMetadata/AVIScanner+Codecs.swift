extension AVIScanner {
  /// Video for Windows four-character codes (upper-cased) and the names FFmpeg (and so
  /// ffprobe) gives their codecs.
  private static let codecNames: [String: String] = [
    "FMP4": "mpeg4", "XVID": "mpeg4", "DIVX": "mpeg4", "DX50": "mpeg4", "MP4V": "mpeg4",
    "M4S2": "mpeg4", "MP4S": "mpeg4", "3IV2": "mpeg4", "DXGM": "mpeg4", "BLZ0": "mpeg4",
    "MJPG": "mjpeg", "AVRN": "mjpeg", "JPGL": "mjpeg", "DMB1": "mjpeg", "JPEG": "mjpeg",
    "H264": "h264", "X264": "h264", "AVC1": "h264", "DAVC": "h264", "VSSH": "h264",
    "HEVC": "hevc", "H265": "hevc", "HVC1": "hevc", "HEV1": "hevc", "X265": "hevc",
    "DIV3": "msmpeg4v3", "MP43": "msmpeg4v3", "DIV4": "msmpeg4v3", "DIV5": "msmpeg4v3",
    "AP41": "msmpeg4v3", "COL1": "msmpeg4v3", "MP42": "msmpeg4v2", "DIV2": "msmpeg4v2",
    "MPG4": "msmpeg4v1", "MP41": "msmpeg4v1", "DVSD": "dvvideo", "DV25": "dvvideo",
    "DV50": "dvvideo", "CDVC": "dvvideo", "DVHD": "dvvideo", "DVSL": "dvvideo",
    "VP80": "vp8", "VP90": "vp9", "AV01": "av1", "WMV1": "wmv1", "WMV2": "wmv2",
    "WMV3": "wmv3", "WVC1": "vc1", "CVID": "cinepak", "IV50": "indeo5", "IV41": "indeo4",
    "IV31": "indeo3", "IV32": "indeo3", "MPG1": "mpeg1video", "MPG2": "mpeg2video",
    "MPEG": "mpeg2video", "MX5P": "mpeg2video", "FFV1": "ffv1", "HFYU": "huffyuv",
    "FFVH": "ffvhuff", "MSVC": "msvideo1", "CRAM": "msvideo1", "WHAM": "msvideo1",
    "MRLE": "msrle", "PNG1": "png", "MPNG": "png", "TSCC": "tscc", "H263": "h263",
    "U263": "h263", "FLV1": "flv1", "SNOW": "snow", "MAGY": "magicyuv", "UTVD": "utvideo",
    "ULRG": "utvideo", "ULY0": "utvideo", "ULY2": "utvideo", "CFHD": "cfhd",
    "UYVY": "rawvideo", "YUY2": "rawvideo", "YV12": "rawvideo", "I420": "rawvideo",
    "DIB ": "rawvideo", "RAW ": "rawvideo",
  ]

  /// The codec of a BITMAPINFOHEADER `biCompression` code (its first byte first, as stored)
  /// as FFmpeg names it; the small numbers are Windows' own compressions. Unknown codes are
  /// given as their printable four characters.
  static func codecName(_ code: UInt32, handler: UInt32? = nil) -> String {
    // Windows' compressions are little-endian numbers, the codes four characters.
    switch code.byteSwapped {
    case 0, 3: return "rawvideo"  // BI_RGB, BI_BITFIELDS
    case 1, 2: return "msrle"  // BI_RLE8, BI_RLE4
    default: break
    }
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> (24 - 8 * $0)) }
    let key = String(decoding: bytes.map { (97...122).contains($0) ? $0 - 32 : $0 }, as: UTF8.self)
    if let name = codecNames[key] { return name }
    return QuickTimeScanner.codecName(code)
  }
}
