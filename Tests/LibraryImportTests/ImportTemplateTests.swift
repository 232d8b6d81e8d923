import LibraryImport
import PhotoModel
import XCTest

/// The import template: every token, safe components, refused templates.
final class ImportTemplateTests: XCTestCase {
  private let date = CaptureDate(
    year: 2024, month: 8, day: 3, hour: 7, minute: 5, second: 9, utcOffsetSeconds: 32_400,
    source: .exif)

  private func values(camera: String? = "Canon EOS 40D", name: String = "IMG_0001")
    -> ImportTemplate.Values
  {
    ImportTemplate.Values(date: date, camera: camera, name: name, ext: "JPG", sequence: 7)
  }

  func testEveryToken() throws {
    let template = try ImportTemplate(
      "{year}/{month}/{day}/{camera}/{ext}/{hour}{minute}{second}-{seq}-{name}")
    let rendered = template.render(values())
    XCTAssertEqual(rendered.folders, ["2024", "08", "03", "Canon EOS 40D", "jpg"])
    XCTAssertEqual(rendered.stem, "070509-0007-IMG_0001")
  }

  func testTheDefault() throws {
    let rendered = try ImportTemplate(ImportTemplate.defaultText).render(values())
    XCTAssertEqual(rendered.folders, ["2024", "2024-08-03"])
    XCTAssertEqual(rendered.stem, "IMG_0001")
  }

  func testATrailingExtensionTokenIsTheFilesOwn() throws {
    XCTAssertEqual(
      try ImportTemplate("{year}/{name}.{ext}").render(values()).stem, "IMG_0001")
  }

  /// A camera name never makes a folder, a hidden file or a control sequence.
  func testUnsafeCameraNamesAreMadeSafe() throws {
    let template = try ImportTemplate("{camera}/{name}")
    XCTAssertEqual(template.render(values(camera: "../../etc")).folders, ["_._.._etc"])
    XCTAssertEqual(template.render(values(camera: "a/b\u{1B}[31m\u{202E}")).folders, ["a_b_[31m_"])
    XCTAssertEqual(template.render(values(camera: ".hidden")).folders, ["_hidden"])
    XCTAssertEqual(template.render(values(camera: "  ")).folders, ["_"])
    XCTAssertEqual(template.render(values(camera: nil)).folders, ["Unknown Camera"])
    let long = String(repeating: "é", count: 300)
    XCTAssertLessThanOrEqual(template.render(values(camera: long)).folders[0].utf8.count, 200)
    XCTAssertEqual(template.render(values(name: "..")).stem, "_.")
  }

  func testBadTemplatesAreRefusedInOneLine() {
    for text in [
      "", "/abs/{name}", "{year}//{name}", "{year}/../{name}", "{nope}/{name}",
      "{year/{name}", "year}/{name}",
    ] {
      XCTAssertThrowsError(try ImportTemplate(text), text) { error in
        XCTAssertFalse("\(error)".contains("\n"))
      }
    }
  }
}
