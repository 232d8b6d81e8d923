import PhotoModel

extension MetadataReader {
  /// An AVIF sequence's movie header on top of what its HEIF items gave: the frame count,
  /// length, codec and the size of the track its frames are decoded from, and the movie
  /// header's creation time as the capture date when no Exif or XMP date was found.
  ///
  /// `dateTimeOriginal` stays the Exif field's: an AVIF sequence is a picture, and its
  /// movie header's time is not an Exif date (a video's is given there as exiftool does).
  static func addMovie(
    head: [UInt8], to metadata: inout PhotoMetadata, load: (Range<Int>) -> [UInt8]?
  ) {
    var movie = PhotoMetadata()
    readVideo(head: head, into: &movie, load: load)
    guard let video = movie.video, video.codedSize != nil || video.frameCount != nil else {
      return
    }
    metadata.video = video
    if let size = movie.pixelSize { metadata.pixelSize = size }
    if metadata.captureDate == nil { metadata.captureDate = movie.captureDate }
    if metadata.gps == nil { metadata.gps = movie.gps }
  }
}
