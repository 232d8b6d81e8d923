import PhotoModel

/// What grouping asks of the photos it groups, photo by number: one algorithm for a list of
/// `PhotoPrint`s (`lightbox duplicates`, the tests) and for the browser's compact
/// `PrintTable` (issue 32 §6), so the two cannot group differently.
protocol PrintSource {
  var count: Int { get }
  /// The first word of photo `i`'s digest, nil when it has none.
  func digestWord(_ i: Int) -> UInt64?
  /// Both have a digest and they are equal.
  func sameDigest(_ i: Int, _ j: Int) -> Bool
  func hash(_ i: Int) -> PerceptualHash?
  func flatColour(_ i: Int) -> RGB?
  func hasCamera(_ i: Int) -> Bool
  /// The same camera (or both none).
  func sameCamera(_ i: Int, _ j: Int) -> Bool
  /// `i`'s camera sorts before `j`'s (both have one).
  func cameraPrecedes(_ i: Int, _ j: Int) -> Bool
  func pixelSize(_ i: Int) -> PixelSize?
  func shotMilliseconds(_ i: Int) -> Int64?
  /// `i`'s path sorts before `j`'s (`String`'s `<`): what breaks a tie of two instants.
  func pathPrecedes(_ i: Int, _ j: Int) -> Bool
}

/// The prints themselves.
struct PrintList: PrintSource {
  let prints: [PhotoPrint]

  var count: Int { prints.count }
  func digestWord(_ i: Int) -> UInt64? { prints[i].digest?.words.0 }
  func sameDigest(_ i: Int, _ j: Int) -> Bool {
    prints[i].digest != nil && prints[i].digest == prints[j].digest
  }
  func hash(_ i: Int) -> PerceptualHash? { prints[i].hash }
  func flatColour(_ i: Int) -> RGB? { prints[i].flatColour }
  func hasCamera(_ i: Int) -> Bool { prints[i].camera != nil }
  func sameCamera(_ i: Int, _ j: Int) -> Bool { prints[i].camera == prints[j].camera }
  func cameraPrecedes(_ i: Int, _ j: Int) -> Bool { prints[i].camera! < prints[j].camera! }
  func pixelSize(_ i: Int) -> PixelSize? { prints[i].pixelSize }
  func shotMilliseconds(_ i: Int) -> Int64? { prints[i].shotMilliseconds }
  func pathPrecedes(_ i: Int, _ j: Int) -> Bool { prints[i].path < prints[j].path }
}
