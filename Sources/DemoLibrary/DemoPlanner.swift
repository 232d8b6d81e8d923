import PhotoModel

/// Decides every file of a demo library (kind, name, date, camera, scene) before anything
/// is drawn: sequential, cheap and a pure function of (count, seed).
enum DemoPlanner {
  /// The library ends here (local date) whatever the day it is generated: output must not
  /// depend on the clock.
  static let anchorDay = CaptureDate.daysFromCivil(year: 2026, month: 11, day: 1)
  /// About 3 years and 4 months of history.
  static let spanDays = 1_220
  /// The owner swapped phones on this day.
  static let phoneSwitchDay = CaptureDate.daysFromCivil(year: 2024, month: 9, day: 27)

  /// An outing: photos taken on one day at one place with one camera.
  private struct Outing {
    var size: Int
    var burst: Bool
    var day = 0
  }

  /// One camera shot before names are given.
  private struct Shot {
    var kind: DemoItemKind
    var date: CaptureDate
    var epoch: Int64
    var size: PixelSize
    var orientation: Orientation
    var camera: DemoCamera?
    var lens: String?
    var exposure: DemoExposure?
    var gps: DemoGPS?
    var scene: DemoScene
    var order: Int
  }

  static func plan(count: Int, seed: UInt64) -> [DemoItem] {
    guard count > 0 else { return [] }
    var rng = SplitMix64(seed: seed, stream: 0xDE30_0001)
    let screenshots = Int((Double(count) * 0.08).rounded())
    let panoramas = count >= 25 ? max(1, Int((Double(count) * 0.02).rounded())) : 0
    let cameraShots = count - screenshots

    // Outing sizes first, then spread them over the span (oldest first).
    var outings: [Outing] = []
    var total = 0
    while total < cameraShots {
      let r = rng.unit()
      let burst = r < 0.12 || (outings.isEmpty && cameraShots >= 60)
      var size = burst ? rng.int(10...30) : (r < 0.5 ? rng.int(3...8) : rng.int(1...2))
      size = min(size, cameraShots - total)
      outings.append(Outing(size: size, burst: burst))
      total += size
    }
    let firstDay = anchorDay - spanDays
    if outings.count == 1 {
      outings[0].day = anchorDay - 1
    } else {
      // Random gaps, squared so that outings cluster (holidays) and leave quiet spells.
      var gaps: [Float] = (1..<outings.count).map { _ in
        let g = rng.float(0.15...1.6)
        return g * g
      }
      let sum = gaps.reduce(0, +)
      gaps = gaps.map { $0 / sum }
      var at: Float = 0
      outings[0].day = firstDay
      for i in 1..<outings.count {
        at += gaps[i - 1]
        outings[i].day = firstDay + Int((at * Float(spanDays - 1)).rounded())
      }
    }

    var shots: [Shot] = []
    shots.reserveCapacity(count)
    for outing in outings {
      shots += planOuting(outing, rng: &rng, order: shots.count)
    }

    // Some landscape shots become panoramas.
    var candidates = shots.indices.filter {
      shots[$0].camera?.isPhone == true && shots[$0].lens?.contains("front") == false
        && shots[$0].scene.phase != .night && shots[$0].scene.theme != .city
    }
    for _ in 0..<min(panoramas, candidates.count) {
      let pick = candidates.remove(at: rng.int(0...(candidates.count - 1)))
      shots[pick].kind = .panorama
      shots[pick].size =
        rng.chance(0.6)
        ? PixelSize(width: 1600, height: 600) : PixelSize(width: 2000, height: 720)
      shots[pick].orientation = .up
    }

    for i in 0..<screenshots {
      shots.append(planScreenshot(rng: &rng, order: cameraShots + i))
    }

    shots.sort { ($0.date.localSortKey, $0.order) < ($1.date.localSortKey, $1.order) }
    return name(shots, rng: &rng)
  }

