// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "LocationSearch",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "LocationSearch", targets: ["LocationSearch"]),
        .executable(name: "location-search", targets: ["location-search"]),
    ],
    targets: [
        // The bundled GeoNames data, in GeoNames' own dump formats (see Gazetteer/README.md).
        // A C target: SwiftPM gives a Swift target with resources a `Bundle.module` accessor
        // that links Foundation and ICU into every program (see the header in Gazetteer/include).
        .target(
            name: "LocationSearchGazetteerData",
            path: "Gazetteer",
            exclude: ["README.md", "generate.py"],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "LocationSearch",
            dependencies: ["LocationSearchGazetteerData"],
            exclude: [
                "Generated/generate_folding_table.py", "Generated/generate_case_classes.swift",
                "Generated/generate_simple_case.swift", "Generated/generate_width_table.py",
            ]
        ),
        .executableTarget(
            name: "location-search",
            dependencies: ["LocationSearch"]
        ),
        .testTarget(
            name: "LocationSearchTests",
            dependencies: ["LocationSearch"],
            exclude: ["__Snapshots__", "__Fixtures__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
