// swift-tools-version:6.0
import PackageDescription

/// Lightbox's benchmarks: a package of their own, so measuring code never ships in the
/// `lightbox` binary. `lightbox-bench` is driven by the scripts beside it (run.sh,
/// pictures/run.sh, pipeline/run.sh); see docs/benchmarks.md.
let package = Package(
  name: "LightboxBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "Lightbox", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
  ],
  targets: [
    .executableTarget(
      name: "lightbox-bench",
      dependencies: [
        .product(name: "LightboxKit", package: "Lightbox"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ])
  ]
)
