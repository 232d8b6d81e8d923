import PhotoModel
import XCTest

@testable import LightboxApp

/// A person's cover is their face with room around it, at the card's shape, inside the
/// picture.
final class FaceCropTests: XCTestCase {
  func testTheFaceWithRoomAroundItAtTheCardsShape() {
    // A 1000×500 picture, a 100×50 face centred at (500, 250); a square card.
    let face = FaceArea(left: 0.45, top: 0.45, width: 0.1, height: 0.1)
    let rect = FaceCrop.rect(around: face, width: 1000, height: 500, aspect: 1)
    XCTAssertEqual(rect.width, 220, "2.2 times the face's width")
    XCTAssertEqual(rect.height, 220, "widened to the square card")
    XCTAssertEqual(rect.x + rect.width / 2, 500, "centred on the face")
    XCTAssertEqual(rect.y + rect.height / 2, 250)
  }

  func testAFaceAtTheEdgeIsMovedInsideNotCut() {
    let face = FaceArea(left: 0.9, top: 0, width: 0.1, height: 0.1)
    let rect = FaceCrop.rect(around: face, width: 400, height: 300, aspect: 1.25)
    XCTAssertEqual(rect.x + rect.width, 400, "against the right edge")
    XCTAssertEqual(rect.y, 0, "against the top")
    XCTAssertEqual(Double(rect.width) / Double(rect.height), 1.25, accuracy: 0.02)
  }

  func testALargeFaceIsNoLargerThanThePicture() {
    let face = FaceArea(left: 0.1, top: 0.1, width: 0.8, height: 0.8)
    let rect = FaceCrop.rect(around: face, width: 300, height: 200, aspect: 1)
    XCTAssertEqual(rect.height, 200)
    XCTAssertEqual(rect.width, 200)
    XCTAssertTrue(rect.x >= 0 && rect.x + rect.width <= 300)
  }

  func testNoFaceIsTheWholePicture() {
    let rect = FaceCrop.rect(around: .none, width: 300, height: 200, aspect: 1)
    XCTAssertEqual([rect.x, rect.y, rect.width, rect.height], [0, 0, 300, 200])
  }
}
