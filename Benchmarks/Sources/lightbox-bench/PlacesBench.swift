import ArgumentParser
import Foundation
import Places

/// `lightbox-bench places`: the table's load (to the first answer) and 100,000 lookups, with
/// the nearest-centre rule (the same work as reverse_geocode's `search`) and with Lightbox's
/// rule, on the points `Benchmarks/places/compare.py` wrote with reverse_geocode's answers,
/// which are checked against the nearest-centre answers.
struct PlacesBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "places", abstract: "Time the place table's load and position lookups.")

  @Option(help: "Points: latitude, longitude, the peer's town and country code, tab-separated.")
  var points: String

  @Option(help: "Runs of each measurement (the median is reported).")
  var runs = 5

  struct Report: Encodable {
    var points: Int
    var loadToFirstAnswerMilliseconds: [Double]
    var nearestMilliseconds: [Double]
    var ruleMilliseconds: [Double]
    var medians: [String: Double]
    var named: Int
    var agreeWithPeer: Int
    var peerAnswersBeyond25Kilometres: Int
  }

  func run() throws {
    let lines = try String(contentsOfFile: points, encoding: .utf8).split(separator: "\n")
    let rows = lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    let positions = rows.map { (Double($0[0])!, Double($0[1])!) }
    let environment = ProcessInfo.processInfo.environment
    var loads: [Double] = []
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      let finder = try PlaceFinder.load(environment: environment, executablePath: nil).get()
      _ = finder.place(latitude: 48.85, longitude: 2.35)
      loads.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    let finder = try PlaceFinder.load(environment: environment, executablePath: nil).get()
    func time(_ body: (Double, Double) -> Place?) -> (Double, [Place?]) {
      var answers: [Place?] = []
      answers.reserveCapacity(positions.count)
      let start = DispatchTime.now().uptimeNanoseconds
      for (latitude, longitude) in positions { answers.append(body(latitude, longitude)) }
      return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, answers)
    }
    var nearest: [Double] = []
    var rule: [Double] = []
    var nearestAnswers: [Place?] = []
    for _ in 0..<runs {
      let n = time(finder.nearestPlace)
      nearest.append(n.0)
      nearestAnswers = n.1
      rule.append(time(finder.place).0)
    }
    // The peer has no reach: it names a place for every point, sea included. Where ours
    // names one, the two nearest-centre answers should agree (they differ only where two
    // places are almost equally near: the peer measures in degrees, not kilometres).
    var (named, agree, beyond) = (0, 0, 0)
    for (row, answer) in zip(rows, nearestAnswers) {
      guard let answer else {
        beyond += 1
        continue
      }
      named += 1
      if answer.town == String(row[2]) && answer.countryCode == String(row[3]) { agree += 1 }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    try BenchReport.printJSON(
      Report(
        points: positions.count, loadToFirstAnswerMilliseconds: loads,
        nearestMilliseconds: nearest, ruleMilliseconds: rule,
        medians: [
          "loadToFirstAnswerMilliseconds": median(loads), "nearestMilliseconds": median(nearest),
          "ruleMilliseconds": median(rule),
        ],
        named: named, agreeWithPeer: agree, peerAnswersBeyond25Kilometres: beyond))
  }
}
