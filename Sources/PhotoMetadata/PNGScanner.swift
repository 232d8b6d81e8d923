import PhotoModel

/// Walks the chunks of a PNG: IHDR size, eXIf (TIFF), the "Creation Time" text of
/// uncompressed tEXt/iTXt chunks and the dates of an uncompressed iTXt XMP packet.
enum PNGScanner {
  /// What the walk found.
  typealias Found = (size: PixelSize?, exif: ExifFields?, creation: String?, xmp: XMPDates?)

  static func scan(_ b: ByteView) -> Found {
    var size: PixelSize?
    var exif: ExifFields?
    var creation: String?
    var xmp: XMPDates?
    var pos = 8  // after the signature
    while let length = b.u32be(pos), let type = b.fourCC(pos + 4) {
      // Chunk lengths above 2^31-1 are invalid by the specification: the structure is lost.
      guard length <= 0x7FFF_FFFF else { break }
      let data = pos + 8
      let end = data + length
      let available = min(end, b.count)
      switch type {
      case fourCC("IHDR"):
        if size == nil, length >= 8, let width = b.u32be(data), let height = b.u32be(data + 4) {
          size = PixelSize(width: width, height: height)
        }
      case fourCC("eXIf"):
        // Some writers keep the JPEG APP1 "Exif\0\0" prefix in the chunk.
        let start = b.matches("Exif\0\0", at: data) ? data + 6 : data
        if exif == nil,
          let tiff = TIFFBlock(bytes: b, start: start, end: available, truncated: end > b.count)
        {
          exif = ExifParser.parse(tiff)
        }
      case fourCC("tEXt"):
        if creation == nil { creation = textValue(b, data..<available, international: false) }
      case fourCC("iTXt"):
        if creation == nil { creation = textValue(b, data..<available, international: true) }
        if xmp == nil, let text = textRange(b, data..<available, keyword: "XML:com.adobe.xmp") {
          xmp = XMPDates(b, text)
        }
      case fourCC("IEND"):
        return (size, exif, creation, xmp)
      default:
        break
      }
      pos = end + 4  // skip the CRC
    }
    return (size, exif, creation, xmp)
  }

  /// The text of a "Creation Time" chunk, nil for other keywords and compressed iTXt.
  private static func textValue(_ b: ByteView, _ range: Range<Int>, international: Bool)
    -> String?
  {
    guard let keywordEnd = nul(in: b, range), b.matchesKeyword(range.lowerBound, keywordEnd)
    else { return nil }
    if !international { return b.latin1String((keywordEnd + 1)..<range.upperBound) }
    return textRange(b, range, keyword: "Creation Time").map { b.string($0) }
  }

  /// The byte range of the text of an uncompressed iTXt chunk with `keyword`: after the
  /// keyword NUL, compression flag, method, language NUL and translated keyword NUL.
  static func textRange(_ b: ByteView, _ range: Range<Int>, keyword: String) -> Range<Int>? {
    guard let keywordEnd = nul(in: b, range),
      b.string(range.lowerBound..<keywordEnd) == keyword
    else { return nil }
    let flag = keywordEnd + 1
    guard flag + 2 <= range.upperBound, b.byte(flag) == 0,
      let languageEnd = nul(in: b, (flag + 2)..<range.upperBound),
      let translatedEnd = nul(in: b, (languageEnd + 1)..<range.upperBound)
    else { return nil }
    return (translatedEnd + 1)..<range.upperBound
  }

  private static func nul(in b: ByteView, _ range: Range<Int>) -> Int? {
    for i in range where b.byte(i) == 0 { return i }
    return nil
  }
}

extension ByteView {
  /// True when the bytes `start..<end` are the keyword "Creation Time".
  fileprivate func matchesKeyword(_ start: Int, _ end: Int) -> Bool {
    end - start == 13 && matches("Creation Time", at: start)
  }
}
