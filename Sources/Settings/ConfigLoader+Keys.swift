import TOMLKit
import TerminalUI

/// The `[keys]` table: which keys run which command, with a problem for every key that is
/// not one, every clash between commands and every command left without a key.
extension ConfigLoader.Reader {
  /// Applies the `[keys]` table: each command's keys in file order, the later command
  /// winning a key two are given.
  mutating func readKeys(_ value: TOMLValueConvertible, into config: inout LightboxConfig) {
    guard let table = value.table else {
      return report(
        "keys", in: nil, "keys must be a table: [keys] then lines like favorite = [\"f\"]")
    }
    // In file order, so that of two commands given the same key the later one wins.
    let entries = table.keys.map { (command: $0, line: lines.line(of: $0, in: "keys")) }
      .sorted { ($0.line ?? 0, $0.command) < ($1.line ?? 0, $1.command) }
    var keys: [KeyCommand: [InputEvent]] = [:]
    var owner: [InputEvent: (command: KeyCommand, name: String)] = [:]
    for entry in entries {
      guard let command = KeyCommand(rawValue: entry.command) else {
        report(
          entry.command, in: "keys",
          "unknown command '\(Self.printable(entry.command))' in [keys] (commands: "
            + KeyCommand.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        continue
      }
      guard let events = events(of: table[entry.command], command: command) else { continue }
      for (event, name) in events {
        if let previous = owner[event], previous.command != command {
          keys[previous.command]?.removeAll { $0 == event }
          report(
            entry.command, in: "keys",
            "key '\(name)' is bound to both \(previous.command.rawValue) and "
              + "\(command.rawValue); \(command.rawValue) wins")
        }
        owner[event] = (command, name)
      }
      keys[command] = events.map(\.event)
    }
    config.keys = keys
    reportCommandsLeftWithoutKeys(config.keyMap, keys: keys, owner: owner)
  }

  /// The events a `[keys]` entry names (a string or a list of strings), or nil when any
  /// of them is not a key (the command then keeps its default keys).
  private mutating func events(
    of value: TOMLValueConvertible?, command: KeyCommand
  ) -> [(event: InputEvent, name: String)]? {
    let allowed = "a key name or a list of them, like [\"f\", \"ctrl-f\", \"enter\"]"
    var names: [String] = []
    if let single = value?.string {
      names = [single]
    } else if let array = value?.array {
      for element in array {
        guard let name = element.string else {
          refuseKey(command, value, allowed: allowed)
          return nil
        }
        names.append(name)
      }
    } else {
      refuseKey(command, value, allowed: allowed)
      return nil
    }
    var events: [(event: InputEvent, name: String)] = []
    for name in names {
      do {
        let event = try KeyName.parse(name)
        if !events.contains(where: { $0.event == event }) { events.append((event, name)) }
      } catch {
        report(
          command.rawValue, in: "keys",
          "\(command.rawValue): \(error); \(command.rawValue) keeps its default keys")
        return nil
      }
    }
    return events
  }

  /// A key the config takes from another command's defaults can leave that command with
  /// no key at all: say so, since it then cannot be used.
  private mutating func reportCommandsLeftWithoutKeys(
    _ map: KeyMap, keys: [KeyCommand: [InputEvent]],
    owner: [InputEvent: (command: KeyCommand, name: String)]
  ) {
    for command in KeyCommand.allCases where map.keys(for: command).isEmpty {
      if let given = keys[command] {
        if given.isEmpty { continue }  // `command = []` unbinds on purpose.
        report(
          command.rawValue, in: "keys",
          "\(command.rawValue) has no key left: every key it was given went to a later command")
      } else {
        let takers = command.defaultKeys.compactMap { owner[$0] }
        let taker = takers.first.map { "'\($0.name)' now runs \($0.command.rawValue), so " } ?? ""
        report(
          takers.first?.command.rawValue ?? "keys", in: takers.isEmpty ? nil : "keys",
          "\(taker)\(command.rawValue) has no key left; give it one in [keys]")
      }
    }
  }

  private mutating func refuseKey(
    _ command: KeyCommand, _ value: TOMLValueConvertible?, allowed: String
  ) {
    let shown = value.map(Self.describe) ?? "nothing"
    report(
      command.rawValue, in: "keys",
      "\(command.rawValue) must be \(allowed), not \(shown); it keeps its default keys")
  }
}
