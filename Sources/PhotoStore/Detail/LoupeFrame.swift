import PhotoModel

/// What the loupe needs to know of the view it zooms in: the shown photo's displayed pixel
/// size and the pixels of the area it is drawn in. The loupe's behaviour is `DetailState`'s;
/// the app state only hands it this frame.
struct LoupeFrame: Equatable {
  /// The photo's displayed size (after its orientation), never empty.
  let image: PixelSize
  /// The photo area's size in pixels (cells × the cell's pixel size).
  let area: PixelSize

  /// Screen pixels per image pixel at which the whole photo fits the area.
  var fitZoom: Double {
    min(Double(area.width) / Double(image.width), Double(area.height) / Double(image.height))
  }

  /// Screen pixels per image pixel at which the photo fills the area (cropping the rest).
  var fillZoom: Double {
    max(Double(area.width) / Double(image.width), Double(area.height) / Double(image.height))
  }
}
