import PhotoModel

extension TerminalCapabilities {
  /// The picture format for this terminal: the one place where the probe's answers and the
  /// user's `--graphics` choice become a protocol, for the browser, `show` and `doctor` alike.
  ///
  /// `colorDepth` is used for half-blocks; `kittyMedium` overrides how kitty pictures travel
  /// (nil: as the probe found, `kittyMedium`); `sixelEncoder` forces a sixel encoder.
  public func pictureFormat(
    requested: GraphicsMode, colorDepth: ColorDepth, kittyMedium medium: KittyMedium? = nil,
    sixelEncoder: SixelEncoderChoice = .auto
  ) -> PictureFormat {
    switch graphicsMode(requested: requested) {
    case .kitty:
      return kittyNeedsPlaceholders
        ? .kittyPlaceholders(cell: cellSize) : .kitty(cell: cellSize, medium: medium ?? kittyMedium)
    case .iTerm2: return .iTerm2(cell: cellSize)
    case .sixel:
      return .sixel(colors: sixelPaletteSize, cell: cellSize, encoder: sixelEncoder)
    case .halfBlock, .auto: return .halfBlock(colorDepth)
    }
  }
}
