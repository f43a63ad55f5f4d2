import Foundation
import SigbenchArguments
import SigbenchRun

/// `sigbench prune --keep N`: removes older run, bench and gate folders under `--out`.
struct PruneCommand: Command {
  static let spec = CommandSpec(
    name: "prune", abstract: "Remove older run, bench and gate folders, keeping the newest N.",
    discussion: """
      Keeps the newest N folders of each kind under <out>/runs, <out>/bench and <out>/gates
      (newest by id, which starts with the UTC start time) and the one <out>/latest points
      to; removes the others and says how much space that frees. Only real folders directly
      under those three are touched: never a symbolic link, a hidden or unfinished run,
      anything outside <out>, a baseline or the history database. A removed run the history
      still holds is named: its figures stay in history.sqlite. --dry-run lists what would go.
      """,
    options: [
      OutputOptions.out.spec, keep.spec, dryRun.spec,
      OutputOptions.quiet.spec,
    ])

  static let keep = Option.integer("keep", help: "Folders of each kind to keep, newest first.")
    .requiredHere().within(1...1_000_000)
  static let dryRun = Flag("dry-run", help: "List what would be removed; remove nothing.")

  let pruning: RunPruning
  let dryRun: Bool
  let quiet: Bool

  init(_ a: ParsedArguments) throws {
    pruning = RunPruning(
      out: URL(fileURLWithPath: try a.outFolder()),
      keep: try a.required(Self.keep))
    dryRun = a.flag(Self.dryRun)
    quiet = a.flag(OutputOptions.quiet)
  }

  func run(console: Console) throws -> ExitCode {
    let plan = try pruning.plan()
    let verb = dryRun ? "would remove" : "removed"
    if !dryRun { try pruning.apply(plan) }
    if !quiet {
      for e in plan.remove {
        console.out(
          "\(verb) \(e.kind)/\(e.id) (\(Self.megabytes(e.bytes)))"
            + (e.note.map { "; \($0)" } ?? ""))
      }
      for e in plan.keep where e.note != nil { console.out("kept \(e.kind)/\(e.id): \(e.note!)") }
    }
    console.out(
      "\(dryRun ? "would prune" : "pruned") \(plan.remove.count) folder(s), "
        + "\(Self.megabytes(plan.removedBytes)); kept \(plan.keep.count) "
        + "(the newest \(pruning.keep) of each kind, and latest)")
    return .success
  }

  static func megabytes(_ bytes: Int64) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_000_000)
  }
}
