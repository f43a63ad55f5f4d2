// swift-tools-version:6.0
// sigbench: a workbench for pen and finger stroke smoothing.
// Depends on nothing but the toolchain; C libraries come from Debian `-dev` packages
// through `.systemLibrary` targets (see scripts/install-deps.sh).
import PackageDescription

let package = Package(
  name: "sigbench",
  products: [
    // What an app embeds: the value types and the strategies, without the CLI.
    .library(name: "Sigbench", targets: ["SigbenchCore", "SigbenchStrategies"]),
    .executable(name: "sigbench", targets: ["sigbench"]),
    // What another Swift package depends on to build a sigbench of its own: the command line
    // (`SigbenchMain.main(adding:package:)`, one call from its `main`) and the strategy
    // protocol and value types its strategies are written in.
    .library(name: "SigbenchCommandLine", targets: ["SigbenchCLI", "SigbenchCore"]),
  ],
  targets: [
    // Value types, units, the strategy protocol and spec syntax. Standard library only.
    .target(name: "SigbenchCore"),
    .target(name: "SigbenchStrategies", dependencies: ["SigbenchCore", "CVectorMath"]),
    // File plumbing apart from the schemas: atomic writes, run folders and the baseline store,
    // the sweep of a dead process's leftovers, cleanup on a signal, system error text.
    // Foundation only.
    .target(name: "SigbenchFiles"),
    // Every on-disk schema (run result, bench report, baseline, noise floor, gate report).
    // Core, Files and Foundation only.
    .target(name: "SigbenchResults", dependencies: ["SigbenchCore", "SigbenchFiles"]),
    // Synthetic handwriting with exact ground truth (sigma-lognormal model) and resampling of
    // timed recordings to other digitizer rates. Standard library and Core only.
    .target(name: "SigbenchSynth", dependencies: ["SigbenchCore"]),
    // External strategies: manifests (`*.sigbench-strategy.json`) and their discovery in the
    // strategy folders, the protocol, the processes; Digest for the manifest and command
    // digests.
    .target(
      name: "SigbenchExternal",
      dependencies: ["SigbenchCore", "SigbenchDigest", "CSigbenchStrategyABI"]),
    // The C ABI of library strategies: one header (include/sigbench_strategy.h).
    .target(name: "CSigbenchStrategyABI"),
    // Ink quality metrics (accuracy, ends, smoothness, width, ink latency, output size) as
    // pure functions producing Results types.
    // Optimised in debug builds too: the metrics measure every pixel of arc length (800,000
    // points for a stroke across the input envelope), minutes unoptimised in the test suite.
    .target(
      name: "SigbenchQuality", dependencies: ["SigbenchCore", "SigbenchResults"],
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    .target(
      name: "SigbenchFormats",
      dependencies: [
        "SigbenchCore", "SigbenchResults", "SigbenchFiles", "CZlib", "CLZMA", "CLibXML2",
      ],
      exclude: ["Native/BinaryFormat.md"]),
    // libxml2 (Debian `libxml2-dev`, pkg-config `libxml-2.0` for its /usr/include/libxml2
    // header folder) as a SAX2 parser for the InkML and IAM-OnDB readers.
    .systemLibrary(
      name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]),
    // zlib (Debian `zlib1g-dev`) for the format study's gzip-compressed sizes and for
    // ZIP-compressed chunks of Wacom UIM files.
    .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
    // OpenSSL's libcrypto (Debian `libssl-dev`) for SHA-256: the pages' policy hashes.
    .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", providers: [.apt(["libssl-dev"])]),
    // SHA-256 and Content-Security-Policy hash sources, for every page sigbench writes (the
    // capture page and the report's pages). Foundation and libcrypto only.
    .target(name: "SigbenchDigest", dependencies: ["CCrypto"]),
    // liblzma (Debian `liblzma-dev`, XZ Utils) for LZMA-compressed chunks of Wacom UIM files.
    .systemLibrary(name: "CLZMA", path: "Sources/CLZMA", providers: [.apt(["liblzma-dev"])]),
    // libgd through pkg-config name `gdlib`; `pkgConfig:` is omitted on purpose because it makes
    // SwiftPM warn about libgd's `-DAVIF_DLL` flag on every build (Debian 12's gdlib.pc adds it).
    .systemLibrary(name: "CGD", path: "Sources/CGD", providers: [.apt(["libgd-dev"])]),
    // Timer, cycle counter and an opaque sink that the optimizer cannot see through.
    .target(name: "CShim"),
    // Two-lane vector math the optimizer would otherwise split (a `sqrtpd` for
    // signature_pad's length estimate); header-only inline functions.
    .target(name: "CVectorMath"),
    // cairo's PDF surface for vector export (Debian libcairo2-dev); headers found without
    // pkg-config through <cairo/...> includes.
    .systemLibrary(name: "CCairo", path: "Sources/CCairo", providers: [.apt(["libcairo2-dev"])]),
    // libpng (Debian `libpng-dev`, also pulled in by libgd-dev) for the run's pictures: its
    // simplified write API with unfiltered rows, which libgd's PNG writer cannot choose.
    .systemLibrary(name: "CPNG", path: "Sources/CPNG", providers: [.apt(["libpng-dev"])]),
    .target(name: "SigbenchRender", dependencies: ["SigbenchCore", "CGD", "CCairo", "CPNG"]),
    .target(
      name: "SigbenchBench",
      dependencies: ["SigbenchCore", "SigbenchRender", "SigbenchResults", "CShim"]),
    // Presenters (HTML, Markdown, CSV, console tables) over SigbenchResults types only.
    .target(
      name: "SigbenchReport", dependencies: ["SigbenchCore", "SigbenchResults", "SigbenchDigest"]),
    // SQLite 3 (Debian `libsqlite3-dev`) for the benchmark history database.
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // The commit the binary was built from, stamped at build time by the BuildStamp plugin.
    // Foundation only, so Results and Run may read it.
    .target(name: "SigbenchBuildStamp", plugins: ["BuildStamp"]),
    .plugin(name: "BuildStamp", capability: .buildTool()),
    // The benchmark history: every run, bench and gate in SQLite, trends and detected steps.
    .target(
      name: "SigbenchHistory",
      dependencies: [
        "SigbenchCore", "SigbenchResults", "SigbenchFiles", "SigbenchBuildStamp", "CSQLite",
      ]),
    // The pipelines as library code (run, bench, gate, baseline, render-bench), reporting
    // progress through a callback; never prints or exits.
    .target(
      name: "SigbenchRun",
      dependencies: [
        "SigbenchCore", "SigbenchStrategies", "SigbenchFormats", "SigbenchRender",
        "SigbenchResults", "SigbenchBench", "SigbenchReport", "SigbenchSynth", "SigbenchQuality",
        "SigbenchHistory", "SigbenchFiles", "SigbenchBuildStamp", "SigbenchContract", "CShim",
        "SigbenchDigest",
      ]),
    // The capture page (`sigbench capture`): its HTML, CSS and script, installed beside the
    // binary and inlined into one file with a hash-based Content-Security-Policy.
    .target(
      name: "SigbenchCapture", dependencies: ["SigbenchDigest"], resources: [.copy("Capture")]),
    // Command-line parsing and help from one declaration per option (flags, values,
    // required and repeatable options, per-command defaults and ranges). Core only.
    .target(name: "SigbenchArguments", dependencies: ["SigbenchCore"]),
    // Parse, validate, call a pipeline, print, exit.
    .target(
      name: "SigbenchCLI",
      dependencies: [
        "SigbenchCore", "SigbenchStrategies", "SigbenchFormats", "SigbenchRender",
        "SigbenchResults", "SigbenchReport", "SigbenchRun", "SigbenchSynth", "SigbenchHistory",
        "SigbenchCapture", "SigbenchArguments", "SigbenchFiles", "SigbenchBench",
        "SigbenchExternal", "SigbenchContract",
      ]),
    .executableTarget(name: "sigbench", dependencies: ["SigbenchCLI"]),
    // The example Swift package's sources (scripts/external/swift-package, which depends on
    // this package by path), built here too so the test suite runs them as a binary of their
    // own: `sigbench-package-example` is that package's sigbench, built without it.
    .executableTarget(
      name: "sigbench-package-example", dependencies: ["SigbenchCLI", "SigbenchCore"],
      path: "scripts/external/swift-package/Sources/sigbench-plus"),
    // Test support only: counts heap allocations (defines malloc for the test executable).
    .target(name: "CAllocCounter"),
    // The strategy contract as checks (`StrategyContract`, `BoundedOutput`) and the suite
    // `strategies --check` runs (`StrategyCheck`); seeded strokes. Core only.
    .target(name: "SigbenchContract", dependencies: ["SigbenchCore"]),
    .target(
      name: "SigbenchTestSupport",
      dependencies: [
        "SigbenchCore", "SigbenchFormats", "SigbenchContract", "CZlib", "CLZMA", "CAllocCounter",
      ]),
    .testTarget(name: "SigbenchCoreTests", dependencies: ["SigbenchCore", "SigbenchTestSupport"]),
    .testTarget(
      name: "SigbenchStrategiesTests",
      dependencies: [
        "SigbenchCore", "SigbenchStrategies", "SigbenchFormats", "SigbenchTestSupport",
      ]),
    .testTarget(
      name: "SigbenchFormatsTests",
      dependencies: [
        "SigbenchBench", "SigbenchCore", "SigbenchFormats", "SigbenchReport", "SigbenchResults",
        "SigbenchTestSupport",
      ],
      exclude: ["Fuzz"]),
    .testTarget(
      name: "SigbenchRenderTests",
      dependencies: [
        "SigbenchCore", "SigbenchRender", "SigbenchStrategies", "SigbenchFormats",
        "SigbenchTestSupport",
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "SigbenchBenchTests",
      dependencies: [
        "SigbenchCore", "SigbenchBench", "SigbenchResults", "SigbenchReport", "SigbenchStrategies",
        "SigbenchTestSupport",
      ]),
    .testTarget(
      name: "SigbenchReportTests",
      dependencies: [
        "SigbenchReport", "SigbenchResults", "SigbenchTestSupport", "SigbenchDigest",
        "SigbenchCore",
      ],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "SigbenchResultsTests",
      dependencies: ["SigbenchResults", "SigbenchFiles", "SigbenchCore"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "SigbenchExternalTests",
      dependencies: [
        "SigbenchExternal", "SigbenchCore", "SigbenchStrategies", "SigbenchContract",
        "SigbenchDigest", "SigbenchTestSupport",
      ], exclude: ["Fixtures"]),
    .testTarget(
      name: "SigbenchSynthTests",
      dependencies: ["SigbenchSynth", "SigbenchCore", "SigbenchTestSupport"]),
    .testTarget(
      name: "SigbenchQualityTests",
      dependencies: [
        "SigbenchQuality", "SigbenchCore", "SigbenchResults", "SigbenchStrategies",
        "SigbenchTestSupport",
      ]),
    .testTarget(
      name: "SigbenchRunTests",
      dependencies: [
        "SigbenchRun", "SigbenchResults", "SigbenchCore", "SigbenchStrategies",
        "SigbenchTestSupport", "SigbenchBench", "SigbenchQuality", "SigbenchRender",
        "SigbenchFiles", "SigbenchFormats", "SigbenchHistory",
      ]),
    .testTarget(
      name: "SigbenchHistoryTests",
      dependencies: [
        "SigbenchHistory", "SigbenchResults", "SigbenchCore", "SigbenchReport",
        "SigbenchBuildStamp",
      ]),
    .testTarget(
      name: "SigbenchCLITests",
      dependencies: [
        "SigbenchCLI", "SigbenchCore", "SigbenchResults", "SigbenchRun", "SigbenchTestSupport",
        "SigbenchCapture", "SigbenchRender", "SigbenchStrategies", "SigbenchArguments",
        "SigbenchReport", "SigbenchDigest", "SigbenchBuildStamp",
      ],
      exclude: ["Goldens"]),
  ]
)
