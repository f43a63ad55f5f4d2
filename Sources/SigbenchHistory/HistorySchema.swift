/// The history database's schema as an ordered list of migrations. `PRAGMA user_version` holds
/// the number of migrations applied; opening a database applies the missing ones in order, each
/// in its own transaction, so an older file is brought up to date in place and a newer one
/// (written by a later sigbench) is refused rather than misread.
///
/// Tables (version 2):
/// - `runs`: one row per recorded `run`, `bench` or `gate` (its head side); `run_key`
///   (`HistoryRecord.key`: `run:` and the run id for a run, a content hash otherwise) makes
///   appends and imports idempotent.
/// - `measurements`: one row per strategy × lane × metric of a run: the headline figure and
///   every process's value (a JSON array).
public enum HistorySchema {
  /// Migration `i` takes the database from version `i` to `i + 1`.
  public static let migrations: [String] = [
    // 1: runs and their figures.
    """
    CREATE TABLE runs(
      id INTEGER PRIMARY KEY,
      run_key TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL,
      created_at TEXT NOT NULL,
      commit_sha TEXT,
      commit_time TEXT,
      dirty INTEGER,
      fingerprint TEXT NOT NULL,
      build TEXT NOT NULL,
      corpus_checksum TEXT NOT NULL,
      tool TEXT NOT NULL,
      processes INTEGER NOT NULL
    );
    CREATE TABLE measurements(
      run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      strategy TEXT NOT NULL,
      lane TEXT NOT NULL,
      metric TEXT NOT NULL,
      headline REAL NOT NULL,
      per_process TEXT NOT NULL,
      PRIMARY KEY(run_id, strategy, lane, metric)
    );
    """,
    // 2: where a run came from (live or an imported file), the unit of each figure, and an
    // index for reading one series.
    """
    ALTER TABLE runs ADD COLUMN source TEXT NOT NULL DEFAULT 'live';
    ALTER TABLE measurements ADD COLUMN unit TEXT NOT NULL DEFAULT '';
    CREATE INDEX measurements_series ON measurements(strategy, lane, metric);
    """,
    // 3: the external strategies a run measured, with the digests of their code.
    """
    CREATE TABLE external_strategies(
      run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      strategy TEXT NOT NULL,
      kind TEXT NOT NULL,
      manifest TEXT NOT NULL,
      command TEXT NOT NULL,
      manifest_digest TEXT NOT NULL,
      command_digest TEXT,
      PRIMARY KEY(run_id, strategy)
    );
    """,
    // 4: which strategies of a run were configurations of a sweep, and of which (its spec).
    """
    CREATE TABLE sweep_configs(
      run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      strategy TEXT NOT NULL,
      strategy_id TEXT NOT NULL,
      sweep TEXT NOT NULL,
      PRIMARY KEY(run_id, strategy)
    );
    """,
    // 5: merged runs (`merge`): the key of their corpus, split and build (a merge replaces an
    // earlier one of the same key), and whether shards were missing.
    """
    ALTER TABLE runs ADD COLUMN merge_key TEXT;
    ALTER TABLE runs ADD COLUMN incomplete INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX runs_merge ON runs(merge_key);
    """,
  ]

  /// The version a database has once every migration ran.
  public static var currentVersion: Int { migrations.count }
}
