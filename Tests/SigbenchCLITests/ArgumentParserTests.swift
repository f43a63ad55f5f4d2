import SigbenchArguments
import SigbenchCLI
import SigbenchResults
import SigbenchRun
import Testing

@Suite("argument parser")
struct ArgumentParserTests {
  static let corpus = Option.text("corpus", value: "DIR", help: "c")
  static let out = Option.text("out", short: "o", value: "FILE", help: "o")
    .defaulting(to: "Reports")
  static let supersample = Option<Int>.custom(
    "supersample", value: "N", help: "s", allowed: ["2", "4"]
  ) { Int($0)! }
  static let strict = Flag("strict", help: "flag")
  static let spec = CommandSpec(
    name: "demo", abstract: "demo",
    options: [corpus.spec, out.spec, supersample.spec, strict.spec],
    positionals: [PositionalSpec("input", help: "i", optional: true)])

  @Test("a variadic last positional takes every remaining argument; others reject extras")
  func variadic() throws {
    var spec = Self.spec
    #expect(throws: ValidationError.self) { try ArgumentParser.parse(["a", "b"], spec: spec) }
    spec.positionals = [
      PositionalSpec("action", help: "a"),
      PositionalSpec("dir", help: "d", optional: true, variadic: true),
    ]
    let a = try ArgumentParser.parse(["import", "r1", "r2", "r3"], spec: spec)
    #expect(a.positionals == ["import", "r1", "r2", "r3"])
    #expect(HelpFormatter.usage(spec).contains("[<dir>...]"))
  }

  @Test("values, inline values, short options, flags, defaults and positionals")
  func parses() throws {
    let a = try ArgumentParser.parse(
      ["--corpus", "C", "-o", "x.png", "--supersample=4", "--strict", "in.txt"], spec: Self.spec)
    #expect(try a.value(Self.corpus) == "C")
    #expect(try a.value(Self.out) == "x.png")
    #expect(try a.value(Self.supersample) == 4)
    #expect(a.flag(Self.strict))
    #expect(a.positionals == ["in.txt"])
    #expect(try ArgumentParser.parse([], spec: Self.spec).value(Self.out) == "Reports")
    #expect(
      try ArgumentParser.parse(["--", "--strict"], spec: Self.spec).positionals == ["--strict"])
  }

  @Test(
    "mistakes are validation errors with a precise message",
    arguments: [
      (["--corpsu", "C"], "Did you mean '--corpus'?"),
      (["--corpus"], "Missing value for '--corpus <DIR>'"),
      (["--supersample", "3"], "expected one of: 2, 4"),
      (["--strict=yes"], "is a flag"),
      (["a", "b"], "Unexpected argument 'b'"),
      (["--corpus", "a", "--corpus", "b"], "more than once"),
      (["-x"], "Unknown option '-x'"),
    ])
  func errors(args: [String], fragment: String) {
    do {
      _ = try ArgumentParser.parse(args, spec: Self.spec)
      Issue.record("accepted \(args)")
    } catch {
      #expect(error.message.contains(fragment), "\(error.message)")
    }
  }

  @Test("help is generated from the spec with defaults and allowed values")
  func help() {
    let h = HelpFormatter.help(Self.spec)
    #expect(h.contains("OVERVIEW: demo"))
    #expect(h.contains("USAGE: sigbench demo"))
    #expect(h.contains("-o, --out <FILE>"))
    #expect(h.contains("(default: Reports)"))
    #expect(h.contains("(values: 2, 4)"))
    #expect(h.contains("-h, --help"))
  }

  @Test("exit codes combine by the pinned precedence 130, 143, 64, 1, 3, 2, 5, 6, 4")
  func exitCodes() {
    #expect(ExitCode.combine([.rejectedInputs, .confirmedRegression]) == .confirmedRegression)
    #expect(ExitCode.combine([.rejectedInputs, .usage, .toolError]) == .usage)
    #expect(ExitCode.combine([.inconclusive, .baselineUnusable]) == .baselineUnusable)
    #expect(ExitCode.combine([.invalidBenchmark, .confirmedRegression]) == .invalidBenchmark)
    #expect(ExitCode.combine([.rejectedInputs, .inconclusive]) == .inconclusive)
    #expect(ExitCode.combine([]) == .success)
    #expect(ExitCode.combine([.usage, .confirmedRegression, .interrupted]) == .interrupted)
    #expect(ExitCode.combine([.toolError, .terminated]) == .terminated)
    #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6, 64, 130, 143])
  }

  @Test("top-level help documents every exit code and subcommand")
  func topLevelHelp() {
    let h = SigbenchMain.topLevelHelp()
    for code in ExitCode.allCases { #expect(h.contains("  \(code.rawValue) ")) }
    for name in ["run", "strategies", "report"] { #expect(h.contains("  \(name) ")) }
  }
}
