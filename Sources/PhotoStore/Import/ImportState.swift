/// Importing from a card in the browser: what is offered, and the import running.
public struct ImportState: Hashable, Sendable {
  /// New photos on a mounted card (nil: none).
  public var offer: ImportOffer?
  /// The import under way, from `offer` (nil: none).
  public var running: ImportRun?

  public init(offer: ImportOffer? = nil, running: ImportRun? = nil) {
    self.offer = offer
    self.running = running
  }
}
