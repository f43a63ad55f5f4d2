import Foundation
import SigbenchCore

/// The inputs of `FormatDecodeBench`: file images grouped by the reader that takes them, plus
/// the corpus drawings written by every writable format, so each reader has input.
///
/// Grouping: each file goes to `FormatCatalog.reader(forFileName:data:)`; Quick Draw files
/// are split into raw and simplified by what they decode to. Encoding: every drawing read
/// from the files is written by each writable format (one file image per drawing) and added
/// to that format's group. IAM-OnDB has no writer and no freely redistributable sample, so its
/// input is synthesised from the same drawings in its line-file shape (`iamOnDBLine`).
/// Cost: O(bytes) to group and one encode per drawing and writable format.
public struct FormatDecodeBenchInputs: Sendable {
  /// One file image.
  public struct File: Sendable {
    public var name: String
    public var data: Data
    public init(name: String, data: Data) {
      self.name = name
      self.data = data
    }
  }

  /// The files one reader is timed on.
  public struct Group: Sendable {
    public var id: String
    public var format: any StrokeFormat
    /// "files", "encoded" or "files+encoded".
    public var origin: String
    public var files: [File]
  }

  /// Groups with input, in catalog order (Quick Draw raw before simplified).
  public var groups: [Group] = []
  /// Row ids with no input.
  public var withoutInput: [String] = []
  /// Files no reader claims.
  public var unclaimed: [String] = []

  /// Every row id, in catalog order.
  public static var rowIDs: [String] {
    FormatCatalog.ids.flatMap { id in
      id == "quickdraw" ? ["quickdraw-raw", "quickdraw-simplified"] : [id]
    }
  }

  /// Groups `files` and adds the encoded drawings.
  public init(files: [File]) {
    var byID: [String: [File]] = [:]
    var fileIDs = Set<String>()
    var encodedIDs = Set<String>()
    var drawings: [Drawing] = []
    for f in files {
      guard let format = FormatCatalog.reader(forFileName: f.name, data: f.data) else {
        unclaimed.append(f.name)
        continue
      }
      var id = format.descriptor.id
      if let r = try? format.decode(f.data, file: f.name, options: DecodeOptions()) {
        drawings += r.drawings
        if id == "quickdraw" {
          let simplified = r.drawings.first?.metadata.source?.contains("simplified") ?? false
          id = simplified ? "quickdraw-simplified" : "quickdraw-raw"
        }
      } else if id == "quickdraw" {
        id = "quickdraw-raw"
      }
      byID[id, default: []].append(f)
      fileIDs.insert(id)
    }
    for format in FormatCatalog.all where format.descriptor.canWrite {
      let id = format.descriptor.id
      let ext = format.descriptor.extensions[0]
      for d in drawings {
        guard let data = try? format.encode(d) else { continue }
        byID[id, default: []].append(File(name: "\(d.name).\(ext)", data: data))
        encodedIDs.insert(id)
      }
    }
    for d in drawings {
      guard let data = FormatDecodeBenchInputs.iamOnDBLine(d) else { continue }
      byID["iam-ondb", default: []].append(File(name: "\(d.name).xml", data: data))
      encodedIDs.insert("iam-ondb")
    }
    for id in FormatDecodeBenchInputs.rowIDs {
      guard let group = byID[id], !group.isEmpty else {
        withoutInput.append(id)
        continue
      }
      let catalogID = id.hasPrefix("quickdraw") ? "quickdraw" : id
      let origin: String
      switch (fileIDs.contains(id), encodedIDs.contains(id)) {
      case (true, true): origin = "files+encoded"
      case (true, false): origin = "files"
      default: origin = "encoded"
      }
      groups.append(
        Group(
          id: id, format: FormatCatalog.format(id: catalogID)!, origin: origin, files: group))
    }
  }

  /// Reads every regular file under each root (or the root itself when it is a file), in
  /// `CorpusLoader.listFiles` order, skipping documentation and licences as the loader does.
  public static func readFiles(_ roots: [URL]) throws -> [File] {
    var files: [File] = []
    for root in roots {
      var isDir: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
      }
      guard isDir.boolValue else {
        files.append(File(name: root.lastPathComponent, data: try Data(contentsOf: root)))
        continue
      }
      for rel in try CorpusLoader.listFiles(under: root) {
        let name = (rel as NSString).lastPathComponent.lowercased()
        if CorpusLoader.ignoredNames.contains(name) || name.hasPrefix(".")
          || name.hasPrefix("license") || name.hasPrefix("licence") || name.hasSuffix(".md")
        {
          continue
        }
        let url = root.appendingPathComponent(rel)
        files.append(File(name: rel, data: try Data(contentsOf: url)))
      }
    }
    return files
  }

  /// `drawing`'s ink as an IAM-OnDB line file (`WhiteboardCaptureSession` XML, integer
  /// sensor positions, times in seconds): positions as whole tenths of a CSS px, times in s
  /// from an origin of 1000 s with 10 ms resolution, untimed samples 10 ms apart. `nil`
  /// without ink.
  static func iamOnDBLine(_ drawing: Drawing) -> Data? {
    guard drawing.strokes.contains(where: { !$0.samples.isEmpty }) else { return nil }
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <WhiteboardCaptureSession>
      <WhiteboardDescription><SensorLocation corner="top_left"/></WhiteboardDescription>
      <StrokeSet>

      """
    var index = 0
    for s in drawing.strokes where !s.samples.isEmpty {
      xml += "<Stroke colour=\"black\">\n"
      for p in s.samples {
        let t = 1000 + ((p.time ?? Double(index) * 0.01) * 100).rounded() / 100
        xml += "<Point x=\"\(Int((p.x * 10).rounded()))\" y=\"\(Int((p.y * 10).rounded()))\""
        xml += " time=\"\(String(format: "%.2f", t))\"/>\n"
        index += 1
      }
      xml += "</Stroke>\n"
    }
    xml += "</StrokeSet>\n</WhiteboardCaptureSession>\n"
    return Data(xml.utf8)
  }
}
