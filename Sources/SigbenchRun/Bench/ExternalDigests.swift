import SigbenchCore

/// The external strategies a parent hands its worker processes: their manifest folders (the
/// worker's `--strategy-dir`) and their digests (`--external-digests`), which the worker
/// checks against the manifests it found, so every process measures the same code.
///
/// Text form: `ID=MANIFEST/COMMAND` per external strategy, comma-separated, the digests as
/// lowercase hex (`none` for a command that names no file).
public enum ExternalDigests {
  /// The digests of the external strategies among `strategies`, as text; nil when none.
  public static func text(_ strategies: [ConfiguredStrategy]) -> String? {
    var seen: Set<String> = []
    let items = strategies.compactMap { s -> String? in
      guard let o = s.origin.external, seen.insert(s.id).inserted else { return nil }
      return "\(s.id)=\(o.manifestDigest)/\(o.commandDigest ?? "none")"
    }
    return items.isEmpty ? nil : items.joined(separator: ",")
  }

  /// The folders to pass as `--strategy-dir`, each once, in order.
  public static func folders(_ strategies: [ConfiguredStrategy]) -> [String] {
    var out: [String] = []
    for s in strategies {
      guard let path = s.origin.external?.manifestPath else { continue }
      var folder = path
      if let slash = folder.lastIndex(of: "/") {
        folder = String(folder[..<slash])
        if folder.isEmpty { folder = "/" }
      } else {
        folder = "."
      }
      if !out.contains(folder) { out.append(folder) }
    }
    return out
  }

  /// Checks that `strategies` (as this worker resolved them) have the digests of `text`:
  /// every id named there must be among them, with the same manifest and command digests.
  /// Throws a tool error (exit 1) naming the strategy and both digests otherwise.
  public static func check(_ text: String, against strategies: [ConfiguredStrategy])
    throws(PipelineError)
  {
    for item in text.split(separator: ",") {
      let parts = item.split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else {
        throw PipelineError(
          .invalidOption, "--external-digests: '\(item)' is not ID=MANIFEST/COMMAND")
      }
      let id = String(parts[0])
      guard let o = strategies.first(where: { $0.id == id })?.origin.external else {
        throw PipelineError(
          .toolError, "external strategy '\(id)': the parent ran it, this worker did not find it")
      }
      let mine = "\(o.manifestDigest)/\(o.commandDigest ?? "none")"
      guard mine == parts[1] else {
        throw PipelineError(
          .toolError,
          "external strategy '\(id)' changed while sigbench ran: the parent read digests "
            + "\(parts[1]), this worker reads \(mine) (\(o.manifestPath))")
      }
    }
  }
}
