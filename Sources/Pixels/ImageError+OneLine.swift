extension ImageError {
  /// An error whose reason is `text` made safe to show on one terminal line.
  ///
  /// Library messages (libjpeg, libpng) can carry newlines or bytes taken from the file
  /// (chunk names); control characters become spaces and runs of spaces collapse so the
  /// status line can never receive an escape sequence or a line break.
  package static func oneLine(_ text: String, fallback: String = "cannot decode image")
    -> ImageError
  {
    var out = ""
    var lastWasSpace = true
    for scalar in text.unicodeScalars {
      let isControl = scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
      if isControl || scalar == " " {
        if !lastWasSpace { out.append(" ") }
        lastWasSpace = true
      } else {
        out.unicodeScalars.append(scalar)
        lastWasSpace = false
      }
      if out.unicodeScalars.count >= 200 { break }
    }
    while out.hasSuffix(" ") { out.removeLast() }
    return ImageError(out.isEmpty ? fallback : out)
  }
}
