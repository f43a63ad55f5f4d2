import Foundation
import SigbenchStrategies
import Testing

@testable import SigbenchExternal

/// A fresh folder under the temporary directory, removed by the caller.
func temporaryFolder() throws -> String {
  let path = NSTemporaryDirectory() + "sigbench-external-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Writes a manifest with `id` as `name` into `folder`.
func writeManifest(_ folder: String, _ name: String, id: String) throws {
  try manifestText { $0["id"] = id }.write(to: URL(fileURLWithPath: folder + "/" + name))
}

@Test func strategyFoldersComeFromTheOptionsThenTheVariableEachOnce() {
  let folders = ExternalStrategyDiscovery.folders(
    options: ["a", "b/"], environment: ["SIGBENCH_STRATEGY_PATH": "c::a:b"])
  #expect(folders == ["a", "b/", "c"])
  #expect(ExternalStrategyDiscovery.folders(options: [], environment: [:]).isEmpty)
}

@Test func manifestsAreFoundInFolderThenNameOrderAndOtherFilesIgnored() throws {
  let one = try temporaryFolder()
  let two = try temporaryFolder()
  defer {
    try? FileManager.default.removeItem(atPath: one)
    try? FileManager.default.removeItem(atPath: two)
  }
  try writeManifest(one, "b.sigbench-strategy.json", id: "b-smooth")
  try writeManifest(one, "a.sigbench-strategy.json", id: "a-smooth")
  try writeManifest(one, ".hidden.sigbench-strategy.json", id: "hidden")
  try Data("not a manifest".utf8).write(to: URL(fileURLWithPath: one + "/notes.json"))
  try writeManifest(two, "z.sigbench-strategy.json", id: "z-smooth")
  let found = try ExternalStrategyDiscovery.discover(
    folders: [two, one], builtInIDs: StrategyCatalog.ids)
  #expect(found.map(\.id) == ["z-smooth", "a-smooth", "b-smooth"])
  #expect(found[1].path == one + "/a.sigbench-strategy.json")
}

@Test func anIDTakenTwiceNamesBothPlaces() throws {
  let one = try temporaryFolder()
  let two = try temporaryFolder()
  defer {
    try? FileManager.default.removeItem(atPath: one)
    try? FileManager.default.removeItem(atPath: two)
  }
  try writeManifest(one, "mine.sigbench-strategy.json", id: "my-smooth")
  try writeManifest(two, "copy.sigbench-strategy.json", id: "my-smooth")
  #expect(
    throws: ExternalManifestError.duplicateID(
      id: "my-smooth", first: one + "/mine.sigbench-strategy.json",
      second: two + "/copy.sigbench-strategy.json")
  ) {
    try ExternalStrategyDiscovery.discover(folders: [one, two], builtInIDs: StrategyCatalog.ids)
  }
  try writeManifest(two, "copy.sigbench-strategy.json", id: "catmull-rom")
  #expect(
    throws: ExternalManifestError.duplicateID(
      id: "catmull-rom", first: "the built-in strategy 'catmull-rom'",
      second: two + "/copy.sigbench-strategy.json")
  ) {
    try ExternalStrategyDiscovery.discover(folders: [two], builtInIDs: StrategyCatalog.ids)
  }
}

@Test func aMissingFolderOrABrokenManifestIsAnErrorNamingIt() throws {
  let missing = NSTemporaryDirectory() + "sigbench-no-such-folder-\(UUID().uuidString)"
  #expect(throws: ExternalManifestError.unreadableFolder(path: missing, reason: "no such folder")) {
    try ExternalStrategyDiscovery.discover(folders: [missing], builtInIDs: [])
  }
  let folder = try temporaryFolder()
  defer { try? FileManager.default.removeItem(atPath: folder) }
  try Data("{".utf8).write(to: URL(fileURLWithPath: folder + "/x.sigbench-strategy.json"))
  do {
    _ = try ExternalStrategyDiscovery.discover(folders: [folder], builtInIDs: [])
    Issue.record("no error")
  } catch {
    if case .notJSON(let path, _) = error {
      #expect(path == folder + "/x.sigbench-strategy.json")
    } else {
      Issue.record("\(error)")
    }
  }
  try FileManager.default.removeItem(atPath: folder + "/x.sigbench-strategy.json")
  try FileManager.default.createDirectory(
    atPath: folder + "/y.sigbench-strategy.json", withIntermediateDirectories: true)
  #expect(
    throws: ExternalManifestError.unreadable(
      path: folder + "/y.sigbench-strategy.json", reason: "not a regular file")
  ) {
    try ExternalStrategyDiscovery.discover(folders: [folder], builtInIDs: [])
  }
}
