import ArgumentParser
import Foundation
import LightboxApp
import PhotoModel
import Pixels
import Similarity

/// `lightbox-bench similarity`: similar-photo grouping of COUNT photos from their hashes (as
/// the catalog would hold them) with `DuplicateFinder` — the BK-tree and union-find — and the
/// cost of one photo's perceptual hashes from a 128-pixel thumbnail.
///
/// The hashes are seeded: a tenth of the photos are near copies of another (up to 16 bits of
/// 128 flipped: inside the radius), the rest random. Every planted copy must come out in its
/// original's group, and no group may join two originals: the answer is checked.
struct SimilarityBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "similarity",
    abstract: "Time similar-photo grouping at COUNT photos and one photo's perceptual hash.")

  @Option(help: "Photos to group.")
  var count = 1_000_000

  @Option(help: "Runs of each measurement (the median is reported).")
  var runs = 3

  @Option(help: "Seed of the hashes.")
  var seed: UInt64 = 35

  struct Report: Encodable {
    var photos: Int
    var groupingSeconds: [Double]
    var perceptualHashMicroseconds: [Double]
    var medians: [String: Double]
    var groups: Int
    var plantedCopiesFound: Int
    var plantedCopies: Int
    var falseGroups: Int
    /// The peak resident memory while grouping over that before it, a photo (the prints,
    /// its input, made before and not counted).
    var groupingBytesPerPhoto: Double
    /// The input: one photo's `PhotoPrint` (its hashes and facts), as the caller holds it.
    var printBytes: Int
  }

  /// SplitMix64, so the hashes are the same on every run.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  func run() throws {
    var rng = Generator(state: seed)
    var prints: [PhotoPrint] = []
    prints.reserveCapacity(count)
    var originalOf: [Int] = []
    let originals = count - count / 10
    for index in 0..<count {
      var hash = PerceptualHash(dHash: rng.next(), pHash: rng.next())
      var original = index
      if index >= originals {
        original = Int(rng.next() % UInt64(originals))
        hash = prints[original].hash!
        for _ in 0..<Int(rng.next() % 9) {
          let bit = rng.next() % 128
          if bit < 64 { hash.dHash ^= 1 << bit } else { hash.pHash ^= 1 << (bit - 64) }
        }
      }
      originalOf.append(original)
      prints.append(PhotoPrint(path: "", pixelSize: nil, byteSize: 0, hash: hash))
    }
    var seconds: [Double] = []
    var report = DuplicateReport(groups: [], bursts: [])
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      report = DuplicateFinder.find(prints, similar: true)
      seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    // What the grouping holds: its peak resident memory over that before it (freed heap
    // given back first), the peak counter reset through /proc/self/clear_refs and checked.
    HeapTrim.giveBack()
    let before = UIBenchmark.currentRSSMegabytes()
    try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let resetPeak = UIBenchmark.peakRSSMegabytes()
    guard resetPeak < before + 1 else {
      throw ValidationError("the peak RSS was not reset (\(resetPeak) MB, RSS \(before) MB)")
    }
    let measured = DuplicateFinder.find(prints, similar: true)
    let groupingBytes = (UIBenchmark.peakRSSMegabytes() - before) * 1_048_576 / Double(count)
    guard measured == report else { throw ValidationError("the measured run grouped otherwise") }
    var groupOf = [Int](repeating: -1, count: count)
    var falseGroups = 0
    for (number, group) in report.groups.enumerated() {
      for member in group.members { groupOf[member] = number }
      if Set(group.members.map { originalOf[$0] }).count > 1 { falseGroups += 1 }
    }
    let found = (originals..<count).filter {
      groupOf[$0] >= 0 && groupOf[$0] == groupOf[originalOf[$0]]
    }.count

    // One photo's hashes from a 128×96 thumbnail (what the command decodes to).
    var pixels = [UInt8](repeating: 255, count: 128 * 96 * 4)
    for i in stride(from: 0, to: pixels.count, by: 4) {
      pixels[i] = UInt8(truncatingIfNeeded: rng.next())
      pixels[i + 1] = UInt8((i / 4) % 128 * 2)
      pixels[i + 2] = UInt8((i / 512) % 96 * 2)
    }
    let thumbnail = Bitmap(width: 128, height: 96, pixels: pixels)
    var hashTimes: [Double] = []
    var sink: UInt64 = 0
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<1000 { sink ^= PerceptualHash(thumbnail)?.dHash ?? 0 }
      hashTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    if sink == 42 { print("") }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    try BenchReport.printJSON(
      Report(
        photos: count, groupingSeconds: seconds, perceptualHashMicroseconds: hashTimes,
        medians: [
          "groupingSeconds": median(seconds), "perceptualHashMicroseconds": median(hashTimes),
        ],
        groups: report.groups.count, plantedCopiesFound: found, plantedCopies: count - originals,
        falseGroups: falseGroups, groupingBytesPerPhoto: groupingBytes.rounded(),
        printBytes: MemoryLayout<PhotoPrint>.stride))
  }
}
