import SigbenchArguments

/// `--corpus DIR`: the recorded strokes a command reads.
struct CorpusOptions {
  static let corpus = Option.text(
    "corpus", value: "DIR", help: "Folder (or single file) of recorded strokes.")

  /// The path given (or this command's default).
  let path: String

  /// For a command that declares `--corpus` as required or with a default.
  init(_ a: ParsedArguments) throws { path = try a.required(Self.corpus) }
}
