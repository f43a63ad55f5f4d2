import Foundation
import SigbenchArguments
import SigbenchRender
import SigbenchResults
import SigbenchRun
import SigbenchStrategies
import SigbenchTestSupport
import Testing

@testable import SigbenchCLI

/// Every command's options come from one declaration each: an option two commands share reads
/// the same in both, and every default a help text states is the one the code uses.
@Suite("option declarations")
struct OptionDeclarationTests {
  static let fixtures = packageRootURL().appendingPathComponent("Corpus/fixtures").path
  static let file = fixtures + "/loop.sigbench.json"

  /// The least each command needs to be built (its required positionals and options).
  static let minimal: [String: [String]] = [
    "run": ["--corpus", fixtures], "strategies": [], "formats": [], "info": [file],
    "convert": [file, "-o", "/tmp/x.sigbench.json"], "render": [file, "-o", "/tmp/x.png"],
    "contact-sheet": ["--corpus", fixtures, "-o", "/tmp/x.png"],
    "replay": [file, "-o", "/tmp/x.gif"], "bench": ["--corpus", fixtures],
    "prune": ["--keep", "1"],
    "baseline": ["ack", "b", "--strategy", "straight", "--reason", "known"],
    "gate": ["--corpus", fixtures, "--base-binary", "/bin/true", "--seed", "7"],
    "render-bench": [], "metrics-bench": [], "history": ["list"], "report": ["/tmp"],
    "fixtures": [], "synth": [], "resample": [file, "--rate", "100", "-o", "/tmp/x.sigbench.json"],
    "capture": ["-o", "/tmp/x.html"], "merge": ["/tmp/shard-1"],
    "tune": ["catmull-rom(filter=one-euro)", "--over", "filter-beta", "--metric", "accuracy-mean"],
  ]

  /// `command` built from `args`, and everything it holds as text (`dump`).
  static func build(_ command: any Command.Type, _ args: [String]) throws -> (any Command, String) {
    let parsed = try ArgumentParser.parse(args, spec: command.spec)
    let built = try command.init(parsed)
    return (built, canonical(built))
  }

  /// Everything `value` holds as text, its dictionaries and sets in sorted order (so two equal
  /// values read the same whatever their hashing order). A `createdAt` time stamp (an
  /// acknowledgement's, taken when the command is built) is left out: two builds a second
  /// apart differ there whatever the options.
  static func canonical(_ value: Any) -> String {
    let m = Mirror(reflecting: value)
    if m.children.isEmpty { return String(reflecting: value) }
    var parts = m.children.filter { $0.label != "createdAt" }.map {
      ($0.label ?? "") + ": " + canonical($0.value)
    }
    if m.displayStyle == .dictionary || m.displayStyle == .set { parts.sort() }
    return "\(m.subjectType)(" + parts.joined(separator: ", ") + ")"
  }

  /// `command` built from its minimal arguments and `extra`.
  static func make<C: Command>(_ command: C.Type, _ extra: [String] = []) throws -> C {
    try build(command, minimal[command.spec.name]! + extra).0 as! C
  }

  @Test("every command has its minimal arguments here, and they build")
  func everyCommandBuilds() throws {
    for c in SigbenchMain.commands {
      let args = try #require(Self.minimal[c.spec.name], "\(c.spec.name) has no minimal arguments")
      _ = try Self.build(c, args)
    }
  }

  /// Names that mean two things, each with its reason: `strategies --check SPEC` runs the
  /// contract suite against a strategy (issue #45 names it so, as a verb on a strategy), while
  /// `fixtures --check` and `synth --check` compare generated files with the disk.
  /// `tune --budget N` and `tune --metric M` are named by issue #47: the evaluations a search
  /// may spend and the quality metric it optimises, while `metrics-bench --budget` is a
  /// fraction of a period and `baseline ack --metric` names a gate metric.
  static let twoMeanings: [String: (command: String, why: String)] = [
    "check": (
      "strategies",
      "strategies --check SPEC judges a strategy; fixtures and synth --check compare files"
    ),
    "budget": ("tune", "tune --budget counts evaluations; metrics-bench --budget is a fraction"),
    "metric": ("tune", "tune --metric is a quality metric to optimise; ack names a gate metric"),
  ]

