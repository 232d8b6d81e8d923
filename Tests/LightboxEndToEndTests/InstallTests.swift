import Foundation
import LightboxTestSupport
import XCTest

/// `scripts/install` into a temporary prefix: the binary runs, the man page renders with
/// `man -l`, and each shell present loads its completions.
final class InstallTests: XCTestCase {
  func testInstallIntoAPrefixGivesBinaryManPageAndCompletions() throws {
    let lightbox = try BuiltProduct.requireLightbox()
    let prefix = BuiltProduct.temporaryDirectory("install").path
    defer { try? FileManager.default.removeItem(atPath: prefix) }
    let script = CorpusLocator.packageRoot.appendingPathComponent("scripts/install").path
    // The debug build stands in for the release build the script makes by default.
    let installed = Subprocess.run([script, "--prefix", prefix, "--binary", lightbox])
    XCTAssertEqual(installed.status, 0, installed.output)

    let version = Subprocess.run([prefix + "/bin/lightbox", "--version"])
    XCTAssertEqual(version.status, 0)
    XCTAssertNotNil(
      version.output.range(of: #"^\d+\.\d+\.\d+ \(commit \S+\)"#, options: .regularExpression),
      version.output)

    let page = prefix + "/share/man/man1/lightbox.1"
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
      let rendered = Subprocess.run(
        ["/bin/sh", "-c", "MANWIDTH=100 man -l \"$0\" 2>&1 | col -b", page],
        environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "dumb"])
      XCTAssertEqual(rendered.status, 0, rendered.output)
      for heading in ["NAME", "SYNOPSIS", "OPTIONS", "COMMANDS", "KEYS", "FILES"] {
        XCTAssertTrue(
          rendered.output.contains("\n" + heading), "no \(heading):\n\(rendered.output)")
      }
      // Every subcommand and a key from docs/keys.md made it in.
      for word in [
        "thumbnails", "doctor", "index", "rotate", "export", "--log-level", "Recently Deleted",
      ] {
        XCTAssertTrue(rendered.output.contains(word), "no \(word) in the man page")
      }
      // groff's own complaints about the page ("troff: <standard input>:12: warning: …").
      XCTAssertFalse(rendered.output.contains("troff:"), rendered.output)
    } else {
      print("InstallTests: man is not installed; only the page's presence is checked")
      XCTAssertTrue(FileManager.default.fileExists(atPath: page))
    }

    // The decode worker in libexec, off PATH; the installed lightbox starts it (the debug
    // build's worker stands in for the release one, as the binary does).
    let worker = prefix + "/libexec/lightbox/lightbox-decode-worker"
    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: worker), installed.output)
    XCTAssertFalse(FileManager.default.fileExists(atPath: prefix + "/bin/lightbox-decode-worker"))

    // The place table beside the binary: found there when the user has none of their own.
    let table = prefix + "/share/lightbox/places-v1.bin"
    XCTAssertTrue(FileManager.default.fileExists(atPath: table), installed.output)
    if let corpus = CorpusLocator.corpus {
      let tower = corpus.appendingPathComponent("jpeg-variants/tower.jpg").path
      let info = Subprocess.run(
        [prefix + "/bin/lightbox", "info", tower],
        environment: [
          "HOME": prefix, "XDG_DATA_HOME": prefix + "/no-data", "PATH": "/usr/bin:/bin",
        ])
      XCTAssertTrue(info.output.contains("in Paris, Île-de-France, France"), info.output)
    }

    let bash = prefix + "/share/bash-completion/completions/lightbox"
    let loaded = Subprocess.run(["bash", "-c", "source \"$0\" && complete -p lightbox", bash])
    XCTAssertEqual(loaded.status, 0, loaded.output)
    XCTAssertTrue(loaded.output.contains("lightbox"), loaded.output)
    if let zsh = ["/usr/bin/zsh", "/bin/zsh"].first(where: FileManager.default.isExecutableFile) {
      let result = Subprocess.run([
        zsh, "-c", "autoload -Uz compinit && compinit -u && source \"$0\" && whence -w _lightbox",
        prefix + "/share/zsh/site-functions/_lightbox",
      ])
      XCTAssertEqual(result.status, 0, result.output)
    }
    if let fish = ["/usr/bin/fish", "/bin/fish"].first(where: FileManager.default.isExecutableFile)
    {
      let result = Subprocess.run([
        fish, "-c", "source $argv[1]; and complete -c lightbox | string match -q '*thumbnails*'",
        prefix + "/share/fish/vendor_completions.d/lightbox.fish",
      ])
      XCTAssertEqual(result.status, 0, result.output)
    }
  }
}
