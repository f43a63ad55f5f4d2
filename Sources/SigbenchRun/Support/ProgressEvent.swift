/// What a pipeline reports while it works. Pipelines never print: the caller decides where each
/// event goes (the CLI sends notes to stderr unless `--quiet`, and always shows warnings).
public enum ProgressEvent: Sendable, Hashable {
  /// A progress line ("timing worker 3/10"); may be silenced.
  case note(String)
  /// Something the user must see even when quiet ("rejected FILE: …").
  case warning(String)
  /// Counted progress of a long step: `done` of `total` units of `label`.
  case advance(label: String, done: Int, total: Int)
}

/// Receives progress events; called from any thread (sample pictures are drawn in parallel).
public typealias ProgressHandler = @Sendable (ProgressEvent) -> Void

/// A handler that drops everything (tests, embedding).
public let ignoreProgress: ProgressHandler = { _ in }
