import PhotoMetadata

/// The edits the target makes, picked by the input's length: tags added and removed
/// (hierarchical, with characters to escape), rating, label, title and caption set and
/// removed.
let edits = [
  XMPEdit(
    addTags: [["Places", "Japan", "Kyoto"], ["a&b <c>"]], rating: 3, label: "Red",
    title: "T <1> & \"2\"", caption: "C\n2"),
  XMPEdit(
    removeTags: [["x"], ["a", "b"], ["seed"]], rating: -1, label: "", title: "", caption: ""),
  XMPEdit(addTags: [["x"]], removeTags: [["s", "t"]], title: "Titre"),
  XMPEdit(rating: 0, caption: "only"),
]

/// The XMP sidecar writer (`XMPSidecarWriter.edited`: `XMLReader`'s spans, the packet
/// editor's list, language-alternative and simple-value edits, new namespace declarations)
/// on the input as an existing sidecar. A packet it refuses is fine; one it accepts must
/// come back reading cleanly with the edit made, and a refusal must never be the editor's
/// own "internal error".
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMPWrite(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let packet = Array(UnsafeBufferPointer(start: start, count: min(count, 65_000)))
  let edit = edits[packet.count % edits.count]
  var seed = XMPMetadata()
  seed.keywords = ["seed"]
  seed.hierarchicalKeywords = [["s", "t"]]
  switch XMPSidecarWriter.edited(packet, by: edit, seed: seed) {
  case .failure(let error):
    if error.reason.hasPrefix("internal error") { fatalError(error.reason) }
  case .success(let written):
    if let problem = XMPMetadata.problem(inPacket: written) {
      fatalError("the written packet reads with a problem: \(problem)")
    }
    let m = XMPMetadata(packet: written)
    for path in edit.addTags {
      guard m.keywords?.contains(path[path.count - 1]) == true,
        m.hierarchicalKeywords?.contains(path) == true
      else { fatalError("tag \(path) not read back: \(m)") }
    }
    for path in edit.removeTags where m.hierarchicalKeywords?.contains(path) == true {
      fatalError("tag \(path) still read: \(m)")
    }
    if let rating = edit.rating, m.rating != rating { fatalError("rating: \(m)") }
    for (set, read) in [(edit.label, m.label), (edit.title, m.title), (edit.caption, m.caption)] {
      if let set, !set.isEmpty, read != set {
        fatalError("\(set) read back as \(String(describing: read))")
      }
    }
  }
  return 0
}
