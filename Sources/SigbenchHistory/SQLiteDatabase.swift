import CSQLite
import Foundation

/// A failed SQLite call: the operation, SQLite's result code and its message.
public struct HistoryError: Error, Sendable, CustomStringConvertible {
  public var message: String
  /// SQLite's result code, when the error came from a call (`SQLITE_BUSY` is 5).
  public var code: Int32?
  public init(_ message: String, code: Int32? = nil) {
    self.message = message
    self.code = code
  }
  public var description: String { message }
}

/// One SQLite connection (libsqlite3, the C library from Debian's `libsqlite3-dev`): open,
/// execute, prepare. Not shared between threads; the only reference type in the history path,
/// so the handle is closed exactly once.
final class SQLiteDatabase {
  let handle: OpaquePointer
  let path: String

  /// Opens (creating when missing) the database at `path`.
  /// - Parameter busyTimeoutMs: how long a statement waits for another writer's lock before
  ///   failing with SQLITE_BUSY, milliseconds (`sqlite3_busy_timeout`).
  init(path: String, busyTimeoutMs: Int32) throws {
    var db: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
    let rc = sqlite3_open_v2(path, &db, flags, nil)
    guard rc == SQLITE_OK, let db else {
      let text = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      if let db { sqlite3_close_v2(db) }
      throw HistoryError("cannot open history database \(path): \(text) (code \(rc))")
    }
    handle = db
    self.path = path
    sqlite3_busy_timeout(db, busyTimeoutMs)
  }

  deinit { sqlite3_close_v2(handle) }

  /// Runs one or more statements without results.
  func execute(_ sql: String) throws {
    var error: UnsafeMutablePointer<CChar>?
    let rc = sqlite3_exec(handle, sql, nil, nil, &error)
    if rc != SQLITE_OK {
      let text = error.map { String(cString: $0) } ?? "code \(rc)"
      sqlite3_free(error)
      throw HistoryError("\(path): \(text) (in: \(sql.prefix(60)))")
    }
  }

  /// A prepared statement with `values` bound to its `?` parameters in order.
  func prepare(_ sql: String, _ values: [SQLValue] = []) throws -> SQLStatement {
    var stmt: OpaquePointer?
    let rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
    guard rc == SQLITE_OK, let stmt else { throw failure("prepare", rc) }
    let s = SQLStatement(stmt, database: self)
    for (i, v) in values.enumerated() { try s.bind(v, at: Int32(i + 1)) }
    return s
  }

  /// Every row `sql` returns, each read by `row`.
  func query<T>(_ sql: String, _ values: [SQLValue] = [], row: (SQLStatement) -> T) throws -> [T] {
    let s = try prepare(sql, values)
    var out: [T] = []
    while try s.step() { out.append(row(s)) }
    return out
  }

  /// Runs `sql` once with `values` (an INSERT, UPDATE or DDL statement).
  func run(_ sql: String, _ values: [SQLValue] = []) throws {
    let s = try prepare(sql, values)
    while try s.step() {}
  }

  /// The rowid of the last INSERT on this connection.
  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` (the write lock is taken at the start, so a
  /// second writer waits for the busy timeout instead of failing half-way); rolls back on error.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let value = try body()
      try execute("COMMIT")
      return value
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  func failure(_ what: String, _ rc: Int32) -> HistoryError {
    HistoryError(
      "\(path): \(what) failed: \(String(cString: sqlite3_errmsg(handle))) (code \(rc))", code: rc)
  }
}

/// A value bound to or read from a statement.
enum SQLValue {
  case int(Int64)
  case double(Double)
  case text(String)
  case null

  static func optional(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
  static func optional(_ d: Double?) -> SQLValue { d.map { .double($0) } ?? .null }
  static func optional(_ b: Bool?) -> SQLValue { b.map { .int($0 ? 1 : 0) } ?? .null }
}

/// A prepared statement; finalized when released.
final class SQLStatement {
  let stmt: OpaquePointer
  let database: SQLiteDatabase

  init(_ stmt: OpaquePointer, database: SQLiteDatabase) {
    self.stmt = stmt
    self.database = database
  }

  deinit { sqlite3_finalize(stmt) }

  /// SQLite copies the text at bind time (`SQLITE_TRANSIENT`).
  static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  func bind(_ v: SQLValue, at i: Int32) throws {
    let rc: Int32
    switch v {
    case .int(let x): rc = sqlite3_bind_int64(stmt, i, x)
    case .double(let x): rc = sqlite3_bind_double(stmt, i, x)
    case .text(let x): rc = sqlite3_bind_text(stmt, i, x, -1, SQLStatement.transient)
    case .null: rc = sqlite3_bind_null(stmt, i)
    }
    guard rc == SQLITE_OK else { throw database.failure("bind", rc) }
  }

  /// Advances to the next row: `true` while there is one.
  func step() throws -> Bool {
    let rc = sqlite3_step(stmt)
    if rc == SQLITE_ROW { return true }
    if rc == SQLITE_DONE { return false }
    throw database.failure("step", rc)
  }

  /// Makes the statement ready to run again (bindings are then replaced one by one).
  func reset() { sqlite3_reset(stmt) }

  func int(_ column: Int32) -> Int64 { sqlite3_column_int64(stmt, column) }
  func double(_ column: Int32) -> Double { sqlite3_column_double(stmt, column) }
  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(stmt, column) == SQLITE_NULL }
  func text(_ column: Int32) -> String {
    guard let p = sqlite3_column_text(stmt, column) else { return "" }
    return String(cString: p)
  }
  func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
  func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
}
