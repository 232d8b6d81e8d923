import PhotoModel

/// What a video container's header says: the video track (`VideoInfo`), its dates,
/// location and Apple's keys, whichever scanner (MP4/QuickTime, Matroska/WebM, AVI) read it.
struct MovieHeader {
  var info = VideoInfo()
  /// The creation instant in seconds since 1970 (UTC): `mvhd`, Matroska's `DateUTC` or a
  /// `creation_time` tag; nil when zero or absent.
  var creationTime: Int64?
  /// `com.apple.quicktime.creationdate` as written ("2019-07-24T10:25:57+0200").
  var appleCreationDate: String?
  /// A date with no time zone, as a camera's clock showed it (an AVI's `IDIT` or `ICRD`).
  var localDate: CaptureDate?
  var gps: GPSCoordinate?
  /// `com.apple.quicktime.make` and `.model` ("Apple", "iPhone 6").
  var make: String?
  var model: String?
  /// False when no `moov` box was found at all.
  var hasMovie = false
}
