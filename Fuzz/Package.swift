// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for Lightbox's parsers and decoders (issue 7). Build and run with
/// `scripts/fuzz TARGET SECONDS`; see docs/security.md.
///
/// The root package exports no library products, so the modules under test are reached
/// through symbolic links to `../Sources/<Module>` and compiled here with the fuzzer and
/// address sanitizer (see docs/DECISIONS.md). The dependency list mirrors the root
/// Package.swift for the modules linked.
let package = Package(
  name: "LightboxFuzz",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0")
  ],
  targets: [
    .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg"),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng"),
    .target(name: "CSixel", dependencies: ["CLibraryLoader"]),
    .target(name: "CLibraryLoader"),
    .target(name: "CFFmpeg", dependencies: ["CLibraryLoader"]),
    .target(name: "CHeif", dependencies: ["CLibraryLoader", "CFFmpeg", "CImageKernels"]),
    .target(name: "CWebP", dependencies: ["CLibraryLoader"]),
    .target(name: "CGIF", dependencies: ["CLibraryLoader"]),
    .target(name: "CTIFF", dependencies: ["CLibraryLoader"]),
    .target(name: "CLCMS2", dependencies: ["CLibraryLoader"]),
    .target(name: "CPNGWriter", linkerSettings: [.linkedLibrary("z")]),
    .target(name: "CImageKernels"),
    .target(name: "CJPEGRegion", linkerSettings: [.linkedLibrary("jpeg")]),
    .target(name: "CFuzzDriver"),
    // The place table target's grid fill and CRC-32, outside the fuzzer's instrumentation.
    .target(name: "CFuzzPlaceTable", linkerSettings: [.linkedLibrary("z")]),
    .target(name: "CProcessSandbox"),
    .target(name: "CImportIO", dependencies: ["CLibraryLoader"]),
    .target(name: "Places"),
    .target(name: "PhotoModel"),
    .target(name: "PhotoMetadata", dependencies: ["PhotoModel"]),
    .target(name: "PhotoStore", dependencies: ["PhotoModel"]),
    .target(
      name: "Pixels", dependencies: ["PhotoModel", "CPNG", "CPNGWriter", "CImageKernels"]),
    .target(
      name: "Decoders",
      dependencies: [
        "PhotoModel", "PhotoMetadata", "Pixels", "CTurboJPEG", "CPNG", "CPNGWriter",
        "CImageKernels", "CJPEGRegion", "CHeif", "CWebP", "CGIF", "CTIFF", "CLCMS2", "CFFmpeg",
      ]),
    .target(
      name: "DecodeWorker",
      dependencies: ["PhotoModel", "PhotoMetadata", "Pixels", "Decoders", "CProcessSandbox"]),
    .target(
      name: "ThumbnailCache",
      dependencies: ["PhotoModel", "PhotoMetadata", "Pixels", "Decoders", "DecodeWorker"]),
    .target(
      name: "TerminalGraphics", dependencies: ["PhotoModel", "Pixels", "CSixel", "CImageKernels"]),
    .target(name: "Digests", dependencies: ["CImportIO"]),
    .target(
      name: "Similarity",
      dependencies: ["PhotoModel", "PhotoMetadata", "Pixels", "Digests", "CImageKernels"]),
    .target(name: "TerminalUI", dependencies: ["PhotoModel", "PhotoStore"]),
    .target(
      name: "Settings",
      dependencies: [
        "PhotoModel", "PhotoStore", "TerminalUI", "TerminalGraphics",
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]),

    // One executable per fuzz target; its main hands the input callback to
    // LLVMFuzzerRunDriver.
    .executableTarget(
      name: "FuzzJPEG", dependencies: ["CFuzzDriver", "Decoders", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(
      name: "FuzzPNG", dependencies: ["CFuzzDriver", "Decoders", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(name: "FuzzEXIF", dependencies: ["CFuzzDriver", "PhotoMetadata"]),
    .executableTarget(
      name: "FuzzPNGWriter", dependencies: ["CFuzzDriver", "Pixels", "Decoders", "PhotoModel"]),
    .executableTarget(
      name: "FuzzPNGChunks",
      dependencies: ["CFuzzDriver", "Decoders", "ThumbnailCache", "PhotoMetadata"]),
    .executableTarget(
      name: "FuzzFileNameDate", dependencies: ["CFuzzDriver", "PhotoMetadata", "TerminalUI"]),
    .executableTarget(
      name: "FuzzTheme",
      dependencies: [
        "CFuzzDriver", "Settings", "TerminalUI", .product(name: "TOMLKit", package: "TOMLKit"),
      ]),
    .executableTarget(name: "FuzzReplyParser", dependencies: ["CFuzzDriver", "TerminalGraphics"]),
    .executableTarget(
      name: "FuzzRAW", dependencies: ["CFuzzDriver", "Decoders", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(
      name: "FuzzHEIFItems", dependencies: ["CFuzzDriver", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(name: "FuzzICC", dependencies: ["CFuzzDriver", "Decoders", "PhotoModel"]),
    .executableTarget(
      name: "FuzzMatroska", dependencies: ["CFuzzDriver", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(
      name: "FuzzAVI", dependencies: ["CFuzzDriver", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(
      name: "FuzzPastHead", dependencies: ["CFuzzDriver", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(
      name: "FuzzQuickTime", dependencies: ["CFuzzDriver", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(
      name: "FuzzTIFF", dependencies: ["CFuzzDriver", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(
      name: "FuzzWebP", dependencies: ["CFuzzDriver", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(name: "FuzzImageData", dependencies: ["CFuzzDriver", "Similarity"]),
    .executableTarget(
      name: "FuzzXMP", dependencies: ["CFuzzDriver", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(
      name: "FuzzExifDates", dependencies: ["CFuzzDriver", "PhotoMetadata", "PhotoModel"]),
    .executableTarget(name: "FuzzXMPWrite", dependencies: ["CFuzzDriver", "PhotoMetadata"]),
    .executableTarget(
      name: "FuzzHEIFXMPWrite", dependencies: ["CFuzzDriver", "PhotoMetadata"]),
    .executableTarget(
      name: "FuzzHEIFGrid", dependencies: ["CFuzzDriver", "PhotoMetadata"]),
    .executableTarget(
      name: "FuzzPlaceTable", dependencies: ["CFuzzDriver", "CFuzzPlaceTable", "Places"]),
  ]
)
