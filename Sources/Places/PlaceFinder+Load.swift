extension PlaceFinder {
  /// The finder over the table `PlaceTableLocation` finds, or why there is none (missing
  /// or damaged: the caller logs it once and goes on without places).
  public static func load(environment: [String: String], executablePath: String?) -> Result<
    PlaceFinder, PlaceTableError
  > {
    guard
      let path = PlaceTableLocation.path(environment: environment, executablePath: executablePath)
    else {
      return .failure(.missing(path: "$XDG_DATA_HOME/lightbox/" + PlaceTableLocation.fileName))
    }
    do throws(PlaceTableError) {
      return .success(PlaceFinder(table: try PlaceTable(path: path)))
    } catch {
      return .failure(error)
    }
  }
}
