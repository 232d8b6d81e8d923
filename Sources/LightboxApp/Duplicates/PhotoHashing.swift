import Catalog
import DecodeWorker
import Decoders
import PhotoModel
import Pixels
import Similarity

/// One photo's hashes for the duplicate finder, made the one way the browser's background
/// job and `lightbox duplicates` share: the image data's SHA-256, and the perceptual hashes
/// of the upright picture decoded small through the sandboxed decoder.
public enum PhotoHashing {
  /// The photos' pictures are decoded to fit this box for the perceptual hash: a JPEG then
  /// decodes at 1/8 scale (its DCT scaling), and 128 px is far more than the 32×32 grid needs.
  public static let hashBox = PixelSize(width: 128, height: 128)

  /// One photo's hashes, and why the perceptual one is missing when it is.
  public struct Hashes: Sendable {
    public var digest: ImageDigest
    public var hash: PerceptualHash?
    public var flatColour: RGB?
    public var problem: String?
  }

  /// The image-data digest of `asset`'s file and the perceptual hashes of its upright
  /// picture (the file is read once for both).
  public static func hashes(of asset: Asset, decoder: PhotoDecoder)
    -> Swift.Result<Hashes, ImageDataError>
  {
    hashes(path: asset.path, orientation: asset.orientation, decoder: decoder)
  }

  /// The hashes of the file at `path`, its picture turned upright by `orientation`.
  public static func hashes(path: String, orientation: Orientation, decoder: PhotoDecoder)
    -> Swift.Result<Hashes, ImageDataError>
  {
    let bytes: [UInt8]
    switch ImageDecoder.readFile(path: path) {
    case .success(let read): bytes = read
    case .failure(let error): return .failure(ImageDataError(error.reason))
    }
    return ImageDataHash.digest(of: bytes).map { digest in
      let options = DecodeOptions(
        target: hashBox, mode: .fit, quality: .fast, orientation: orientation,
        background: .black)
      switch decoder.decode(data: bytes, path: path, options: options) {
      case .success(let bitmap):
        let hash = PerceptualHash(bitmap)
        return Hashes(
          digest: digest, hash: hash,
          flatColour: hash == nil ? PerceptualHash.flatColour(of: bitmap) : nil)
      case .failure(let error):
        return Hashes(digest: digest, problem: "not compared by looks: \(error.reason)")
      }
    }
  }

  /// Capture-date sources that are the camera's own clock (bursts are timed by them).
  public static let cameraClock: Set<CaptureDateSource> = [
    .exif, .exifCreateDate, .xmp, .pngText,
  ]

  /// What the grouping needs to know of `asset`.
  public static func print(of asset: Asset, digest: ImageDigest?, hash: PerceptualHash?)
    -> PhotoPrint
  {
    var camera = asset.cameraModel ?? ""
    // "Canon" + "Canon EOS 40D" is "Canon EOS 40D".
    if let make = asset.cameraMake, !camera.lowercased().hasPrefix(make.lowercased()) {
      camera = camera.isEmpty ? make : make + " " + camera
    }
    let metadata: [Bool] = [
      asset.cameraMake != nil, asset.cameraModel != nil, asset.lensModel != nil,
      asset.exposure != nil, asset.latitude != nil, cameraClock.contains(asset.captureDate.source),
    ]
    return PhotoPrint(
      path: asset.path,
      pixelSize: asset.storedPixelSize.map { asset.orientation.displaySize(ofStored: $0) },
      byteSize: asset.byteSize, camera: camera.isEmpty ? nil : camera,
      shotMilliseconds: cameraClock.contains(asset.captureDate.source)
        ? asset.captureDate.localSortKey : nil,
      dateKey: asset.captureDate.localSortKey, metadataCount: metadata.filter { $0 }.count,
      digest: digest, hash: hash)
  }
}