  private static func planOuting(_ outing: Outing, rng: inout SplitMix64, order: Int) -> [Shot] {
    let (_, month, _) = CaptureDate.civilFromDays(outing.day)
    let place = rng.chance(0.42) ? DemoPlace.all[0] : rng.pick(DemoPlace.all)
    let southern = place.latitude < 0
    let primary: DemoCamera =
      outing.day < phoneSwitchDay ? .iPhone12Mini : .iPhone15Pro
    let camera = [primary, .pixel8, .fujiXT30, .canonR6][rng.weighted([0.62, 0.18, 0.12, 0.08])]
    var theme = rng.pick(place.themes)
    let seasonMonth = southern ? (month + 5) % 12 + 1 : month
    let winter = seasonMonth == 12 || seasonMonth <= 2
    if winter && (theme == .hills || theme == .mountains) && rng.chance(0.5) {
      theme = .snowfield
    }
    let phases: [LightPhase] = [.dawn, .day, .dusk, .night]
    let weights: [Float] =
      theme == .city
      ? [0.05, 0.45, 0.25, 0.25]
      : (theme == .desert ? [0.1, 0.4, 0.45, 0.05] : [0.1, 0.6, 0.22, 0.08])
    let phase = phases[rng.weighted(weights)]
    let daylight = Daylight(month: month, southern: southern)
    let startHour = daylight.hour(for: phase, using: &rng)
    let offset = place.offsetSeconds(month: month)
    let withGPS = camera.isPhone && rng.chance(0.75)
    let terrainSeed = rng.next()
    let localDayStart = Int64(outing.day) * 86_400

    var second = Int(startHour * 3600)
    var shots: [Shot] = []
    var pan = rng.float(-2...2)
    for k in 0..<outing.size {
      if k > 0 {
        second += outing.burst ? rng.int(4...200) : rng.int(60...1500)
        pan += rng.float(-0.25...0.25)
      }
      // Stay on the outing's day: the light and the day grouping must agree.
      let clampedSecond = min(second, 86_000 + k)
      let local = localDayStart + Int64(clampedSecond)
      var date = CaptureDate(
        epochSeconds: local, utcOffsetSeconds: 0, recordOffset: false, source: .exif)
      date.millisecond = rng.int(0...999)
      date.utcOffsetSeconds = offset
      let hour = Float(clampedSecond) / 3600
      let selfie = camera.frontLens != nil && rng.chance(0.07)
      var size = PixelSize(width: 800, height: 600)
      if selfie || rng.chance(0.2) { size = size.transposed }
      var orientation = Orientation.up
      if rng.chance(0.1) { orientation = rng.chance(0.5) ? .right : .left }
      let scene = DemoScene(
        theme: theme, terrainSeed: terrainSeed, detailSeed: rng.next(), hour: hour, month: month,
        southern: southern, selfie: selfie, pan: pan)
      let elevation = daylight.elevation(hour: hour)
      shots.append(
        Shot(
          kind: .photo, date: date, epoch: local - Int64(offset), size: size,
          orientation: orientation, camera: camera,
          lens: selfie ? camera.frontLens : camera.backLens,
          exposure: exposure(camera: camera, selfie: selfie, elevation: elevation, rng: &rng),
          gps: withGPS ? gps(near: place, rng: &rng) : nil, scene: scene, order: order + k))
    }
    return shots
  }

  private static func exposure(
    camera: DemoCamera, selfie: Bool, elevation e: Float, rng: inout SplitMix64
  ) -> DemoExposure {
    let denominators: ClosedRange<Int>
    let isos: ClosedRange<Int>
    if e > 0.25 {
      denominators = 500...4000
      isos = 25...100
    } else if e > 0 {
      denominators = 120...1000
      isos = 50...250
    } else if e > -0.3 {
      denominators = 30...120
      isos = 200...800
    } else {
      denominators = 4...30
      isos = 800...3200
    }
    let focal: UInt32
    let focal35: UInt16
    let aperture: UInt32
    if camera.isPhone {
      focal = selfie ? camera.frontFocal : camera.backFocal
      aperture = selfie ? camera.frontAperture : (camera.backAperture ?? 180)
      focal35 = selfie ? 23 : (camera.model == "Pixel 8" ? 25 : 26)
    } else {
      let (low, high, crop): (Int, Int, Double) =
        camera.make == "FUJIFILM" ? (18, 55, 1.5) : (24, 105, 1.0)
      let mm = rng.int(low...high)
      focal = UInt32(mm * 100)
      focal35 = UInt16((Double(mm) * crop).rounded())
      aperture = e > 0 ? rng.pick([400, 560, 800, 1100]) : rng.pick([280, 400])
    }
    return DemoExposure(
      exposureTime: ExifWriter.Rational(1, UInt32(rng.int(denominators))),
      fNumber: ExifWriter.Rational(aperture, 100), iso: UInt16(rng.int(isos)),
      focalLength: ExifWriter.Rational(focal, 100), focalLengthIn35mm: focal35)
  }

