/// One band of land, from far to near: its ridge line, its colour and what stands on it.
struct TerrainLayer {
  enum Shape {
    case ridged, smooth, dunes, skyline
  }

  enum Trees {
    case none, forest, pines, round
  }

  var shape: Shape
  /// The ridge's lowest points, in picture heights from the top.
  var base: Float
  /// How far the ridge rises above `base`, in picture heights.
  var amplitude: Float
  /// Ridge features per picture height.
  var frequency: Float
  var color: Color
  /// Aerial perspective: how much of the horizon colour shows through (far layers pale).
  var haze: Float
  /// Fraction of the amplitude above which snow lies, or nil.
  var snowLine: Float? = nil
  var trees: Trees = .none
  /// Tree height in picture heights.
  var treeSize: Float = 0.05
  /// Haze pooling in the valleys below the ridge.
  var mist: Float = 0
  /// Slope lighting strength.
  var relief: Float = 0.2
  /// 0: the whole width; -1/1: only the left/right part rises (a headland, a near bank).
  var side: Float = 0
  /// Foam and wet sand where the layer meets the water.
  var beach = false
  /// Ploughed-field stripes following the contour.
  var fields = false
  /// Parallax: how much the outing's pan moves this layer.
  var parallax: Float = 1
}
