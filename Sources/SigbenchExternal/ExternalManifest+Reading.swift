import Foundation
import SigbenchCore

extension ExternalManifest {
  /// Reads and checks the manifest at `path` (UTF-8 JSON, at most `maximumBytes`). Fields:
  ///
  /// - `id` (string, kebab-case, at most 64 characters), `summary` (one line), `details`
  ///   (string), `kind` (`"process"` or `"library"`): required.
  /// - Kind `process`: `command` (non-empty array of non-empty strings) and `protocol`
  ///   (integer, a version in `protocolVersions`) required; `library` and `abi` absent.
  /// - Kind `library`: `library` (the shared object's path, relative to the manifest's folder
  ///   unless absolute) and `abi` (integer, a version in `abiVersions`) required; `command`
  ///   and `protocol` absent.
  /// - `cost` (`"incremental"`, `"whole-stroke-per-push"` or `"offline"`; default
  ///   `"incremental"`), `options` (array, default none), `constraints` (array of
  ///   `[low, high]` option-name pairs: high must be at least low; default none): optional.
  /// - Each option: `name` (kebab-case, unique), `type` (`"number"`, `"integer"` or
  ///   `"choice"`), `help` (one line) and `default` (valid for the option) required; `unit`
  ///   (string, default ""), `typical` (string), and `range` for a number or integer
  ///   (`{"min": …, "max": …}`, finite, min ≤ max, with `"minExclusive"` / `"maxExclusive"`
  ///   booleans for a number) or `values` for a choice (non-empty list of distinct words).
  ///
  /// Any other field is an error (a misspelt optional field would otherwise be ignored).
  /// Every error names the file, the field, the rule and the value.
  public static func read(at path: String) throws(ExternalManifestError) -> ExternalManifest {
    let data: Data
    do {
      let url = URL(fileURLWithPath: path)
      let values = try url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
      guard values.isRegularFile == true else {
        throw ExternalManifestError.unreadable(path: path, reason: "not a regular file")
      }
      if let size = values.fileSize, size > maximumBytes {
        throw ExternalManifestError.unreadable(
          path: path, reason: "\(size) bytes, over the limit of \(maximumBytes)")
      }
      data = try Data(contentsOf: url)
    } catch let e as ExternalManifestError {
      throw e
    } catch {
      throw .unreadable(path: path, reason: error.localizedDescription)
    }
    return try parse(data, path: path)
  }

  /// `read(at:)` on bytes already read; `path` names them in errors and is kept as `path`.
  public static func parse(_ data: Data, path: String) throws(ExternalManifestError)
    -> ExternalManifest
  {
    let root: ManifestJSON
    do {
      root = try JSONDecoder().decode(ManifestJSON.self, from: data)
    } catch let DecodingError.dataCorrupted(context) {
      let cause = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey]
      throw .notJSON(path: path, message: (cause as? String) ?? context.debugDescription)
    } catch {
      throw .notJSON(path: path, message: String(describing: error))
    }
    let r = ManifestReader(path: path)
    let top = try r.object(root, "(the file)")
    try r.onlyKnown(
      top,
      [
        "id", "summary", "details", "kind", "command", "protocol", "library", "abi", "cost",
        "options", "constraints",
      ], in: "")
    let id = try r.kebab(top["id"], "id")
    let summary = try r.line(top["summary"], "summary")
    let details = try r.string(top["details"], "details")
    let kindText = try r.string(top["kind"], "kind")
    guard let kind = Kind(rawValue: kindText) else {
      throw r.invalid(
        "kind", "one of: \(Kind.allCases.map(\.rawValue).joined(separator: ", "))",
        top["kind"])
    }
    var words: [String] = []
    var library: String?
    let version: Int
    switch kind {
    case .process:
      for other in ["library", "abi"] where top[other] != nil {
        throw r.invalid(other, "absent for kind process (it names a command)", top[other])
      }
      let command = try r.array(top["command"], "command")
      guard !command.isEmpty else {
        throw r.invalid("command", "a non-empty array", top["command"])
      }
      for (i, c) in command.enumerated() {
        let w = try r.string(c, "command[\(i)]")
        guard !w.isEmpty else { throw r.invalid("command[\(i)]", "a non-empty string", c) }
        words.append(w)
      }
      version = try r.integer(top["protocol"], "protocol")
      guard protocolVersions.contains(version) else {
        throw r.invalid(
          "protocol",
          "a protocol version this build speaks (\(protocolVersions.lowerBound)"
            + "…\(protocolVersions.upperBound))", top["protocol"])
      }
    case .library:
      for other in ["command", "protocol"] where top[other] != nil {
        throw r.invalid(other, "absent for kind library (it names a shared library)", top[other])
      }
      let name = try r.string(top["library"], "library")
      guard !name.isEmpty else { throw r.invalid("library", "a non-empty path", top["library"]) }
      library = name
      version = try r.integer(top["abi"], "abi")
      guard abiVersions.contains(version) else {
        throw r.invalid(
          "abi",
          "a C ABI version this build loads (\(abiVersions.lowerBound)…\(abiVersions.upperBound))",
          top["abi"])
      }
    }
    var cost = StrategyCost.incremental
    if let c = top["cost"] {
      guard let parsed = StrategyCost(rawValue: try r.string(c, "cost")) else {
        throw r.invalid(
          "cost", "one of: \(StrategyCost.allCases.map(\.rawValue).joined(separator: ", "))", c)
      }
      cost = parsed
    }
    var parameters: [ParameterInfo] = []
    for (i, o) in try r.array(top["options", default: .array([])], "options").enumerated() {
      let p = try r.option(o, "options[\(i)]", id: id)
      guard !parameters.contains(where: { $0.name == p.name }) else {
        throw r.invalid("options[\(i)].name", "unique among the options", .string(p.name))
      }
      parameters.append(p)
    }
    let constraints = try r.constraints(top["constraints"], parameters)
    var manifest = ExternalManifest(
      id: id, summary: summary, details: details, kind: kind, command: words,
      protocolVersion: version, cost: cost, parameters: parameters, constraints: constraints,
      path: path)
    manifest.library = library
    // The defaults must satisfy the constraints, as a built-in's do.
    do {
      _ = try StrategyConfiguration(descriptor: manifest.descriptor, options: [])
    } catch {
      throw .invalidField(
        path: path, field: "constraints", rule: "met by the options' defaults",
        value: error.description)
    }
    return manifest
  }
}
