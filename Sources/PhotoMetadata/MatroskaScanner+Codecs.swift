extension MatroskaScanner {
  /// Matroska codec IDs and the names FFmpeg (and so ffprobe) gives them.
  private static let codecNames: [String: String] = [
    "V_MPEG4/ISO/AVC": "h264", "V_MPEGH/ISO/HEVC": "hevc", "V_MPEGI/ISO/VVC": "vvc",
    "V_MPEG4/ISO/ASP": "mpeg4", "V_MPEG4/ISO/SP": "mpeg4", "V_MPEG4/ISO/AP": "mpeg4",
    "V_MPEG4/MS/V3": "msmpeg4v3", "V_MPEG1": "mpeg1video", "V_MPEG2": "mpeg2video",
    "V_VP8": "vp8", "V_VP9": "vp9", "V_AV1": "av1", "V_THEORA": "theora", "V_MJPEG": "mjpeg",
    "V_PRORES": "prores", "V_FFV1": "ffv1", "V_UNCOMPRESSED": "rawvideo", "V_DIRAC": "dirac",
    "V_REAL/RV10": "rv10", "V_REAL/RV20": "rv20", "V_REAL/RV30": "rv30", "V_REAL/RV40": "rv40",
  ]

  /// The codec of a video track as FFmpeg names it: from the codec ID, or for the two
  /// compatibility IDs from the four-character code in `CodecPrivate` (a Video for Windows
  /// BITMAPINFOHEADER, a QuickTime sample description).
  static func codecName(_ codecID: String, _ b: ByteView, privateData: Range<Int>?) -> String? {
    if let name = codecNames[codecID] { return name }
    if codecID == "V_MS/VFW/FOURCC", let privateData,
      let code = b.fourCC(privateData.lowerBound + 16), privateData.count >= 20
    {
      return AVIScanner.codecName(code)
    }
    if codecID == "V_QUICKTIME", let privateData, let code = b.fourCC(privateData.lowerBound + 4),
      privateData.count >= 8
    {
      return QuickTimeScanner.codecName(code)
    }
    // Printable ASCII only: nothing from a file reaches the terminal as a control code.
    var name = codecID.hasPrefix("V_") ? String(codecID.dropFirst(2)) : codecID
    name = String(
      name.unicodeScalars.filter { $0.value > 32 && $0.value < 127 }.map(Character.init))
    return name.isEmpty ? nil : name.lowercased()
  }
}
