// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// Optional code generation for a specific CPU, for builds of this package itself.
///
/// The lag-search kernels are written with SIMD types, and Swift on x86-64 Linux
/// targets baseline x86-64 (SSE2) unless told otherwise. `KINETIX_TARGET_CPU=native
/// swift build -c release` compiles every target for the building machine (AVX2 or
/// AVX-512 where present); any LLVM CPU name works (`haswell`, `znver4`, …). Unset,
/// nothing changes, so the package stays usable as a dependency and portable.
let targetCPU = ProcessInfo.processInfo.environment["KINETIX_TARGET_CPU"].flatMap { $0.isEmpty ? nil : $0 }
let cpuSettings: [SwiftSetting] = targetCPU.map { [.unsafeFlags(["-target-cpu", $0])] } ?? []

let package = Package(
    name: "Kinetix",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "KinetixCore", targets: ["KinetixCore"]),
        .library(name: "KinetixProfiles", targets: ["KinetixProfiles"]),
        .library(name: "KinetixDrafting", targets: ["KinetixDrafting"]),
        .library(name: "KinetixFormats", targets: ["KinetixFormats"]),
        .library(name: "KinetixReport", targets: ["KinetixReport"]),
        .library(name: "KinetixBatch", targets: ["KinetixBatch"]),
        .executable(name: "kinetix", targets: ["kinetix"]),
    ],
    targets: [
        // MARK: - Public API
        .target(
            name: "KinetixCore",
            dependencies: [
                .target(name: "CKinetixBLAS", condition: .when(platforms: [.linux])),
                "CKinetixSHA",
                "CKinetixLag",
                "CKinetixIO",
                "CKinetixScan",
            ],
            swiftSettings: cpuSettings
        ),

        .target(
            name: "KinetixProfiles",
            dependencies: ["KinetixCore"],
            swiftSettings: cpuSettings,
            plugins: ["EmbedProfiles"]
        ),

        // Profiles drafted from words and a demonstration (`kinetix profile draft`): its own
        // library, so an app that only assesses does not carry the vocabulary's reader.
        .target(
            name: "KinetixDrafting",
            dependencies: ["KinetixCore", "KinetixProfiles"],
            swiftSettings: cpuSettings
        ),

        .target(
            name: "KinetixFormats",
            dependencies: ["KinetixCore"],
            swiftSettings: cpuSettings
        ),

        .target(
            name: "KinetixReport",
            dependencies: ["KinetixCore", "KinetixProfiles"],
            swiftSettings: cpuSettings
        ),

        .target(
            name: "KinetixBatch",
            dependencies: ["KinetixCore", "KinetixProfiles", "KinetixReport", "KinetixIO"],
            swiftSettings: cpuSettings
        ),

        // MARK: - Executables
        .executableTarget(
            name: "kinetix",
            dependencies: [
                "KinetixCore", "KinetixProfiles", "KinetixDrafting", "KinetixFormats", "KinetixReport", "KinetixBatch", "KinetixIO",
            ],
            swiftSettings: cpuSettings
        ),
        .executableTarget(
            name: "kinetix-bench",
            dependencies: [
                "KinetixCore", "KinetixFormats", "KinetixProfiles", "KinetixDrafting", "KinetixBatch", "_KinetixTestSupport",
                "_KinetixRealClips",
            ],
            path: "Benchmarks/kinetix-bench",
            swiftSettings: cpuSettings
        ),

        // MARK: - Implementation details
        // Writing files and the process's memory policy, for the CLI and batch runs only:
        // an app linking the libraries never gets a process-wide side effect from them.
        .target(
            name: "KinetixIO",
            dependencies: ["KinetixCore", "CKinetixIO"],
            swiftSettings: cpuSettings
        ),
        .systemLibrary(
            name: "CKinetixBLAS",
            path: "Sources/CKinetixBLAS",
            providers: [.apt(["libopenblas-dev"])]
        ),
        // SHA-256 blocks with the CPU's SHA extensions, chosen at run time.
        .target(name: "CKinetixSHA", path: "Sources/CKinetixSHA"),
        // The lag-search SIMD kernel for AVX-512, AVX2 and the baseline, chosen at run time.
        .target(name: "CKinetixLag", path: "Sources/CKinetixLag"),
        // Starting a file's writeback without waiting (sync_file_range), for atomic writes.
        .target(name: "CKinetixIO", path: "Sources/CKinetixIO"),
        // The sidecar decoder's one-pass reader of a frame's points written plainly.
        .target(name: "CKinetixScan", path: "Sources/CKinetixScan"),
        .plugin(
            name: "EmbedProfiles",
            capability: .buildTool(),
            dependencies: ["EmbedProfilesTool"]
        ),
        .executableTarget(
            name: "EmbedProfilesTool",
            path: "Plugins/EmbedProfilesTool"
        ),
        .target(
            name: "_KinetixTestSupport",
            dependencies: ["KinetixCore"]
        ),

        // MARK: - Tests
        // Three tiers, as swift-argument-parser splits its tests: unit (a target per
        // library, and the embedding guide), end-to-end (the CLI) and system. The fast
        // tier alone: swift test --skip KinetixSystemTests
        // The real exercise clips and their labels (../shared/realdata/exercises), for
        // the benchmark and the system tests: one reader, one way of scoring a count.
        .target(
            name: "_KinetixRealClips",
            dependencies: ["KinetixCore", "KinetixFormats", "KinetixProfiles"],
            path: "Tests/_KinetixRealClips"
        ),
        .target(
            name: "_KinetixCLITestSupport",
            dependencies: ["KinetixCore", "KinetixReport"],
            path: "Tests/_KinetixCLITestSupport"
        ),
        .testTarget(
            name: "KinetixCoreTests",
            dependencies: ["KinetixCore", "KinetixReport", "_KinetixTestSupport"]
        ),
        .testTarget(
            name: "KinetixProfilesTests",
            dependencies: ["KinetixProfiles", "KinetixCore", "KinetixReport", "_KinetixTestSupport"]
        ),
        .testTarget(
            name: "KinetixDraftingTests",
            dependencies: ["KinetixDrafting", "KinetixProfiles", "KinetixCore", "_KinetixTestSupport"]
        ),
        .testTarget(
            name: "KinetixFormatsTests",
            dependencies: ["KinetixFormats", "KinetixCore", "_KinetixTestSupport"]
        ),
        .testTarget(
            name: "KinetixReportTests",
            dependencies: ["KinetixReport", "KinetixCore", "KinetixProfiles", "_KinetixTestSupport", "_KinetixCLITestSupport"],
            exclude: ["Screenshots"]  // a report screenshot the README shows, not a test resource
        ),
        .testTarget(
            name: "KinetixIOTests",
            dependencies: ["KinetixIO", "KinetixCore"]
        ),
        .testTarget(
            name: "KinetixBatchTests",
            dependencies: ["KinetixBatch", "KinetixCore", "KinetixProfiles"]
        ),
        .testTarget(
            name: "EmbeddingGuideTests",
            dependencies: ["KinetixCore", "KinetixProfiles", "KinetixDrafting", "KinetixReport", "KinetixBatch"]
        ),
        // End-to-end: the built `kinetix` run as a user runs it.
        .testTarget(
            name: "KinetixEndToEndTests",
            dependencies: [
                "kinetix", "KinetixCore", "KinetixProfiles", "KinetixBatch", "KinetixReport", "_KinetixTestSupport",
                "_KinetixCLITestSupport",
            ]
        ),
        // System: real components started by the test (Slurm's daemons, headless Chromium),
        // real estimator output (../shared/realdata), processes killed mid-run. Each is
        // skipped, saying why, where its component is absent.
        .testTarget(
            name: "KinetixSystemTests",
            dependencies: [
                "kinetix", "KinetixCore", "KinetixFormats", "KinetixReport", "KinetixProfiles", "KinetixDrafting",
                "_KinetixTestSupport", "_KinetixCLITestSupport", "_KinetixRealClips",
            ]
        ),
    ]
)
