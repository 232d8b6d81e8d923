import Foundation
import PhotoMetadata
import PhotoModel
import XCTest

@testable import Catalog

/// A merge's edit of its keeper's sidecar (the others' tags, rating and label): written as
/// the tag keys write, read back by the XMP reader, followed by the catalog, put back byte
/// for byte by the undo, made again after a kill, and never started on a sidecar it cannot
/// edit.
extension LibraryTrashTests {
  /// A sidecar packet with `body` and `attributes` on its description.
  func packet(_ body: String, attributes: String = "") -> String {
    """
    <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
    xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
    xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
    xmlns:lr="http://ns.adobe.com/lightroom/1.0/" xmlns:my="urn:example:mine" \(attributes)>\
    \(body)</rdf:Description></rdf:RDF></x:xmpmeta>
    <?xpacket end="w"?>
    """
  }

  func subject(_ words: [String], hierarchy: [String]) -> String {
    "<dc:subject><rdf:Bag>" + words.map { "<rdf:li>\($0)</rdf:li>" }.joined()
      + "</rdf:Bag></dc:subject><lr:hierarchicalSubject><rdf:Bag>"
      + hierarchy.map { "<rdf:li>\($0)</rdf:li>" }.joined()
      + "</rdf:Bag></lr:hierarchicalSubject>"
  }

  /// Writes `text` as the sidecar of `photo` (`photo.xmp`) and the catalog reads it.
  @discardableResult
  func writeSidecar(_ text: String, of index: Int) throws -> String {
    let sidecar = paths[index] + ".xmp"
    try Data(text.utf8).write(to: URL(fileURLWithPath: sidecar))
    try catalog.readTags(of: ids[index], photo: paths[index])
    return sidecar
  }

  /// The photo's tags ("a/b", sorted), rating and label as the catalog has them.
  func catalogTags(_ index: Int) throws -> String {
    let tags = try catalog.photoTags()
    let asset = try XCTUnwrap(try catalog.allAssets().first { $0.id == ids[index] })
    let paths = tags.tags(of: asset.id).map { $0.joined(separator: "/") }.sorted()
    return "\(paths.joined(separator: ",")) \(asset.rating) \(tags.label(of: asset.id) ?? "-")"
  }

  /// What the XMP reader reads of the photo's files: tags, rating, label.
  func readBack(_ index: Int) -> String {
    let xmp = XMPReader.read(contentsOf: paths[index]).metadata
    let tags = xmp.tagPaths.map { $0.joined(separator: "/") }.sorted()
    return "\(tags.joined(separator: ",")) \(xmp.rating ?? 0) \(xmp.label ?? "-")"
  }

