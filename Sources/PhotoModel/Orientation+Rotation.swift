extension Orientation {
  /// The orientation as a mirror (left-right, applied first) and then a number of quarter
  /// turns clockwise: every EXIF orientation is one of these eight.
  var quarterTurnsAndMirror: (turns: Int, mirrored: Bool) {
    switch self {
    case .up: return (0, false)
    case .upMirrored: return (0, true)
    case .right: return (1, false)
    case .rightMirrored: return (1, true)
    case .down: return (2, false)
    case .downMirrored: return (2, true)
    case .left: return (3, false)
    case .leftMirrored: return (3, true)
    }
  }

  /// This orientation followed by `quarterTurns` turns of 90° clockwise (negative:
  /// anticlockwise): a photo's own orientation with the user's rotation on top.
  public func rotatedClockwise(by quarterTurns: Int) -> Orientation {
    let (turns, mirrored) = quarterTurnsAndMirror
    let total = ((turns + quarterTurns) % 4 + 4) % 4
    return Orientation.allCases.first {
      $0.quarterTurnsAndMirror == (total, mirrored)
    }!
  }
}
