extension RAWPairing {
  /// Which RAW files `pair` folds into a photo, found while the library goes by one photo
  /// at a time instead of from a list of all of them (the browser's grouping reads the
  /// catalog row by row, issue 32 §6). Told the RAW files first, it keeps a key only for the
  /// stills that share a stem with one of them, as `pair` does.
  public struct Folding: Sendable {
    private let rawStems: Set<String>
    /// The stems that have a JPEG or HEIF beside them (`pair` takes the first such still;
    /// which one it is makes no difference to which RAW files are folded).
    private var fronts = Set<String>()
    /// The RAW files seen, in order, with the number the caller gave each.
    private var raws: [(stem: String, number: Int)] = []

    /// Ready for a library whose RAW files are `raws` (any order).
    public init(raws: [Asset]) {
      rawStems = Set(raws.filter { $0.format == .raw }.map { stemKey($0.path) })
    }

    /// No RAW files: nothing is ever folded.
    public var isEmpty: Bool { rawStems.isEmpty }

    /// Takes the next photo of the library, in the order `pair` would see it, under the
    /// caller's `number` for it.
    public mutating func see(_ asset: Asset, number: Int) {
      guard !rawStems.isEmpty else { return }
      if asset.format == .raw {
        raws.append((stemKey(asset.path), number))
      } else if [.jpeg, .heic, .avif].contains(asset.format) {
        let key = stemKey(asset.path)
        if rawStems.contains(key) { fronts.insert(key) }
      }
    }

    /// The numbers of the RAW files `pair` folds: the first RAW file of each stem that has
    /// a still beside it (a still takes one RAW file).
    public func folded() -> Set<Int> {
      var taken = Set<String>()
      var folded = Set<Int>()
      for raw in raws where fronts.contains(raw.stem) && taken.insert(raw.stem).inserted {
        folded.insert(raw.number)
      }
      return folded
    }
  }
}
