import PhotoMetadata

extension InfoCommand.Report {
  /// Reads the tags of the file at `path` (its sidecars over its embedded XMP). A sidecar
  /// given as the file is reported as XMP, its problem (malformed, no RDF) as the error.
  mutating func readTags() {
    let reading = XMPReader.read(contentsOf: path)
    tags = InfoTags(reading)
    if reading.isPacketFile {
      format = "xmp"
      error = reading.problems.first
    }
  }
}
