// swift-tools-version:6.0
import PackageDescription

/// Lightbox: the Photos app of the terminal. Module layout follows docs/architecture.md;
/// arrows only point down the list (leaves first).
let package = Package(
  name: "Lightbox",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "lightbox", targets: ["lightbox"]),
    .executable(name: "lightbox-decode-worker", targets: ["lightbox-decode-worker"]),
    // For the Benchmarks package (its own, so benchmark code never ships in the binary).
    .library(
      name: "LightboxKit",
      targets: [
        "PhotoModel", "PhotoMetadata", "PhotoStore", "Catalog", "Pixels", "Decoders",
        "DecodeWorker", "ThumbnailCache", "TerminalGraphics",
        "TerminalUI", "TerminalBackend", "Settings", "DemoLibrary", "LightboxApp",
        "LightboxCommands", "Places", "LibraryImport", "Similarity",
      ]),
  ],
  // Pinned to the versions Lightbox is tested with, as an application pins what it ships
  // (Package.resolved stays out of git: see docs/DECISIONS.md).
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
  ],
  targets: [
    // What the loaders of the libraries loaded on first use share (dlopen, the lookups).
    .target(name: "CLibraryLoader"),
    // C libraries from Debian's -dev packages.
    .systemLibrary(
      name: "CNCurses", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    // libsixel's header, the library loaded on first use, not linked (see the header).
    .target(name: "CSixel", dependencies: ["CLibraryLoader"]),
    // The decoders of issue 15 (HEIF/AVIF, WebP, GIF, TIFF) and colour management.
    // libheif's header, the library loaded on first use, not linked (see the header).
    .target(name: "CHeif", dependencies: ["CLibraryLoader", "CFFmpeg", "CImageKernels"]),
    // libwebp's, giflib's, libtiff's and lcms2's headers: the libraries are loaded on first
    // use, not linked (see the headers).
    .target(name: "CWebP", dependencies: ["CLibraryLoader"]),
    .target(name: "CGIF", dependencies: ["CLibraryLoader"]),
    .target(name: "CTIFF", dependencies: ["CLibraryLoader"]),
    .target(name: "CLCMS2", dependencies: ["CLibraryLoader"]),
    // Videos (issue 16): container probing and poster frames, in the decode worker.
    // FFmpeg's headers, its libraries loaded on first use, not linked (see the header).
    .target(name: "CFFmpeg", dependencies: ["CLibraryLoader"]),
    // Async-signal-safe terminal restore on fatal signals (see docs/DECISIONS.md).
    .target(name: "CTerminalGuard"),
    // ncurses' scrolling capabilities taken out of the loaded description (see the file).
    .target(
      name: "CTerminfoPatch", dependencies: ["CNCurses"],
      linkerSettings: [.linkedLibrary("ncursesw")]),
    .target(name: "CPNGWriter", linkerSettings: [.linkedLibrary("z")]),
    .target(name: "CImageKernels"),
    // A JPEG's visible region at a scale (libjpeg's crop and skip; setjmp stays in C).
    .target(name: "CJPEGRegion", linkerSettings: [.linkedLibrary("jpeg")]),
    // The commit a build comes from (scripts/install passes it with -Xcc).
    .target(name: "CBuildInfo"),
    // prctl, rlimits, seccomp and posix_spawn for the decode worker (see docs/DECISIONS.md).
    .target(name: "CProcessSandbox"),
    // statfs's f_type, which Swift's Glibc module does not declare (network mounts are polled).
    .target(name: "CFileSystem"),
    // SHA-256 (OpenSSL's libcrypto, loaded on first use, not linked: see import_io.c) and
    // renameat2(RENAME_NOREPLACE) for verified imports.
    .target(name: "CImportIO", dependencies: ["CLibraryLoader"]),
    // The one streaming SHA-256 (imports' verified copies, the duplicate finder's hashes).
    .target(name: "Digests", dependencies: ["CImportIO"]),

    .target(name: "PhotoModel"),
    .target(name: "PhotoMetadata", dependencies: ["PhotoModel"]),
    .target(name: "PhotoStore", dependencies: ["PhotoModel"]),
    // Positions to place names: the GeoNames table scripts/places-table installs, mapped.
    .target(name: "Places"),
    .target(
      name: "Catalog",
      dependencies: [
        "PhotoModel", "PhotoMetadata", "Places", "CFileSystem",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    // Duplicates, similar photos and bursts (issue 35): image-data hashes, perceptual hashes,
    // near-neighbour grouping and the suggested keeper. Pure but for SHA-256 (CImportIO's).
    .target(
      name: "Similarity",
      dependencies: ["PhotoModel", "PhotoMetadata", "Pixels", "Digests", "CImageKernels"]),
    // Import (issue 36): verified copies from a card or folder into the library, planned
    // with the index's own metadata reading and pairing.
    .target(
      name: "LibraryImport", dependencies: ["PhotoModel", "Catalog", "Digests", "CImportIO"]),
    // Pictures in four rooms (docs/architecture.md): the pixels every picture-making module
    // shares; the decoders; the one door to them for risky formats (the sandboxed worker);
    // the thumbnail cache and export on top.
    .target(
      name: "Pixels", dependencies: ["PhotoModel", "CPNG", "CPNGWriter", "CImageKernels"]),
    .target(
      name: "Decoders",
      dependencies: [
        "PhotoModel", "PhotoMetadata", "Pixels", "CTurboJPEG", "CPNG", "CPNGWriter",
        "CImageKernels",
        "CJPEGRegion", "CHeif", "CWebP", "CGIF", "CTIFF", "CLCMS2", "CFFmpeg",
      ]),
    .target(
      name: "DecodeWorker",
      dependencies: ["PhotoModel", "PhotoMetadata", "Pixels", "Decoders", "CProcessSandbox"]),
    .target(
      name: "ThumbnailCache",
      dependencies: ["PhotoModel", "PhotoMetadata", "Pixels", "Decoders", "DecodeWorker"]),
    .target(
      name: "TerminalGraphics", dependencies: ["PhotoModel", "Pixels", "CSixel", "CImageKernels"]),
    // The pure view: links no C library (a test checks).
    .target(name: "TerminalUI", dependencies: ["PhotoModel", "PhotoStore"]),
    .target(
      name: "TerminalBackend",
      dependencies: [
        "PhotoModel", "PhotoStore", "TerminalUI", "TerminalGraphics", "CNCurses", "CTerminalGuard",
        "CTerminfoPatch",
      ]),
    .target(
      name: "Settings",
      dependencies: [
        "PhotoModel", "PhotoStore", "TerminalUI", "TerminalGraphics",
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]),
    .target(
      name: "DemoLibrary", dependencies: ["PhotoModel", "Pixels", "Decoders"],
      // Optimised in debug builds too: its painter's per-pixel SIMD arithmetic was a tenth of
      // the fast test tier's time unoptimised (DECISIONS.md, 2026-11-29).
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    .target(
      name: "LightboxApp",
      dependencies: [
        "PhotoModel", "PhotoMetadata", "PhotoStore", "Catalog", "Places", "Pixels", "Decoders",
        "DecodeWorker", "ThumbnailCache", "TerminalGraphics",
        "TerminalUI", "TerminalBackend", "Settings", "LibraryImport", "Similarity",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .target(
      name: "LightboxCommands",
      dependencies: [
        "PhotoModel", "PhotoMetadata", "Catalog", "Pixels", "Decoders", "DecodeWorker",
        "ThumbnailCache", "TerminalGraphics", "TerminalUI", "Settings", "DemoLibrary",
        "LightboxApp", "Places", "LibraryImport", "Similarity",
        "CBuildInfo", "CFileSystem",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(name: "lightbox", dependencies: ["LightboxCommands"]),
    // The decode worker on its own (installed beside `lightbox`): a small process start.
    .executableTarget(name: "lightbox-decode-worker", dependencies: ["DecodeWorker"]),
    // Album edits in a loop for the catalog crash tests; built with the tests, never
    // installed (see docs/DECISIONS.md).
    .executableTarget(
      name: "lightbox-album-churn",
      dependencies: [
        "Catalog", "PhotoModel", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    .target(
      name: "LightboxTestSupport",
      dependencies: [
        "PhotoModel", "PhotoStore", "Pixels", "Decoders", "DecodeWorker", "TerminalUI",
        "TerminalBackend", "TerminalGraphics", "CLCMS2", "Places",
      ],
      path: "Tests/LightboxTestSupport",
      // Lightbox loads lcms2 on first use; the tests build profiles with it directly.
      linkerSettings: [.linkedLibrary("lcms2")]),
    .testTarget(name: "PhotoModelTests", dependencies: ["PhotoModel", "LightboxTestSupport"]),
    .testTarget(
      name: "PhotoMetadataTests",
      dependencies: ["PhotoMetadata", "PhotoModel", "LightboxTestSupport"],
      // Read by path (FuzzReplayTests), not bundled.
      exclude: ["Fixtures"]),
    .testTarget(
      name: "CatalogTests",
      dependencies: [
        "Catalog", "PhotoModel", "PhotoMetadata", "Places", "LightboxTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "LibraryImportTests",
      dependencies: [
        "LibraryImport", "Catalog", "PhotoModel", "Digests", "LightboxTestSupport",
      ]),
    .testTarget(
      name: "SimilarityTests",
      dependencies: ["Similarity", "PhotoModel", "Pixels", "Decoders", "LightboxTestSupport"]),
    .testTarget(name: "PlacesTests", dependencies: ["Places", "LightboxTestSupport"]),
    .testTarget(
      name: "PhotoStoreTests", dependencies: ["PhotoStore", "PhotoModel", "LightboxTestSupport"]),
    .testTarget(
      name: "PicturesTests",
      dependencies: [
        "Pixels", "Decoders", "DecodeWorker", "ThumbnailCache", "PhotoModel", "PhotoMetadata",
        "CPNG", "CLCMS2", "CWebP", "CProcessSandbox", "CLibraryLoader", "CImageKernels",
        "LightboxTestSupport",
      ],
      // Lightbox loads these on first use; the tests call them directly (the WebP encoder
      // makes their photos, lcms2 their reference profiles).
      linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("lcms2")]),
    .testTarget(
      name: "TerminalGraphicsTests",
      dependencies: [
        "TerminalGraphics", "Pixels", "Decoders", "PhotoModel", "CSixel", "LightboxTestSupport",
      ],
      // Lightbox loads libsixel on first use; the tests decode sixel with it directly.
      linkerSettings: [.linkedLibrary("sixel")]),
    .testTarget(
      name: "TerminalUITests",
      dependencies: ["TerminalUI", "PhotoModel", "PhotoStore", "LightboxTestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "SettingsTests",
      dependencies: [
        "Settings", "TerminalUI", "TerminalGraphics", "PhotoModel", "PhotoStore", "Pixels",
        "Decoders",
        "LightboxTestSupport", .product(name: "TOMLKit", package: "TOMLKit"),
      ],
      // Read by path from the tests (#filePath), not bundled.
      exclude: ["Fixtures", "Snapshots"]),
    .testTarget(
      name: "TerminalBackendTests",
      dependencies: [
        "TerminalBackend", "TerminalUI", "TerminalGraphics", "Pixels", "Decoders", "PhotoModel",
        "PhotoStore",
        "LightboxTestSupport",
      ]),
    .testTarget(
      name: "DemoLibraryTests",
      dependencies: [
        "DemoLibrary", "PhotoMetadata", "PhotoModel", "Pixels", "Decoders", "CPNG", "CTurboJPEG",
        "LightboxTestSupport",
      ]),
    .testTarget(
      name: "LightboxAppTests",
      dependencies: [
        "LightboxApp", "LightboxCommands", "LightboxTestSupport", "Catalog", "DemoLibrary",
        "Pixels", "Decoders", "DecodeWorker", "ThumbnailCache", "PhotoModel", "PhotoStore",
        "PhotoMetadata", "TerminalGraphics", "TerminalUI", "Places", "Similarity",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    // Tests that start processes: the built binary, tmux, xterm and kitty under Xvfb, kill
    // loops, install (scripts/test runs them; --fast leaves them out).
    .testTarget(
      name: "LightboxEndToEndTests",
      dependencies: [
        "LightboxApp", "LightboxCommands", "LightboxTestSupport", "Catalog", "DemoLibrary",
        "Pixels", "Decoders", "DecodeWorker", "ThumbnailCache", "PhotoModel", "PhotoStore",
        "PhotoMetadata", "TerminalGraphics", "TerminalUI", "CTurboJPEG", "LibraryImport", "Places",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // Sweeps over every file of ../shared/corpus and its seeded mutations (left out of
    // --fast too).
    .testTarget(
      name: "CorpusTests",
      dependencies: [
        "Pixels", "Decoders", "DecodeWorker", "ThumbnailCache", "PhotoModel", "PhotoMetadata",
        "LightboxTestSupport",
      ]),
  ]
)
