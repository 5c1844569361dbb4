// swift-tools-version: 6.0
// The libFuzzer harnesses, a package of their own beside Kinetix (as swift-protobuf's
// FuzzTesting/ is): each harness is an executable linking the libraries, built once with
// coverage and AddressSanitizer by `Tests/Fuzz/fuzz.sh`, which passes the sanitizer flags
// to every target:
//
//   swift build -c release --package-path Tests/Fuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address
//
// Each harness's main hands its entry point to libFuzzer's driver (`CFuzzerDriver`).
// Harnesses reach the libraries only through their public (or `@_spi(Fuzzing)`) API.
import PackageDescription

let package = Package(
    name: "KinetixFuzz",
    dependencies: [.package(name: "Kinetix", path: "../..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "SidecarFuzz",
            dependencies: [
                "CFuzzerDriver", .product(name: "KinetixCore", package: "Kinetix"), .product(name: "KinetixReport", package: "Kinetix"),
            ]),
        .executableTarget(
            name: "ProfileFuzz",
            dependencies: [
                "CFuzzerDriver", .product(name: "KinetixCore", package: "Kinetix"), .product(name: "KinetixProfiles", package: "Kinetix"),
                .product(name: "KinetixDrafting", package: "Kinetix"), .product(name: "KinetixReport", package: "Kinetix"),
            ]),
        .executableTarget(
            name: "ConverterFuzz",
            dependencies: [
                "CFuzzerDriver", .product(name: "KinetixCore", package: "Kinetix"), .product(name: "KinetixFormats", package: "Kinetix"),
            ]),
        .executableTarget(
            name: "PairFuzz",
            dependencies: [
                "CFuzzerDriver", .product(name: "KinetixCore", package: "Kinetix"), .product(name: "KinetixProfiles", package: "Kinetix"),
                .product(name: "KinetixReport", package: "Kinetix"),
            ]),
        .executableTarget(
            name: "ProgressFuzz",
            dependencies: [
                "CFuzzerDriver", .product(name: "KinetixCore", package: "Kinetix"), .product(name: "KinetixProfiles", package: "Kinetix"),
                .product(name: "KinetixReport", package: "Kinetix"),
            ]),
        .executableTarget(
            name: "TrackerFuzz",
            dependencies: [
                "CFuzzerDriver", .product(name: "KinetixCore", package: "Kinetix"), .product(name: "KinetixFormats", package: "Kinetix"),
            ]),
        .executableTarget(
            name: "SlurmFuzz",
            dependencies: [
                "CFuzzerDriver", .product(name: "KinetixCore", package: "Kinetix"), .product(name: "KinetixBatch", package: "Kinetix"),
            ]),
    ]
)