  private static func gps(near place: DemoPlace, rng: inout SplitMix64) -> DemoGPS {
    DemoGPS(
      latitude: place.latitude + Double(rng.float(-0.08...0.08)),
      longitude: place.longitude + Double(rng.float(-0.08...0.08)),
      altitude: max(0, place.altitude + Double(rng.float(-20...300))))
  }

  private static func planScreenshot(rng: inout SplitMix64, order: Int) -> Shot {
    let day = anchorDay - rng.int(1...spanDays)
    let (_, month, _) = CaptureDate.civilFromDays(day)
    let second = rng.int((8 * 3600)...(23 * 3600 + 3000))
    let local = Int64(day) * 86_400 + Int64(second)
    // Screenshots are taken at home; the file name carries no offset.
    let offset = DemoPlace.all[0].offsetSeconds(month: month)
    let date = CaptureDate(
      epochSeconds: local, utcOffsetSeconds: 0, recordOffset: false, source: .fileName)
    let scene = DemoScene(
      theme: .city, terrainSeed: rng.next(), detailSeed: rng.next(),
      hour: Float(second) / 3600, month: month, southern: false, selfie: false, pan: 0)
    return Shot(
      kind: .screenshot, date: date, epoch: local - Int64(offset),
      size: PixelSize(width: 800, height: 500), orientation: .up, camera: nil, lens: nil,
      exposure: nil, gps: nil, scene: scene, order: order)
  }

  /// Camera-roll names in capture order, one folder per year, never two alike.
  private static func name(_ shots: [Shot], rng: inout SplitMix64) -> [DemoItem] {
    var imgCounter = rng.int(1...1500)
    var dscfCounter = rng.int(1...3000)
    var used = Set<String>()
    var items: [DemoItem] = []
    items.reserveCapacity(shots.count)
    for (index, shot) in shots.enumerated() {
      let d = shot.date
      var fileName: String
      var bump = 0
      repeat {
        switch shot.kind {
        case .screenshot:
          let t = bumped(d, seconds: bump)
          fileName =
            "Screenshot \(t.year)-\(pad(t.month))-\(pad(t.day)) at "
            + "\(pad(t.hour)).\(pad(t.minute)).\(pad(t.second)).png"
        case .panorama:
          let t = bumped(d, seconds: bump)
          fileName = "PANO_\(stamp(t))_\(pad(t.hour))\(pad(t.minute))\(pad(t.second)).jpg"
        case .photo:
          switch shot.camera?.naming ?? .imgCounter {
          case .imgCounter:
            fileName = "IMG_\(pad(imgCounter, 4)).JPG"
            imgCounter = imgCounter % 9999 + 1
          case .dscfCounter:
            fileName = "DSCF\(pad(dscfCounter, 4)).JPG"
            dscfCounter = dscfCounter % 9999 + 1
          case .pixelTimestamp:
            let ms = d.millisecond + bump
            let t = bumped(d, seconds: ms / 1000)
            fileName =
              "PXL_\(stamp(t))_\(pad(t.hour))\(pad(t.minute))\(pad(t.second))"
              + "\(pad(ms % 1000, 3)).jpg"
          }
        }
        bump += 1
      } while !used.insert("\(d.year)/\(fileName)").inserted
      items.append(
        DemoItem(
          index: index, kind: shot.kind, relativePath: "\(d.year)/\(fileName)", captureDate: d,
          modificationTime: shot.epoch, uprightSize: shot.size, orientation: shot.orientation,
          camera: shot.camera, lensModel: shot.lens, exposure: shot.exposure, gps: shot.gps,
          scene: shot.scene))
    }
    return items
  }

  private static func bumped(_ d: CaptureDate, seconds: Int) -> CaptureDate {
    guard seconds > 0 else { return d }
    return CaptureDate(
      epochSeconds: d.localSortKey / 1000 + Int64(seconds), utcOffsetSeconds: 0,
      source: d.source)
  }

  private static func stamp(_ d: CaptureDate) -> String {
    "\(d.year)\(pad(d.month))\(pad(d.day))"
  }

  static func pad(_ n: Int, _ width: Int = 2) -> String {
    let s = String(n)
    return String(repeating: "0", count: max(0, width - s.count)) + s
  }
}
