import Foundation

extension ColorDepth {
  /// The depth and, for `lightbox doctor`, what said so.
  public struct Detection: Sendable, Hashable {
    public var depth: ColorDepth
    public var reason: String

    public init(depth: ColorDepth, reason: String) {
      self.depth = depth
      self.reason = reason
    }
  }

  /// The depth of the terminal the user looks at, asking tmux when inside it.
  ///
  /// tmux's own TERM (tmux-256color) and a COLORTERM that tmux does not pass on say
  /// nothing about the outer terminal, while tmux itself knows: it forwards 24-bit SGR
  /// when the client has the RGB feature (`client_termfeatures`, tmux ≥ 3.2) or its
  /// terminfo has the `Tc` or `RGB` flag (`tmux info`). Order: COLORTERM, then those two,
  /// then 256 colours.
  public static func detect(environment: [String: String], tmux: TmuxQuery) -> Detection {
    if detect(environment: environment) == .trueColor {
      return Detection(depth: .trueColor, reason: "COLORTERM=\(environment["COLORTERM"] ?? "")")
    }
    let insideTmux =
      !(environment["TMUX"] ?? "").isEmpty || (environment["TERM"] ?? "").hasPrefix("tmux")
    guard insideTmux else {
      return Detection(depth: .palette256, reason: "COLORTERM does not say truecolor")
    }
    if let features = tmux.run(TmuxQuery.clientFeatures), hasRGBFeature(features) {
      return Detection(depth: .trueColor, reason: "tmux client features include RGB")
    }
    if let info = tmux.run(TmuxQuery.terminalInfo), let flag = trueColorFlag(info) {
      return Detection(depth: .trueColor, reason: "tmux client terminfo has \(flag)")
    }
    return Detection(
      depth: .palette256, reason: "inside tmux, and neither it nor COLORTERM reports RGB")
  }

  /// True when a `client_termfeatures` list ("bpaste,ccolour,RGB,title") names RGB.
  static func hasRGBFeature(_ text: String) -> Bool {
    text.split(whereSeparator: { $0 == "," || $0 == "\n" || $0 == " " }).contains("RGB")
  }

  /// "Tc" or "RGB" when `tmux info` shows that flag set (" 197: RGB: (flag) true").
  static func trueColorFlag(_ text: String) -> String? {
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: ":", maxSplits: 2).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard fields.count == 3, fields[0].allSatisfy(\.isNumber) else { continue }
      if fields[1] == "Tc" || fields[1] == "RGB", fields[2] == "(flag) true" { return fields[1] }
    }
    return nil
  }
}
