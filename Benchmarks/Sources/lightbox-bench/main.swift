import ArgumentParser
import LightboxCommands

/// `lightbox-bench`: the figures of docs/benchmarks.md and docs/pipeline.md, as medians.
struct LightboxBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lightbox-bench",
    abstract: "Lightbox's benchmarks (medians; see docs/benchmarks.md).",
    subcommands: [
      BenchUI.self, BenchStartup.self, BenchPictures.self, BenchLoupe.self, BenchPlayback.self,
      ThumbnailsBench.self, CardsBench.self,
      WorkerBench.self, PlacesBench.self, BenchPlacesUI.self, BenchDuplicatesUI.self,
      BenchMap.self, BenchTagsUI.self, BenchPeopleUI.self, SimilarityBench.self,
      DecodeWorkerCommandLine.self,
    ])
}

LightboxBench.main()
