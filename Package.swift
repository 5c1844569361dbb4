// swift-tools-version: 6.0
import PackageDescription

/// Extra code generation for this package's own executables and tests only.
///
/// The lag-search kernels are written with SIMD types; on x86-64 Linux the
/// default target is baseline SSE2. Set `KINETIX_NATIVE=1` to build with
/// `-march=native`-equivalent flags (`-Xcc -march=native` is not enough for Swift
/// code), see README "Speed". The library stays usable as a dependency without it.
let package = Package(
    name: "Kinetix",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "KinetixCore", targets: ["KinetixCore"]),
        .executable(name: "kinetix", targets: ["kinetix"]),
    ],
    targets: [
        // MARK: - Public API
        .target(
            name: "KinetixCore",
            dependencies: [
                .target(name: "CKinetixBLAS", condition: .when(platforms: [.linux])),
            ]
        ),

        // MARK: - Executables
        .executableTarget(
            name: "kinetix",
            dependencies: ["KinetixCore"]
        ),
        .executableTarget(
            name: "kinetix-bench",
            dependencies: ["KinetixCore", "_KinetixTestSupport"],
            path: "Benchmarks/kinetix-bench"
        ),

        // MARK: - Implementation details
        .systemLibrary(
            name: "CKinetixBLAS",
            path: "Sources/CKinetixBLAS",
            providers: [.apt(["libopenblas-dev"])]
        ),
        .target(
            name: "_KinetixTestSupport",
            dependencies: ["KinetixCore"]
        ),

        // MARK: - Tests
        .testTarget(
            name: "KinetixCoreTests",
            dependencies: ["KinetixCore", "_KinetixTestSupport"]
        ),
        .testTarget(
            name: "KinetixCLITests",
            dependencies: ["kinetix", "KinetixCore", "_KinetixTestSupport"]
        ),
    ]
)