  func testAMergeWritesTheOthersTagsIntoTheKeepersSidecarAndTheUndoPutsItsBytesBack() throws {
    // p1 (kept) has Trip and a field Lightbox does not know; p2 has Places/Kyoto, 4 stars, Red.
    let sidecar = try writeSidecar(
      packet(subject(["Trip"], hierarchy: ["Trip"]) + "<my:thing>kept</my:thing>"), of: 0)
    try writeSidecar(
      packet(
        subject(["Places", "Kyoto"], hierarchy: ["Places|Kyoto"]),
        attributes: #"xmp:Rating="4" xmp:Label="Red""#), of: 1)
    let before = try XCTUnwrap(bytes(sidecar))
    XCTAssertEqual(try catalogTags(0), "Trip 0 -")

    let edit = XMPEdit(addTags: [["Places", "Kyoto"]], rating: 4, label: "Red")
    XCTAssertEqual(
      try libraryTrash.merge(
        keeper: ids[0], others: [ids[1]], now: now, keeperEdit: (paths[0], edit)), [])
    XCTAssertEqual(readBack(0), "Places/Kyoto,Trip 4 Red")
    XCTAssertEqual(try catalogTags(0), "Places/Kyoto,Trip 4 Red", "the catalog follows")
    let after = try XCTUnwrap(bytes(sidecar))
    XCTAssertTrue(String(decoding: after, as: UTF8.self).contains("<my:thing>kept</my:thing>"))
    XCTAssertEqual(trashListing("files"), ["p2.jpg"])
    let record = try XCTUnwrap(try catalog.merge(keeper: ids[0], others: [ids[1]]))
    XCTAssertTrue(record.done)
    XCTAssertEqual(
      record.sidecar,
      MergeSidecarEdit(photo: paths[0], sidecar: sidecar, before: [UInt8](before), edit: edit))

    XCTAssertEqual(try libraryTrash.undoMerge(keeper: ids[0], others: [ids[1]]), [])
    XCTAssertEqual(bytes(sidecar), before, "byte for byte")
    XCTAssertEqual(try catalogTags(0), "Trip 0 -")
    XCTAssertEqual(readBack(1), "Places/Kyoto 4 Red", "the other is back as it was")
    XCTAssertNil(try catalog.merge(keeper: ids[0], others: [ids[1]]))
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  func testASidecarTheMergeCreatedIsRemovedByTheUndoAndNoneIsMadeForNothing() throws {
    let sidecar = paths[2] + ".xmp"
    // Nothing the keeper lacks: no sidecar.
    XCTAssertEqual(
      try libraryTrash.merge(
        keeper: ids[2], others: [ids[0]], now: now,
        keeperEdit: (paths[2], XMPEdit(addTags: []))), [])
    XCTAssertFalse(exists(sidecar))
    XCTAssertNil(try catalog.merge(keeper: ids[2], others: [ids[0]])?.sidecar)
    XCTAssertEqual(try libraryTrash.undoMerge(keeper: ids[2], others: [ids[0]]), [])

    let edit = XMPEdit(addTags: [["Cat"]], rating: 2)
    XCTAssertEqual(
      try libraryTrash.merge(
        keeper: ids[2], others: [ids[3]], now: now, keeperEdit: (paths[2], edit)), [])
    XCTAssertTrue(exists(sidecar), "made as the tag keys make one: p3.jpg.xmp")
    XCTAssertEqual(readBack(2), "Cat 2 -")
    XCTAssertEqual(try catalogTags(2), "Cat 2 -")
    XCTAssertEqual(try libraryTrash.undoMerge(keeper: ids[2], others: [ids[3]]), [])
    XCTAssertFalse(exists(sidecar))
    XCTAssertEqual(try catalogTags(2), " 0 -")
    XCTAssertTrue(exists(paths[3]))
  }

  func testAMergeKilledAfterItsJournalOrItsSidecarIsFinishedWithTheSameBytes() throws {
    let sidecar = try writeSidecar(packet(subject(["Trip"], hierarchy: ["Trip"])), of: 0)
    let before = try XCTUnwrap(bytes(sidecar))
    let edit = XMPEdit(addTags: [["Cat"]], rating: 5)
    // The bytes a merge that is not killed writes, for comparison.
    let expected = try XMPSidecarWriter.prepare(edit, toPhotoAt: paths[0]).get().after
    let journaled = MergeSidecarEdit(
      photo: paths[0], sidecar: sidecar, before: [UInt8](before), edit: edit)

    // Killed right after the journal's transaction: the sidecar and the files untouched.
    _ = try catalog.beginMerge(keeper: ids[0], others: [ids[1]], now: now, sidecar: journaled)
    XCTAssertEqual(bytes(sidecar), before)
    XCTAssertEqual(libraryTrash.finishMerges(now: now), [])
    XCTAssertEqual(bytes(sidecar).map { [UInt8]($0) }, expected)
    XCTAssertEqual(try catalogTags(0), "Cat,Trip 5 -")
    XCTAssertEqual(trashListing("files"), ["p2.jpg"])

    // Killed after the sidecar's write: the edit made again changes nothing.
    _ = try catalog.beginMerge(
      keeper: ids[0], others: [ids[2]], now: now,
      sidecar: MergeSidecarEdit(photo: paths[0], sidecar: sidecar, before: expected, edit: edit))
    XCTAssertEqual(libraryTrash.finishMerges(now: now), [])
    XCTAssertEqual(bytes(sidecar).map { [UInt8]($0) }, expected)
    XCTAssertEqual(trashListing("files"), ["p2.jpg", "p3.jpg"])
    XCTAssertEqual(try catalog.pendingMerges(), [])
  }

  func testASidecarThatCannotBeEditedStopsTheMergeBeforeAnythingChanges() throws {
    let sidecar = paths[0] + ".xmp"
    try Data("<x:xmpmeta><rdf:RDF>not closed".utf8).write(to: URL(fileURLWithPath: sidecar))
    let before = bytes(sidecar)
    let problems = try libraryTrash.merge(
      keeper: ids[0], others: [ids[1]], now: now,
      keeperEdit: (paths[0], XMPEdit(addTags: [["Cat"]])))
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(problems[0].hasPrefix("not merged: p1.jpg: p1.jpg.xmp"), problems[0])
    XCTAssertEqual(bytes(sidecar), before)
    XCTAssertTrue(exists(paths[1]))
    XCTAssertEqual(trashListing("files"), [])
    XCTAssertNil(try catalog.merge(keeper: ids[0], others: [ids[1]]))
  }
}
