import PhotoModel

/// A photo of the library changed where it stands (a flag, a turn): its position in
/// `LibraryState.assets` and its value before and after.
struct PhotoChange {
  let position: Int
  let old: Asset
  let new: Asset
}
