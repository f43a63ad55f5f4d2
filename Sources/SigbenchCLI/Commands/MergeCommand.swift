import Foundation
import SigbenchArguments
import SigbenchReport
import SigbenchResults
import SigbenchRun

/// `sigbench merge SHARD_RUN...`: shard runs (`run --shard I/N`) joined into one run.
struct MergeCommand: Command {
  static let spec = CommandSpec(
    name: "merge",
    abstract: "Join shard runs ('run --shard I/N') into one run folder and one sheet.",
    discussion: """
      Quality, drawings, pictures, sample pages and warnings are what one run over the whole
      corpus gives (figures folded in corpus order); the format study is shard 1's (it studies
      the corpus's first drawings). Timing is pooled only across shards of one machine and
      build; other shards are shown as their own groups. Refused (naming the shard): folders
      that are not shard runs, shards of different splits or given twice, and missing shards
      (exit 64); shards of different corpora or builds (exit 1). With --allow-partial the
      missing shards are listed and the run is marked incomplete (exit 0). A failed shard is
      re-run alone (same I/N) and the merge repeated; the merged run replaces an earlier merge
      of the same corpus, split and build in the history.
      """,
    options: [
      OutputOptions.out.spec, allowPartial.spec, OutputOptions.quiet.spec,
      OutputOptions.json.spec,
    ] + HistoryOptions.appending,
    positionals: [
      PositionalSpec(
        "shard-run", help: "A shard's run folder (e.g. Reports/runs/<id>).", variadic: true)
    ])

  static let allowPartial = Flag(
    "allow-partial",
    help: "Merge without the missing shards: the run is marked incomplete and lists them.")

  let folders: [String]
  let out: String
  let partial: Bool
  let json: Bool
  let history: HistoryOptions

  init(_ a: ParsedArguments) throws {
    folders = a.positionals
    guard !folders.isEmpty else { throw ValidationError("Give at least one shard run folder.") }
    out = try a.outFolder()
    partial = a.flag(Self.allowPartial)
    json = a.flag(OutputOptions.json)
    history = try HistoryOptions(a)
  }

  func run(console: Console) throws -> ExitCode {
    let started = Date()
    var pipeline = MergePipeline(shardFolders: folders, out: out, progress: console.progress)
    pipeline.allowPartial = partial
    pipeline.commandLine = CommandLine.arguments.dropFirst().map { $0 }
    let outcome = try pipeline.run(started: started)
    let result = history.recorder.append(merge: outcome, progress: console.progress)
    if !json { MergeText.lines(result).forEach(console.out) }
    try RunCommand.print(
      result, folder: outcome.folder, latest: outcome.latest, json: json, console)
    console.note(String(format: "merged in %.1f s", Date().timeIntervalSince(started)))
    return ExitCode.of(result)
  }
}
