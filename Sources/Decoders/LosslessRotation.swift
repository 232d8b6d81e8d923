import Pixels
import CTurboJPEG
import PhotoMetadata
import PhotoModel

/// Turns JPEGs without re-encoding them: TurboJPEG's `tjTransform` moves the DCT blocks
/// (perfect transforms only, every APPn and COM segment kept) and the EXIF thumbnail is
/// turned with them, and a JPEG whose size is not a whole number of MCUs gets its EXIF
/// Orientation value changed in place instead (an entry is added when it has none).
///
/// The turn is the one the user sees: the file's own orientation is taken into account, so a
/// mirrored photo (orientation 2, 4, 5, 7) has its stored pixels turned the other way. The
/// transformed bytes equal `jpegtran -copy all -perfect -rotate D` for that stored turn D
/// (docs/DECISIONS.md), but for the EXIF thumbnail, which jpegtran leaves as it was: jpegtran
/// also keeps the Orientation value as it was.
public enum LosslessRotation {
  /// What was changed in a file.
  public enum Method: Sendable, Equatable {
    /// The stored pixels were turned by this much (orientation value kept).
    case transformed(ImageRotation)
    /// The EXIF Orientation value was changed to this one (pixels kept): the size is not a
    /// whole number of MCUs, or TurboJPEG cannot transform the file's colour layout.
    case orientationTag(Orientation)
  }

  /// The new bytes of a file and how they differ from the old.
  public struct Outcome: Sendable, Equatable {
    public var bytes: [UInt8]
    public var method: Method
  }

  /// `jpeg` turned by `rotation` as seen; a one-line error when it is not a JPEG, is damaged,
  /// or can be neither transformed perfectly nor given a new Orientation value.
  public static func rotate(jpeg: [UInt8], by rotation: ImageRotation)
    -> Result<Outcome, ImageError>
  {
    guard ImageDecoder.format(of: jpeg) == .jpeg else {
      return .failure(ImageError(jpeg.isEmpty ? "empty file" : "not a JPEG file"))
    }
    let orientation = MetadataReader.read(bytes: jpeg).orientation
    let stored = orientation.storedRotation(for: rotation)
    switch transform(jpeg, by: stored) {
    case .success(let bytes):
      let turned = turningThumbnail(of: bytes, by: stored)
      return .success(Outcome(bytes: turned, method: .transformed(stored)))
    case .failure(.imperfect(let why)):
      return retag(jpeg, orientation: orientation.rotated(by: rotation), because: why)
    case .failure(.failed(let error)):
      return .failure(error)
    }
  }

  /// Why `tjTransform` gave up.
  enum TransformFailure: Error {
    /// A perfect transform is impossible (partial MCUs) or TurboJPEG cannot say the file's
    /// MCU size (an unusual sampling): the Orientation value is the lossless way left.
    case imperfect(String)
    /// The file is damaged or not a JPEG TurboJPEG reads.
    case failed(ImageError)
  }

  /// The stored pixels of `jpeg` turned by `rotation`, every marker segment copied.
  static func transform(_ jpeg: [UInt8], by rotation: ImageRotation)
    -> Result<[UInt8], TransformFailure>
  {
    guard let handle = tjInitTransform() else {
      return .failure(.failed(ImageError("TurboJPEG could not start a transformer")))
    }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    // tjAlloc'd output: freed on every path, failure included.
    defer { if let output { tjFree(output) } }
    // TJXOPT_COPYNONE is not set: every APPn and COM segment is copied (JCOPYOPT_ALL).
    var spec = tjtransform()
    spec.op = rotation.transformOperation
    spec.options = TJXOPT_PERFECT
    let status = jpeg.withUnsafeBufferPointer { input in
      tjTransform(handle, input.baseAddress, UInt(input.count), 1, &output, &size, &spec, 0)
    }
    guard status == 0, let output, size >= 4 else {
      let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
      // TurboJPEG 2.1's own messages for the two lossless-but-not-by-transform cases.
      if reason.contains("Transform is not perfect") {
        return .failure(.imperfect("its size is not a whole number of MCUs"))
      }
      if reason.contains("Could not determine subsampling type") {
        return .failure(.imperfect("TurboJPEG cannot transform its chroma sampling"))
      }
      let text = reason.hasPrefix("tjTransform(): ") ? String(reason.dropFirst(15)) : reason
      return .failure(.failed(ImageError.oneLine("cannot transform: \(text)")))
    }
    return .success(Array(UnsafeBufferPointer(start: output, count: Int(size))))
  }

  /// `jpeg` with its IFD0 Orientation value set to `orientation` (the entry added when it
  /// has none), when its header reads.
  static func retag(_ jpeg: [UInt8], orientation: Orientation, because why: String)
    -> Result<Outcome, ImageError>
  {
    if let problem = headerProblem(jpeg) { return .failure(problem) }
    let tagged =
      ExifOrientationEntry(in: jpeg) == nil ? ExifOrientationEntry.adding(to: jpeg) : jpeg
    guard let tagged, let entry = ExifOrientationEntry(in: tagged) else {
      return .failure(
        ImageError(
          "cannot rotate losslessly (\(why)) and no EXIF Orientation entry can be changed or added"
        ))
    }
    let bytes = entry.writing(orientation.rawValue, into: tagged)
    return .success(Outcome(bytes: bytes, method: .orientationTag(orientation)))
  }

  /// Why TurboJPEG cannot read the header of `jpeg`, or nil when it can.
  static func headerProblem(_ jpeg: [UInt8]) -> ImageError? {
    guard let handle = tjInitDecompress() else {
      return ImageError("TurboJPEG could not start a decompressor")
    }
    defer { tjDestroy(handle) }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let status = jpeg.withUnsafeBufferPointer { input in
      tjDecompressHeader3(
        handle, input.baseAddress, UInt(input.count), &width, &height, &subsampling, &colorspace)
    }
    let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
    // TurboJPEG 2.1 reads the whole header before it fails on an unusual sampling.
    if status == 0 ? width > 0 && height > 0 : reason.contains("determine subsampling type") {
      return nil
    }
    return ImageError.oneLine("cannot read the JPEG header: \(reason)")
  }
}
