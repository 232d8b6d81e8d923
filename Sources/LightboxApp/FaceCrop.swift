import PhotoModel

/// The part of an upright picture a person's cover shows: their face with room around it
/// (the head and shoulders, as Photos' People covers), at the card's aspect, inside the
/// picture.
enum FaceCrop {
  /// How many times the face's width and height the crop takes at least.
  static let margin = 2.2

  /// The crop of a `width` × `height` picture around `face` for a card of aspect `aspect`
  /// (width over height), in whole pixels; the whole picture when the face is empty.
  static func rect(around face: FaceArea, width: Int, height: Int, aspect: Double) -> (
    x: Int, y: Int, width: Int, height: Int
  ) {
    guard !face.isEmpty, width > 0, height > 0, aspect > 0, aspect.isFinite else {
      return (0, 0, width, height)
    }
    let pictureWidth = Double(width)
    let pictureHeight = Double(height)
    let centreX = (face.x + face.width / 2) * pictureWidth
    let centreY = (face.y + face.height / 2) * pictureHeight
    var w = face.width * pictureWidth * margin
    var h = face.height * pictureHeight * margin
    // Widened or heightened to the card's shape, so the fill that follows cuts nothing off.
    if w / h < aspect { w = h * aspect } else { h = w / aspect }
    // No larger than the picture (the shape kept).
    let scale = min(1, pictureWidth / w, pictureHeight / h)
    w = max(1, (w * scale).rounded())
    h = max(1, (h * scale).rounded())
    // Moved inside the picture rather than cut at its edge.
    let x = min(max(0, (centreX - w / 2).rounded()), pictureWidth - w)
    let y = min(max(0, (centreY - h / 2).rounded()), pictureHeight - h)
    return (Int(x), Int(y), Int(w), Int(h))
  }
}
