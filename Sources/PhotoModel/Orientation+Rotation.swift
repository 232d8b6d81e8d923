/// EXIF orientations as the eight symmetries of a rectangle, so a turn the user asks for can
/// be combined with the one a file already has.
///
/// Each orientation is the transform from stored pixels to the upright picture, written as an
/// optional left-right mirror (applied first) followed by k quarter turns clockwise:
/// 1 = (0), 2 = (0, mirror), 3 = (2), 4 = (2, mirror), 5 = (3, mirror) (transpose),
/// 6 = (1), 7 = (1, mirror) (transverse), 8 = (3).
extension Orientation {
  /// Quarter turns clockwise applied after the mirror (0…3).
  public var quarterTurns: Int {
    switch self {
    case .up, .upMirrored: 0
    case .right, .rightMirrored: 1
    case .down, .downMirrored: 2
    case .left, .leftMirrored: 3
    }
  }

  /// True when the orientation mirrors the stored pixels (2, 4, 5, 7).
  public var isMirrored: Bool {
    switch self {
    case .upMirrored, .downMirrored, .leftMirrored, .rightMirrored: true
    case .up, .down, .left, .right: false
    }
  }

  /// The orientation made of `quarterTurns` clockwise after an optional mirror.
  public init(quarterTurns: Int, mirrored: Bool) {
    let turns = ((quarterTurns % 4) + 4) % 4
    let plain: [Orientation] = [.up, .right, .down, .left]
    let mirror: [Orientation] = [.upMirrored, .rightMirrored, .downMirrored, .leftMirrored]
    self = mirrored ? mirror[turns] : plain[turns]
  }

  /// This orientation followed by `quarterTurns` turns of 90° clockwise (negative:
  /// anticlockwise): a photo's own orientation with the user's rotation on top.
  public func rotatedClockwise(by quarterTurns: Int) -> Orientation {
    Orientation(quarterTurns: self.quarterTurns + quarterTurns, mirrored: isMirrored)
  }
}