  @Test("an option two commands share is described the same in both")
  func sharedOptionsReadTheSame() {
    var seen: [String: (command: String, identity: String)] = [:]
    var shared = 0
    for c in SigbenchMain.commands {
      for o in c.spec.options {
        if Self.twoMeanings[o.long]?.command == c.spec.name { continue }
        guard let first = seen[o.long] else {
          seen[o.long] = (c.spec.name, o.identity)
          continue
        }
        shared += 1
        #expect(
          first.identity == o.identity,
          "--\(o.long): '\(first.command)' says \(first.identity); '\(c.spec.name)' says \(o.identity)"
        )
      }
    }
    #expect(shared > 40, "\(shared) shared uses")
  }

  @Test("every default value a help states is what the command uses when the option is absent")
  func statedDefaultsAreUsed() throws {
    var checked = 0
    for c in SigbenchMain.commands {
      let base = Self.minimal[c.spec.name]!
      let (_, absent) = try Self.build(c, base)
      for o in c.spec.options {
        guard let d = o.defaultValue else { continue }
        #expect(HelpFormatter.help(c.spec).contains(d.split(separator: ",")[0]))
        let (_, given) = try Self.build(c, base + ["--\(o.long)", d])
        #expect(absent == given, "\(c.spec.name) --\(o.long): the stated default '\(d)' differs")
        checked += 1
      }
    }
    #expect(checked > 50, "\(checked) defaults")
  }

  @Test("a changed default is caught: giving another value changes what the command holds")
  func theComparisonSeesValues() throws {
    let (_, absent) = try Self.build(RunCommand.self, Self.minimal["run"]!)
    let (_, other) = try Self.build(RunCommand.self, Self.minimal["run"]! + ["--repetitions", "2"])
    #expect(absent != other)
  }

  /// Each default a help states in words, and how the code is checked to use it.
  static let defaultNotes: Set<String> = [
    "run --jobs", "run --seed", "gate --seed", "run --history", "bench --history",
    "gate --history", "history --history", "merge --history", "render --margin",
    "render --background",
    "render --ink", "render --ink-alpha", "render --format", "convert --format", "info --format",
    "convert --from", "baseline --lane", "baseline --metric", "history --lane", "history --metric",
  ]

  @Test("every default stated in words is listed here and checked below")
  func everyDefaultNoteIsChecked() {
    var notes: Set<String> = []
    for c in SigbenchMain.commands {
      for o in c.spec.options where o.defaultValue == nil && o.defaultNote != nil {
        notes.insert("\(c.spec.name) --\(o.long)")
      }
    }
    #expect(notes == Self.defaultNotes)
  }

  @Test("defaults stated in words: what the commands hold when the option is absent")
  func defaultNotesHold() throws {
    let run = try Self.make(RunCommand.self, ["--out", "/tmp/o"])
    #expect(run.settings.jobs == ProcessInfo.processInfo.activeProcessorCount)
    #expect(run.history.path == "/tmp/o/history.sqlite")
    #expect(run.settings.gate == nil)
    let before = UInt64(Date().timeIntervalSince1970 * 1000)
    let gate =
      try Self.build(GateCommand.self, Array(Self.minimal["gate"]!.dropLast(2))).0 as! GateCommand
    #expect(gate.configuration.orderSeed >= before)
    #expect(
      try Self.make(BenchCommand.self).history.path?.hasSuffix("/Reports/history.sqlite") == true)
    #expect(
      try Self.make(GateCommand.self).history.path?.hasSuffix("/Reports/history.sqlite") == true)
    #expect(
      try Self.make(MergeCommand.self).history.path?.hasSuffix("/Reports/history.sqlite") == true)
    #expect(try Self.make(HistoryCommand.self).actions.path.hasSuffix("/Reports/history.sqlite"))
    let png = try Self.make(RenderCommand.self)
    #expect(png.options.margin == 10 && !png.options.marginGiven)
    #expect(png.options.background == .white && !png.options.backgroundGiven)
    #expect(png.options.ink == .black && png.options.inkAlpha == 1)
    #expect(png.format == .png)
    let marker = try Self.make(RenderCommand.self, ["--preset", "highlighter"])
    #expect(marker.options.ink == Brush.highlighter.color)
    #expect(marker.options.inkAlpha == Brush.highlighter.opacity)
    let svg =
      try Self.build(RenderCommand.self, [Self.file, "-o", "/tmp/x.svg"]).0 as! RenderCommand
    #expect(svg.format == .svg)
    let convert = try Self.make(ConvertCommand.self)
    #expect(convert.writer.descriptor.id == "native" && convert.reader == nil)
    #expect(try Self.make(InfoCommand.self).format == nil)
    let ack = try #require(try Self.make(BaselineCommand.self).acknowledgement)
    #expect(ack.lane == nil && ack.metric == nil)
    let history = try Self.make(HistoryCommand.self)
    #expect(history.actions.selection.lane == nil && history.actions.selection.metric == nil)
  }

  @Test("required options are shown as required in usage and refused when missing")
  func requiredOptions() throws {
    let usage = HelpFormatter.usage(RunCommand.spec)
    #expect(usage == "sigbench run --corpus <DIR> [options]")
    #expect(throws: ValidationError.self) { try ArgumentParser.parse([], spec: RunCommand.spec) }
    #expect(HelpFormatter.usage(CaptureCommand.spec).contains(" --output <PATH>"))
  }

  @Test("a repeatable option keeps every value in order; others still refuse a repeat")
  func repeatable() throws {
    let folders = Option.text("folder", value: "DIR", help: "f", repeatable: true)
    let spec = CommandSpec(name: "demo", abstract: "demo", options: [folders.spec])
    let a = try ArgumentParser.parse(["--folder", "a", "--folder=b", "--folder", "c"], spec: spec)
    #expect(try a.values(folders) == ["a", "b", "c"])
    #expect(HelpFormatter.usage(spec) == "sigbench demo [options]")
    #expect(HelpFormatter.help(spec).contains("--folder <DIR>"))
    #expect(HelpFormatter.help(spec).contains("(repeatable)"))
    #expect(throws: ValidationError.self) {
      try ArgumentParser.parse(["--corpus", "a", "--corpus", "b"], spec: RunCommand.spec)
    }
  }

  @Test("the incremental default is the catalog's incremental strategies; contact-sheet's is all")
  func strategyDefaults() throws {
    let run = try Self.make(RunCommand.self)
    #expect(run.settings.strategies.map(\.label) == StrategyCatalog.defaults().map(\.label))
    let sheet = try Self.make(ContactSheetCommand.self)
    #expect(sheet.strategies.map(\.id) == StrategyCatalog.ids)
    #expect(HelpFormatter.help(RunCommand.spec).contains("the 9 incremental strategies"))
    // #42, item 6: every command taking --strategies runs the set its help states.
    let incremental = StrategyCatalog.defaults().map(\.label)
    let ran: [(String, [String])] = [
      ("bench", try Self.make(BenchCommand.self).strategies.map(\.label)),
      ("baseline", try Self.make(BaselineCommand.self).strategies.map(\.label)),
      ("gate", try Self.make(GateCommand.self).strategies.map(\.label)),
      ("replay", try Self.make(ReplayCommand.self).strategies.map(\.label)),
    ]
    for (name, labels) in ran {
      let spec = try #require(SigbenchMain.commands.first { $0.spec.name == name }).spec
      #expect(
        HelpFormatter.help(spec, width: 1000).contains("(default: the 9 incremental strategies"))
      #expect(labels == incremental, "\(name) runs \(labels)")
    }
  }
}
