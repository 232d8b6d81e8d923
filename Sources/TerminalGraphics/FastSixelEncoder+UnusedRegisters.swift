extension FastSixelEncoder {
  /// `palette` without the registers no index uses, and `parts`' indices renumbered to
  /// match; the same values when every register is used.
  ///
  /// The palette comes from a subsample and the dithering maps each bin to its nearest
  /// register, so some registers end up unused: `abc_color_irot_alpha_irot.avif`'s tile
  /// defined 120 and used 54, and each definition costs its ~14 bytes of the stream.
  static func withoutUnusedRegisters(palette: [Int32], parts: [[UInt8]]) -> (
    palette: [Int32], parts: [[UInt8]]
  ) {
    let count = palette.count / 3
    var used = [Bool](repeating: false, count: 256)
    for part in parts {
      part.withUnsafeBufferPointer { p in
        for index in p { used[Int(index)] = true }
      }
    }
    guard (0..<count).contains(where: { !used[$0] }) else { return (palette, parts) }
    var renumber = [UInt8](repeating: 0, count: 256)
    var kept: [Int32] = []
    kept.reserveCapacity(palette.count)
    for k in 0..<count where used[k] {
      renumber[k] = UInt8(kept.count / 3)
      kept += palette[(k * 3)..<(k * 3 + 3)]
    }
    let renumbered = parts.map { part in part.map { renumber[Int($0)] } }
    return (kept, renumbered)
  }
}
