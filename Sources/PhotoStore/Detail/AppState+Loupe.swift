import PhotoModel

extension AppState {
  /// The most the loupe enlarges: four screen pixels per image pixel.
  public static let maximumZoom = 4.0
  /// One zoom step: two steps double the scale.
  static let zoomStep = 2.0.squareRoot()

  /// Pixel size of the detail photo's area.
  var detailAreaPixels: PixelSize {
    let area = detailImageArea
    return PixelSize(
      width: area.width * cellPixelSize.width, height: area.height * cellPixelSize.height)
  }

  /// The selected photo's displayed size, when the catalog knows it.
  var selectedDisplaySize: PixelSize? {
    guard let size = selectedAsset?.displayPixelSize, size.width > 0, size.height > 0 else {
      return nil
    }
    return size
  }

  /// Screen pixels per image pixel at which the whole selected photo fits the view.
  var fitZoom: Double? { loupeFrame?.fitZoom }

  /// The scale the detail photo is shown at now, fitted or zoomed.
  public var shownZoom: Double? { detail.zoom ?? fitZoom }

  /// The part of the selected photo a zoomed view shows, and the pixel size it is drawn at;
  /// nil when the view is fitted.
  public var loupeRegion: (region: ImageRegion, size: PixelSize)? {
    guard screen == .detail, let frame = loupeFrame else { return nil }
    return detail.loupeRegion(in: frame)
  }

  /// The region of an `image` that a view of `area` pixels shows at `zoom` about a centre,
  /// and the pixel size it is drawn at; nil for an empty view.
  public static func loupeRegion(
    zoom: Double, centerX: Double, centerY: Double, image: PixelSize, area: PixelSize
  ) -> (region: ImageRegion, size: PixelSize)? {
    guard area.width > 0, area.height > 0, image.width > 0, image.height > 0 else { return nil }
    let width = max(1, min(image.width, Int((Double(area.width) / zoom).rounded(.down))))
    let height = max(1, min(image.height, Int((Double(area.height) / zoom).rounded(.down))))
    let x = origin(centre: centerX, span: width, total: image.width)
    let y = origin(centre: centerY, span: height, total: image.height)
    let size = PixelSize(
      width: max(1, min(area.width, Int((Double(width) * zoom).rounded()))),
      height: max(1, min(area.height, Int((Double(height) * zoom).rounded()))))
    return (ImageRegion(x: x, y: y, width: width, height: height), size)
  }

  /// The region and drawn size of the first zoom step (×√2 from fit, about the centre) of
  /// an `image` fitted into `area`: what a loupe decodes ahead while the fitted photo is shown.
  public static func firstZoomStep(image: PixelSize, area: PixelSize)
    -> (region: ImageRegion, size: PixelSize)?
  {
    guard image.width > 0, image.height > 0 else { return nil }
    let fit = min(
      Double(area.width) / Double(image.width), Double(area.height) / Double(image.height))
    let zoom = min(max(maximumZoom, fit), fit * zoomStep)
    guard zoom > fit * 1.0001 else { return nil }
    return loupeRegion(
      zoom: zoom, centerX: Double(image.width) / 2, centerY: Double(image.height) / 2,
      image: image, area: area)
  }

  /// Where a span of `span` pixels centred on `centre` starts, kept inside `0..<total`.
  static func origin(centre: Double, span: Int, total: Int) -> Int {
    let start = Int((centre - Double(span) / 2).rounded())
    return min(max(0, start), total - span)
  }

  /// The zoom label of the title bar ("200 %"), while zoomed.
  public var zoomLabel: String? {
    guard screen == .detail, let zoom = detail.zoom else { return nil }
    return "\(Int((zoom * 100).rounded())) %"
  }

  /// The frame the loupe works in: the selected photo's displayed size and the view's
  /// pixels; nil while the photo's size is not known.
  var loupeFrame: LoupeFrame? {
    guard let image = selectedDisplaySize else { return nil }
    return LoupeFrame(image: image, area: detailAreaPixels)
  }

  /// Applies a loupe command to the selected photo.
  mutating func applyZoom(_ action: DetailAction) {
    guard let frame = loupeFrame else {
      message = "Zoom needs the photo's size, which is not known yet"
      return
    }
    detail.zoom(action, in: frame)
  }

  /// The minimap's cells (bottom right of the photo's area) and the key of its picture,
  /// while the zoomed view hides part of the photo.
  public var minimap: (rect: CellRect, key: ImageKey)? {
    guard let (region, _) = loupeRegion, let image = selectedDisplaySize,
      let asset = selectedAsset
    else { return nil }
    guard region.width < image.width || region.height < image.height else { return nil }
    let area = detailImageArea
    let columns = min(max(8, area.width / 5), 32)
    let boxPixels = PixelSize(
      width: columns * cellPixelSize.width,
      height: max(1, area.height / 3) * cellPixelSize.height)
    let scale = min(
      Double(boxPixels.width) / Double(image.width),
      Double(boxPixels.height) / Double(image.height))
    let size = PixelSize(
      width: max(1, Int(Double(image.width) * scale)),
      height: max(1, Int(Double(image.height) * scale)))
    let rows = max(1, (size.height + cellPixelSize.height - 1) / cellPixelSize.height)
    let cells = max(1, (size.width + cellPixelSize.width - 1) / cellPixelSize.width)
    guard area.width > cells + 2, area.height > rows + 2 else { return nil }
    let rect = CellRect(
      row: area.row + area.height - rows - 1, column: area.column + area.width - cells - 1,
      width: cells, height: rows)
    return (
      rect,
      ImageKey(
        asset: asset.id, size: size, fit: .fit, outline: region, rotation: asset.userRotation)
    )
  }
}
