// swift-tools-version:6.0
// An example of the Swift package door: a package of someone else's that declares its own
// smoothing strategy and builds a sigbench of its own with it in the catalog. It depends on
// sigbench by path (the repository three folders up); scripts/swift-package-example.sh builds
// it and runs it over Corpus/fixtures.
import PackageDescription

let package = Package(
  name: "sigbench-plus",
  dependencies: [.package(name: "sigbench", path: "../../..")],
  targets: [
    .executableTarget(
      name: "sigbench-plus",
      dependencies: [.product(name: "SigbenchCommandLine", package: "sigbench")])
  ]
)
