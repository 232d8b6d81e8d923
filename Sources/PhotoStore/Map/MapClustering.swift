/// Forms the map's clusters at a zoom: places binned on a grid of screen cells anchored to
/// the world (not to the viewport, so panning never re-forms them), each bin one cluster.
enum MapClustering {
  /// A bin's size in cells: room for a marker and a count ("●12,345") with a gap.
  static let binColumns = 8
  static let binRows = 3

  /// The clusters of `places` at `geometry`'s zoom, ordered north to south, then west to
  /// east (the order is only for determinism: the arrows go by position).
  static func clusters(_ places: [MapPlace], geometry: MapGeometry) -> [MapCluster] {
    let columnDegrees = geometry.degreesPerColumn * Double(binColumns)
    let rowDegrees = geometry.degreesPerRow * Double(binRows)
    struct Bin {
      var slots: [UInt32] = []
      var count = 0
      var latitudeSum = 0.0
      var longitudeSum = 0.0
      var largest: (slot: UInt32, count: Int) = (0, 0)
    }
    var bins: [Int64: Bin] = [:]
    for place in places {
      let column = Int64(((place.longitude + 180) / columnDegrees).rounded(.down))
      let row = Int64(((90 - place.latitude) / rowDegrees).rounded(.down))
      let key = row << 32 | column
      var bin = bins[key] ?? Bin()
      bin.slots.append(place.slot)
      bin.count += place.count
      bin.latitudeSum += place.latitude * Double(place.count)
      bin.longitudeSum += place.longitude * Double(place.count)
      if place.count > bin.largest.count
        || (place.count == bin.largest.count && place.slot < bin.largest.slot)
      {
        bin.largest = (place.slot, place.count)
      }
      bins[key] = bin
    }
    let binned = bins.sorted { $0.key < $1.key }.map { _, bin in
      let weight = Double(max(1, bin.count))
      return MapCluster(
        slots: bin.slots.sorted(), count: bin.count, latitude: bin.latitudeSum / weight,
        longitude: bin.longitudeSum / weight, largest: bin.largest.slot)
    }
    return merged(binned, geometry: geometry)
  }

  /// The width of the buckets merging looks through, in columns.
  static let labelColumns = 7.0

  /// Columns a marker's label takes with the gap after it ("●12,345 ": 8).
  public static func labelWidth(_ count: Int) -> Int {
    let digits = String(count).count
    return 1 + digits + (digits - 1) / 3 + 1
  }

  /// Neighbouring bins' clusters whose markers would overlap (less than a row apart, less
  /// than a label apart) made one, the larger taking the smaller in: a bin's edge must
  /// not draw Kyoto's count over Tokyo's. Greedy, largest first, through a grid of label-sized
  /// buckets, so it stays linear in the clusters.
  static func merged(_ clusters: [MapCluster], geometry: MapGeometry) -> [MapCluster] {
    let order = clusters.indices.sorted {
      (clusters[$0].count, clusters[$1].slots.first ?? 0)
        > (clusters[$1].count, clusters[$0].slots.first ?? 0)
    }
    var kept: [MapCluster] = []
    var points: [(x: Double, y: Double)] = []
    var buckets: [Int64: [Int]] = [:]
    func bucket(_ x: Double, _ y: Double) -> (Int64, Int64) {
      (Int64((x / labelColumns).rounded(.down)), Int64(y.rounded(.down)))
    }
    for i in order {
      let cluster = clusters[i]
      // Cells counted from the world's corner, as the bins are: the same clusters wherever
      // the map is centred.
      let point = (
        x: (cluster.longitude + 180) / geometry.degreesPerColumn,
        y: (90 - cluster.latitude) / geometry.degreesPerRow
      )
      let (bx, by) = bucket(point.x, point.y)
      var into: Int?
      // A marker's label runs right from its centre, a row high (the picture draws it at
      // the exact point, the text on the row the point is in): two clash when they are less
      // than a row apart and their labels share a column (with a column's gap).
      let width = Double(labelWidth(cluster.count))
      search: for dy in -1...1 {
        for dx in -2...2 {
          for k in buckets[(by + Int64(dy)) << 32 &+ (bx + Int64(dx))] ?? [] {
            let other = points[k]
            if abs(other.y - point.y) < 1 && point.x < other.x + Double(labelWidth(kept[k].count))
              && other.x < point.x + width
            {
              into = k
              break search
            }
          }
        }
      }
      if let k = into {
        var target = kept[k]
        let total = Double(target.count + cluster.count)
        target.latitude =
          (target.latitude * Double(target.count) + cluster.latitude * Double(cluster.count))
          / total
        target.longitude =
          (target.longitude * Double(target.count) + cluster.longitude * Double(cluster.count))
          / total
        target.count += cluster.count
        target.slots = (target.slots + cluster.slots).sorted()
        // The larger cluster came first, so its largest place stays the largest.
        kept[k] = target
      } else {
        buckets[by << 32 &+ bx, default: []].append(kept.count)
        kept.append(cluster)
        points.append(point)
      }
    }
    // Back to north-to-south, west-to-east order.
    return kept.sorted {
      ($0.latitude, -$0.longitude) > ($1.latitude, -$1.longitude)
    }
  }

  /// The cluster the arrows reach from `from` going `direction`: the nearest one that way,
  /// a step sideways counting twice a step ahead (as a grid's arrows favour the same row);
  /// nil when there is none.
  static func neighbour(
    of from: MapCluster, _ direction: Direction, in clusters: [MapCluster], geometry: MapGeometry
  ) -> Int? {
    let start = geometry.cell(latitude: from.latitude, longitude: from.longitude)
    var best: (index: Int, score: Double)?
    for (i, cluster) in clusters.enumerated() where cluster != from {
      let point = geometry.cell(latitude: cluster.latitude, longitude: cluster.longitude)
      // Rows are taller than columns: both measured in columns.
      let dx = point.x - start.x
      let dy = (point.y - start.y) * geometry.cellAspect
      let ahead: Double
      let aside: Double
      switch direction {
      case .left: (ahead, aside) = (-dx, dy)
      case .right: (ahead, aside) = (dx, dy)
      case .up: (ahead, aside) = (-dy, dx)
      case .down: (ahead, aside) = (dy, dx)
      default: return nil
      }
      guard ahead > 0 else { continue }
      let score = ahead + 2 * abs(aside)
      if score < (best?.score ?? .infinity) { best = (i, score) }
    }
    return best?.index
  }
}
