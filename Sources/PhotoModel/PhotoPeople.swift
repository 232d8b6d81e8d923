/// The people named in the library's photos (XMP face regions): each name kept once, each
/// photo's people as indices into them, with where each face is.
///
/// Held beside the assets as `PhotoTags` is, so a million photos hold no string a photo:
/// the photos with people are one sorted array of ids, their people one flat array of 32-bit
/// indices cut by offsets, and the faces a parallel array of 8-byte areas (DECISIONS.md,
/// 2026-11-28).
public struct PhotoPeople: Hashable, Sendable {
  /// Every person's name, each once; a photo's people are indices into it.
  public private(set) var names: [String]
  /// The photos with at least one named person, ascending.
  public private(set) var photoIDs: [AssetID]
  /// Where each photo's people start in `personIndices` (one more entry than `photoIDs`).
  private var starts: [UInt32]
  /// Every photo's people, photo after photo.
  private var personIndices: [UInt32]
  /// Each entry of `personIndices`' face in that photo (`FaceArea.none` without one).
  private var faces: [FaceArea]

  /// Nobody.
  public init() {
    names = []
    photoIDs = []
    starts = [0]
    personIndices = []
    faces = []
  }

  /// The names `names` and the photos' people as (photo, person, face) rows sorted by photo
  /// (as the catalog reads them): built in one pass, without a list per photo.
  public init(
    names: [String], sortedPhotoIDs ids: [AssetID], personIndices people: [UInt32],
    faces: [FaceArea]
  ) {
    precondition(ids.count == people.count && people.count == faces.count)
    self.init()
    self.names = names
    personIndices = people
    self.faces = faces
    for (i, id) in ids.enumerated() where photoIDs.last != id {
      if !photoIDs.isEmpty { starts.append(UInt32(i)) }
      photoIDs.append(id)
    }
    starts.append(UInt32(people.count))
    if photoIDs.isEmpty { starts = [0] }
  }

  /// The people of each photo of `photos` (names with their faces, in any order of photos),
  /// for tests and benchmarks.
  public init(photos: [(id: AssetID, people: [(name: String, face: FaceArea)])]) {
    var index: [String: Int] = [:]
    var names: [String] = []
    var ids: [AssetID] = []
    var people: [UInt32] = []
    var faces: [FaceArea] = []
    for photo in photos.sorted(by: { $0.id < $1.id }) {
      for person in photo.people {
        let slot = index[person.name] ?? names.count
        if slot == names.count {
          index[person.name] = slot
          names.append(person.name)
        }
        ids.append(photo.id)
        people.append(UInt32(slot))
        faces.append(person.face)
      }
    }
    self.init(names: names, sortedPhotoIDs: ids, personIndices: people, faces: faces)
  }

  /// True when no photo names a person.
  public var isEmpty: Bool { photoIDs.isEmpty }

  /// The names of the people in the photo `id`, in the order written.
  public func names(of id: AssetID) -> [String] {
    guard let row = row(of: id) else { return [] }
    return personIndices[Int(starts[row])..<Int(starts[row + 1])].map { names[Int($0)] }
  }

  /// The face of person `person` (an index into `names`) in the photo `id`, nil when the
  /// photo does not name them or gives no rectangle.
  public func face(of person: Int, in id: AssetID) -> FaceArea? {
    guard let row = row(of: id) else { return nil }
    for k in Int(starts[row])..<Int(starts[row + 1]) where personIndices[k] == UInt32(person) {
      return faces[k].isEmpty ? nil : faces[k]
    }
    return nil
  }

  /// Calls `body` with each photo's id and its people (indices into `names`), in id order:
  /// what counting and searching read, without a lookup per photo.
  public func forEachPhoto(_ body: (AssetID, ArraySlice<UInt32>) -> Void) {
    for row in photoIDs.indices {
      body(photoIDs[row], personIndices[Int(starts[row])..<Int(starts[row + 1])])
    }
  }

  /// The row of the photo `id` in `photoIDs`, by binary search.
  private func row(of id: AssetID) -> Int? { photoIDs.indexInSorted(id) }
}
