import PhotoModel
import XCTest

/// CameraName over the Make/Model pairs of the test corpus (as exiftool reads them).
final class CameraNameTests: XCTestCase {
  func testCorpusMakersReadAsPeopleNameThem() {
    let cases: [(make: String?, model: String?, shown: String?)] = [
      ("Canon", "Canon EOS 40D", "Canon EOS 40D"),
      ("Canon", "Canon PowerShot SX60 HS", "Canon PowerShot SX60 HS"),
      ("NIKON CORPORATION", "NIKON D70", "NIKON D70"),
      ("NIKON", "E950", "Nikon E950"),
      ("NIKON", "COOLPIX P6000", "Nikon COOLPIX P6000"),
      ("OLYMPUS IMAGING CORP.", "E-P3", "Olympus E-P3"),
      ("OLYMPUS CORPORATION", "C8080WZ", "Olympus C8080WZ"),
      ("OLYMPUS OPTICAL CO.,LTD", "C960Z,D460Z", "Olympus C960Z,D460Z"),
      ("samsung", "SM-G930F", "Samsung SM-G930F"),
      ("samsung", "Galaxy S24 Ultra", "Samsung Galaxy S24 Ultra"),
      (
        "EASTMAN KODAK COMPANY", "KODAK CX7530 ZOOM DIGITAL CAMERA",
        "KODAK CX7530 ZOOM DIGITAL CAMERA"
      ),
      ("Eastman Kodak Company", "DC210 Zoom (V05.00)", "Kodak DC210 Zoom (V05.00)"),
      ("PENTAX Corporation", "PENTAX K10D", "PENTAX K10D"),
      ("PENTAX DIGITAL CAMERA", nil, "Pentax"),
      ("FUJIFILM", "FinePix S5Pro", "Fujifilm FinePix S5Pro"),
      ("FUJIFILM", "DX-10", "Fujifilm DX-10"),
      ("OnePlus", "ONEPLUS A5010", "ONEPLUS A5010"),
      ("HTC", "HTC Desire", "HTC Desire"),
      ("SONY", "ILCE-7SM3", "Sony ILCE-7SM3"),
      ("Panasonic", "DMC-FZ30", "Panasonic DMC-FZ30"),
      ("Apple", "iPhone X", "Apple iPhone X"),
      ("Google", "Pixel 4a", "Google Pixel 4a"),
    ]
    for c in cases {
      XCTAssertEqual(
        CameraName.display(make: c.make, model: c.model), c.shown,
        "\(c.make ?? "nil") / \(c.model ?? "nil")")
    }
  }

  func testMissingBlankAndUnknownParts() {
    XCTAssertNil(CameraName.display(make: nil, model: nil))
    XCTAssertNil(CameraName.display(make: "  ", model: "\0"))
    XCTAssertEqual(CameraName.display(make: nil, model: "DSC-RX100"), "DSC-RX100")
    XCTAssertEqual(CameraName.display(make: "Acme Optics ", model: nil), "Acme Optics")
    XCTAssertEqual(CameraName.display(make: "Acme", model: "Acme 5"), "Acme 5")
    // A model that only starts with the make's letters is not a repeat of it.
    XCTAssertEqual(CameraName.display(make: "Leica", model: "Leicaflex"), "Leica Leicaflex")
  }
}
