import Foundation

/// Text snapshots (help output, report HTML) stored beside the test file in `Snapshots/`.
///
/// Record mode comes from `SIGBENCH_RECORD`: `never` (CI: a missing or different snapshot
/// fails), `missing` (default locally: a missing snapshot is written and the test still
/// fails, so nothing is recorded silently), `failed` (rewrite on mismatch, still failing),
/// `all` (rewrite every snapshot, still failing). Returns `nil` on a match, else a message.
public func checkTextSnapshot(_ text: String, named name: String, file: String = #filePath)
  -> String?
{
  let dir = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(
    "Snapshots")
  let url = dir.appendingPathComponent(name)
  let mode = getenvString("SIGBENCH_RECORD") ?? "missing"
  let existing = try? String(contentsOf: url, encoding: .utf8)
  func record(_ why: String) -> String {
    if mode == "never" { return "\(why): \(url.path) (recording is off: SIGBENCH_RECORD=never)" }
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try? text.write(to: url, atomically: true, encoding: .utf8)
    return "\(why): recorded \(url.path); review it and run the test again"
  }
  guard let existing else { return record("no snapshot") }
  if existing == text { return mode == "all" ? record("re-recorded (SIGBENCH_RECORD=all)") : nil }
  let a = existing.split(separator: "\n", omittingEmptySubsequences: false)
  let b = text.split(separator: "\n", omittingEmptySubsequences: false)
  let line =
    zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
  let detail =
    "first difference at line \(line + 1):\n  snapshot: \(line < a.count ? String(a[line]) : "<end>")\n"
    + "  actual:   \(line < b.count ? String(b[line]) : "<end>")"
  return mode == "failed" || mode == "all"
    ? record("mismatch, \(detail)") : "mismatch with \(url.path), \(detail)"
}
