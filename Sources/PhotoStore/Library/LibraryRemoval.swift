import PhotoModel

/// Photos taken out of the library's list: their positions in it before (ascending) and
/// the photos, in that order.
struct LibraryRemoval {
  let positions: [Int]
  let photos: [Asset]
}
