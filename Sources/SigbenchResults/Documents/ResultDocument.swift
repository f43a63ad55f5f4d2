import Foundation

/// What every file sigbench writes and reads back begins with: the schema version, the tool that
/// wrote it, when, on which machine and from what.
///
/// Stored flat, beside the document's own members (`ResultDocument`), so files keep the shape
/// they always had.
public struct DocumentHeader: Codable, Hashable, Sendable {
  /// The document's schema version (`DocumentContents.currentSchemaVersion` when written; 1 in
  /// files from before versions were recorded).
  public var schemaVersion: Int
  /// `sigbench <version>`.
  public var tool: String
  /// ISO 8601 UTC time the document's work started.
  public var createdAt: String
  /// What the figures depend on.
  public var machine: MachineFingerprint
  /// Where the figures came from (differs between runs by design).
  public var provenance: Provenance

  public init(
    schemaVersion: Int, tool: String, createdAt: String, machine: MachineFingerprint,
    provenance: Provenance
  ) {
    self.schemaVersion = schemaVersion
    self.tool = tool
    self.createdAt = createdAt
    self.machine = machine
    self.provenance = provenance
  }

  enum CodingKeys: String, CodingKey {
    case schemaVersion, tool, createdAt, machine, provenance
  }

  /// Reads the header; a file without `schemaVersion` is version 1.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try c.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
    tool = try c.decode(String.self, forKey: .tool)
    createdAt = try c.decode(String.self, forKey: .createdAt)
    machine = try c.decode(MachineFingerprint.self, forKey: .machine)
    provenance = try c.decode(Provenance.self, forKey: .provenance)
  }
}

/// The members of one kind of document after its header, and the schema version this build
/// writes of it.
public protocol DocumentContents: Codable, Hashable, Sendable {
  /// Raised whenever the contents gain or change a member (the house rule); files of older
  /// versions still read.
  static var currentSchemaVersion: Int { get }
}

/// One file sigbench writes and reads back — `result.json` (`RunResult`), `bench.json`
/// (`BenchReport`), `gate.json` (`GateReport`), a baseline (`Baseline`) or a noise floor
/// (`NoiseFloor`): the shared header and the document's own contents, written as one flat JSON
/// object (pretty printed, keys sorted: `ResultJSON`).
///
/// The members of both parts read as the document's own (`result.samples`, `report.machine`).
@dynamicMemberLookup
public struct ResultDocument<Contents: DocumentContents>: Codable, Hashable, Sendable {
  public var header: DocumentHeader
  public var contents: Contents

  /// A new document of this build's schema version.
  public init(
    tool: String, createdAt: String, machine: MachineFingerprint, provenance: Provenance,
    contents: Contents
  ) {
    header = DocumentHeader(
      schemaVersion: Contents.currentSchemaVersion, tool: tool, createdAt: createdAt,
      machine: machine, provenance: provenance)
    self.contents = contents
  }

  public static var currentSchemaVersion: Int { Contents.currentSchemaVersion }

  public subscript<T>(dynamicMember member: WritableKeyPath<DocumentHeader, T>) -> T {
    get { header[keyPath: member] }
    set { header[keyPath: member] = newValue }
  }

  public subscript<T>(dynamicMember member: WritableKeyPath<Contents, T>) -> T {
    get { contents[keyPath: member] }
    set { contents[keyPath: member] = newValue }
  }

  /// The contents' read-only members (computed ones such as `RunResult.timer`).
  public subscript<T>(dynamicMember member: KeyPath<Contents, T>) -> T {
    contents[keyPath: member]
  }

  public init(from decoder: any Decoder) throws {
    header = try DocumentHeader(from: decoder)
    contents = try Contents(from: decoder)
  }

  /// The header's members and the contents' side by side in one object.
  public func encode(to encoder: any Encoder) throws {
    try header.encode(to: encoder)
    try contents.encode(to: encoder)
  }

  /// The file's bytes: `ResultJSON`, so equal documents give equal bytes.
  public func encoded() throws -> Data { try ResultJSON.encode(self) }

  /// Reads a file of this kind of any schema version up to this build's; the document read says
  /// this build's version (what it would write). Throws `SchemaError.newerVersion` for a file
  /// from a newer build.
  public static func decode(_ data: Data) throws -> Self {
    let version = try ResultJSON.schemaVersion(of: data)
    guard version <= currentSchemaVersion else {
      throw SchemaError.newerVersion(found: version, supported: currentSchemaVersion)
    }
    var document = try JSONDecoder().decode(Self.self, from: data)
    document.header.schemaVersion = currentSchemaVersion
    return document
  }
}
