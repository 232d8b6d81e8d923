/// Where a named face is in a photo, as fractions of the upright picture (left, top, width,
/// height, each 0…1), kept in 16-bit steps: what a person's cover is cropped to.
///
/// Eight bytes a face, since a million photos may name a few hundred thousand faces; a
/// 65,536th of the picture is finer than any pixel of a cover.
public struct FaceArea: Hashable, Sendable {
  private let left: UInt16
  private let top: UInt16
  private let across: UInt16
  private let down: UInt16

  /// No area: the region named a person without a rectangle (the cover is the whole photo).
  public static let none = FaceArea(left: 0, top: 0, width: 0, height: 0)

  /// The area from fractions of the picture, clamped into it.
  public init(left: Double, top: Double, width: Double, height: Double) {
    func step(_ value: Double) -> UInt16 {
      guard value.isFinite else { return 0 }
      return UInt16((min(max(value, 0), 1) * 65_535).rounded())
    }
    let l = step(left)
    let t = step(top)
    self.left = l
    self.top = t
    across = min(step(width), 65_535 - l)
    down = min(step(height), 65_535 - t)
  }

  /// The area of an MWG region: its centre and size as fractions of the picture.
  public init(centreX x: Double, centreY y: Double, width: Double, height: Double) {
    self.init(left: x - width / 2, top: y - height / 2, width: width, height: height)
  }

  public var x: Double { Double(left) / 65_535 }
  public var y: Double { Double(top) / 65_535 }
  public var width: Double { Double(across) / 65_535 }
  public var height: Double { Double(down) / 65_535 }

  /// True when there is no rectangle to crop to.
  public var isEmpty: Bool { across == 0 || down == 0 }
}
