/// The file Lightbox leaves in a folder it exports photos into, so that the folder is never
/// indexed as part of a library that holds it (the exported copies carry no metadata and
/// would show up as new photos dated the day they were written); a folder the user added
/// as a root is indexed all the same. Hidden, so no library shows it.
public enum ExportMarker {
  /// The marker's file name.
  public static let fileName = ".lightbox-export"

  /// What the marker says to someone who finds it.
  public static let text = """
    Lightbox exported photos into this folder. It does not index this folder as part of a
    library that contains it; delete this file to have it indexed.

    """
}
