import PhotoModel

/// Recognises a file format from its first bytes (magic numbers, ISO-BMFF brands, TIFF
/// structure), never from the file name.
public enum FormatSniffer {
  /// The format of a file whose head is `bytes`, or nil when unknown.
  public static func format(of bytes: [UInt8]) -> MediaFormat? {
    bytes.withUnsafeBytes { format(of: $0) }
  }

  /// The format of a file whose head is `buffer`, or nil when unknown.
  public static func format(of buffer: UnsafeRawBufferPointer) -> MediaFormat? {
    format(of: ByteView(buffer))
  }

  static func format(of b: ByteView) -> MediaFormat? {
    if b.count >= 3, b.byte(0) == 0xFF, b.byte(1) == 0xD8, b.byte(2) == 0xFF { return .jpeg }
    if b.u8(0) == 0x89, b.matches("PNG\r\n\u{1A}\n", at: 1) { return .png }
    if b.matches("GIF87a", at: 0) || b.matches("GIF89a", at: 0) { return .gif }
    if b.matches("RIFF", at: 0) {
      if b.matches("WEBP", at: 8) { return .webp }
      if b.matches("AVI ", at: 8) { return .video }
      return nil
    }
    if b.matches("ftyp", at: 4) { return isoBMFFFormat(b) }
    if b.matches("FUJIFILMCCD-RAW", at: 0) { return .raw }
    if let tiff = tiffFormat(b) { return tiff }
    // Matroska / WebM EBML header.
    if b.count >= 4, b.byte(0) == 0x1A, b.byte(1) == 0x45, b.byte(2) == 0xDF, b.byte(3) == 0xA3 {
      return .video
    }
    // Old QuickTime movies start with a movie or media box and no ftyp.
    if b.matches("moov", at: 4) || b.matches("mdat", at: 4) || b.matches("wide", at: 4) {
      return .video
    }
    return nil
  }

  /// HEIF/AVIF stills, AVIF sequences, Canon CR3, or MP4/QuickTime video, from the ftyp
  /// brands: the major brand decides when known, else the first known compatible brand. A
  /// generic HEIF major brand (`mif1`, `msf1`, `mif2`) says nothing about the codec,
  /// so an `avif` or `avis` compatible brand makes it AVIF (a sequence brand first for
  /// `msf1`, which is itself the sequence brand).
  private static func isoBMFFFormat(_ b: ByteView) -> MediaFormat? {
    let compatible = compatibleBrands(b)
    if let major = b.fourCC(8), let format = brandFormat(major) {
      guard genericHEIFBrands.contains(major) else { return format }
      let order =
        major == fourCC("msf1")
        ? [(fourCC("avis"), MediaFormat.avifSequence), (fourCC("avif"), .avif)]
        : [(fourCC("avif"), MediaFormat.avif), (fourCC("avis"), .avifSequence)]
      for (brand, avif) in order where compatible.contains(brand) { return avif }
      return format
    }
    for brand in compatible {
      if let format = brandFormat(brand) { return format }
    }
    return nil
  }

  /// The ftyp box's compatible brands in the head (at most the first 256 bytes).
  private static func compatibleBrands(_ b: ByteView) -> [UInt32] {
    guard let size = b.u32be(0), size >= 16 else { return [] }
    var brands: [UInt32] = []
    var at = 16  // after size, "ftyp", major brand, minor version
    while at + 4 <= min(size, b.count, 256) {
      if let brand = b.fourCC(at) { brands.append(brand) }
      at += 4
    }
    return brands
  }

  private static let genericHEIFBrands: Set<UInt32> = [
    fourCC("mif1"), fourCC("msf1"), fourCC("mif2"),
  ]

  private static let stillBrands: Set<UInt32> = [
    fourCC("heic"), fourCC("heix"), fourCC("heim"), fourCC("heis"), fourCC("hevc"),
    fourCC("hevx"), fourCC("hevm"), fourCC("hevs"), fourCC("mif1"), fourCC("msf1"),
    fourCC("mif2"), fourCC("MiHE"), fourCC("MiHB"), fourCC("MiHA"),
  ]

  private static let videoBrands: Set<UInt32> = [
    fourCC("isom"), fourCC("iso2"), fourCC("iso3"), fourCC("iso4"), fourCC("iso5"),
    fourCC("iso6"), fourCC("iso7"), fourCC("iso8"), fourCC("iso9"), fourCC("mp41"),
    fourCC("mp42"), fourCC("mp71"), fourCC("avc1"), fourCC("qt  "), fourCC("M4V "),
    fourCC("M4VH"), fourCC("M4VP"), fourCC("3gp4"), fourCC("3gp5"), fourCC("3gp6"),
    fourCC("3gp7"), fourCC("3gp8"), fourCC("3gp9"), fourCC("3g2a"), fourCC("3g2b"),
    fourCC("3g2c"), fourCC("3ge6"), fourCC("3ge7"), fourCC("3gs7"), fourCC("dash"),
    fourCC("MSNV"), fourCC("f4v "), fourCC("XAVC"), fourCC("NDAS"), fourCC("mmp4"),
    fourCC("CAEP"), fourCC("MQT "),
  ]

  private static func brandFormat(_ brand: UInt32) -> MediaFormat? {
    if brand == fourCC("crx ") { return .raw }  // Canon CR3
    if brand == fourCC("avif") { return .avif }
    if brand == fourCC("avis") { return .avifSequence }
    if stillBrands.contains(brand) { return .heic }
    if videoBrands.contains(brand) { return .video }
    return nil
  }

  /// TIFF, or a RAW format built on TIFF. CR2 has "CR" at offset 8; ORF and RW2 change the
  /// magic; DNG, NEF, ARW, PEF… are plain TIFF whose IFD0 is a preview (a DNGVersion or
  /// SubIFDs tag, or NewSubfileType 1), which scanned TIFFs do not have.
  private static func tiffFormat(_ b: ByteView) -> MediaFormat? {
    if b.matches("IIRO", at: 0) || b.matches("IIRS", at: 0) || b.matches("MMOR", at: 0)
      || b.matches("IIU\0", at: 0)
    {
      return .raw
    }
    // BigTIFF (magic 43) is a scanner's or a microscope's format, never a camera's.
    if b.matches("II+\0", at: 0) || b.matches("MM\0+", at: 0) { return .tiff }
    guard b.matches("II*\0", at: 0) || b.matches("MM\0*", at: 0),
      let tiff = TIFFBlock(bytes: b, start: 0, end: b.count, truncated: true)
    else { return nil }
    if b.matches("CR", at: 8) { return .raw }
    var looksRaw = false
    if let ifd0 = tiff.firstIFDOffset {
      _ = tiff.walkIFD(at: ifd0) { entry in
        switch entry.tag {
        case 0xC612, 0x014A: looksRaw = true
        case 0x00FE: if tiff.integer(entry) == 1 { looksRaw = true }
        default: break
        }
      }
    }
    return looksRaw ? .raw : .tiff
  }
}
