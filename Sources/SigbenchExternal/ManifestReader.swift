import SigbenchCore

/// Field checks of one manifest: each returns the field's value or throws an error naming the
/// file, the field, the rule and the value.
struct ManifestReader {
  let path: String

  func invalid(_ field: String, _ rule: String, _ value: ManifestJSON?)
    -> ExternalManifestError
  {
    .invalidField(path: path, field: field, rule: rule, value: value?.shown ?? "nothing")
  }

  func object(_ v: ManifestJSON?, _ field: String) throws(ExternalManifestError)
    -> [String: ManifestJSON]
  {
    guard case .object(let o)? = v else { throw invalid(field, "an object", v) }
    return o
  }

  func array(_ v: ManifestJSON?, _ field: String) throws(ExternalManifestError)
    -> [ManifestJSON]
  {
    guard case .array(let a)? = v else { throw invalid(field, "an array", v) }
    return a
  }

  func string(_ v: ManifestJSON?, _ field: String) throws(ExternalManifestError) -> String {
    guard case .string(let s)? = v else { throw invalid(field, "a string", v) }
    return s
  }

  /// A non-empty string without line breaks.
  func line(_ v: ManifestJSON?, _ field: String) throws(ExternalManifestError) -> String {
    let s = try string(v, field)
    guard !s.isEmpty, !s.contains(where: \.isNewline) else {
      throw invalid(field, "one non-empty line", v)
    }
    return s
  }

  /// A kebab-case word (`[a-z0-9]+(-[a-z0-9]+)*`), at most 64 characters: an id or an option
  /// name, as a spec writes it.
  func kebab(_ v: ManifestJSON?, _ field: String) throws(ExternalManifestError) -> String {
    let s = try string(v, field)
    let parts = s.split(separator: "-", omittingEmptySubsequences: false)
    let ok =
      s.count <= 64
      && parts.allSatisfy { part in
        !part.isEmpty
          && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
      }
    guard ok else {
      throw invalid(field, "kebab-case ([a-z0-9]+ joined by '-', at most 64 characters)", v)
    }
    return s
  }

  func number(_ v: ManifestJSON?, _ field: String) throws(ExternalManifestError) -> Double {
    guard case .number(let d)? = v, d.isFinite else { throw invalid(field, "a finite number", v) }
    return d
  }

  func integer(_ v: ManifestJSON?, _ field: String) throws(ExternalManifestError) -> Int {
    guard case .number(let d)? = v, d == d.rounded(), abs(d) <= 1e15 else {
      throw invalid(field, "a whole number", v)
    }
    return Int(d)
  }

  func bool(_ v: ManifestJSON?, _ field: String) throws(ExternalManifestError) -> Bool {
    guard case .bool(let b)? = v else { throw invalid(field, "true or false", v) }
    return b
  }

  /// Every key of `o` is one of `known` (`in`: the object's field path, "" at the top).
  func onlyKnown(_ o: [String: ManifestJSON], _ known: [String], in prefix: String)
    throws(ExternalManifestError)
  {
    for key in o.keys.sorted() where !known.contains(key) {
      let hint = closestMatch(to: key, in: known).map { " (did you mean '\($0)'?)" } ?? ""
      throw invalid(
        prefix.isEmpty ? key : "\(prefix).\(key)",
        "one of the fields \(known.joined(separator: ", "))\(hint)", o[key])
    }
  }
}
