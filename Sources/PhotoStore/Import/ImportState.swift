/// Importing from a card in the browser: what is offered, and the import running.
public struct ImportState: Hashable, Sendable {
  /// New photos on a mounted card (nil: none).
  public var offer: ImportOffer?
  /// The import under way, from `offer` (nil: none).
  public var running: ImportRun?
  /// The import view's place and marks while it is open (the `.importing` overlay).
  public var picker: ImportPicker?

  public init(offer: ImportOffer? = nil, running: ImportRun? = nil, picker: ImportPicker? = nil) {
    self.offer = offer
    self.running = running
    self.picker = picker
  }
}
