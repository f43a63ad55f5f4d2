import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// One element of a parsed XML document, namespace-agnostic.
///
/// Names are matched on namespace plus local name, never on the prefix: an element in no
/// namespace or in one of the caller's namespaces gets its local name (`inkml:trace` and a
/// default-namespace `trace` are both `trace`); an element of any other namespace is named
/// `{uri}local`, so it never matches (OneNote's `msink:context` is not an InkML `context`).
/// Attribute names lose their prefix (`xml:id` is `id`); namespace declarations are dropped. Text is kept only for the element names the caller asks
/// for (trace payloads, annotations), so large documents do not pay for whitespace.
///
/// A reference type on purpose: the tree is built by a parser delegate and walked by one
/// reader inside one `decode` call; it never crosses a concurrency boundary.
final class XMLElementNode {
  let name: String
  let attributes: [String: String]
  var children: [XMLElementNode] = []
  var text = ""
  /// 1-based line and column where libxml2 reported the start tag (the end of the start tag).
  let line: Int
  let column: Int

  init(name: String, attributes: [String: String], line: Int, column: Int) {
    self.name = name
    self.attributes = attributes
    self.line = line
    self.column = column
  }

  /// The value of attribute `name` (local name).
  subscript(_ name: String) -> String? { attributes[name] }

  /// Children named `name`, in document order.
  func children(named name: String) -> [XMLElementNode] { children.filter { $0.name == name } }

  /// The first child named `name`.
  func child(_ name: String) -> XMLElementNode? { children.first { $0.name == name } }

  /// Where this element starts, for errors.
  var location: FileLocation { .line(line, column: column) }
}

/// Builds an `XMLElementNode` tree with Foundation's `XMLParser` (libxml2).
///
/// The bytes are first brought to valid UTF-8 (`XMLInput`), because Foundation traps on names,
/// attributes or comments that are not. Always checks `parserError` as well as `parse()`'s
/// result: on Linux `parse()` returns `true` for truncated or mismatched documents and only
/// sets `parserError` (code 5; swift-corelibs-foundation's `XMLParser` over libxml2).
/// Element nesting deeper than `maxDepth` is rejected, so walking the tree recursively cannot
/// exhaust the stack. Complexity: O(document size).
enum XMLTree {
  /// Deepest element nesting accepted.
  static let maxDepth = 256

  /// Parses `data`, keeping text for elements whose local name is in `textElements`.
  /// Text inside `skipSubtrees` elements (for example MathML inside `annotationXML`) is ignored
  /// and their children are not built.
  static func parse(
    _ data: Data, file: String, namespaces: Set<String>, textElements: Set<String>,
    skipSubtrees: Set<String> = []
  ) throws(FormatError) -> XMLElementNode {
    let parser = XMLParser(data: try XMLInput.utf8(data, file: file))
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    let builder = XMLTreeBuilder(
      parser: parser, namespaces: namespaces, textElements: textElements,
      skipSubtrees: skipSubtrees)
    parser.delegate = builder
    let ok = parser.parse()
    if let limit = builder.depthExceeded {
      throw FormatError(
        .limitExceeded, file: file, location: .line(limit.line, column: limit.column),
        field: "element nesting", rule: "must be at most \(maxDepth) levels deep",
        value: String(maxDepth + 1))
    }
    if !ok || parser.parserError != nil {
      let error = parser.parserError.map { $0 as NSError }
      let detail =
        (error?.userInfo[NSLocalizedDescriptionKey] as? String)
        ?? error.map { "XML parser error \($0.code)" } ?? "XML parser failed"
      throw FormatError(
        .malformed, file: file,
        location: .line(max(1, parser.lineNumber), column: max(1, parser.columnNumber)),
        field: "XML", rule: "must be well-formed XML", value: detail)
    }
    guard let root = builder.root else {
      throw FormatError(
        .malformed, file: file, location: .line(max(1, parser.lineNumber)), field: "XML",
        rule: "must contain a root element", value: data.isEmpty ? "empty file" : "no element")
    }
    return root
  }

  /// `prefix:name` → `name`.
  @inline(__always) static func localName(_ qualified: String) -> String {
    guard let colon = qualified.lastIndex(of: ":") else { return qualified }
    return String(qualified[qualified.index(after: colon)...])
  }
}

/// The `XMLParser` delegate behind `XMLTree.parse`.
private final class XMLTreeBuilder: NSObject, XMLParserDelegate {
  weak var parser: XMLParser?
  let namespaces: Set<String>
  let textElements: Set<String>
  let skipSubtrees: Set<String>
  var root: XMLElementNode?
  var stack: [XMLElementNode] = []
  /// Depth inside a skipped subtree (0 = not skipping).
  var skipping = 0
  var depthExceeded: (line: Int, column: Int)?

  init(
    parser: XMLParser, namespaces: Set<String>, textElements: Set<String>,
    skipSubtrees: Set<String>
  ) {
    self.parser = parser
    self.namespaces = namespaces
    self.textElements = textElements
    self.skipSubtrees = skipSubtrees
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    if skipping > 0 {
      skipping += 1
      return
    }
    guard stack.count < XMLTree.maxDepth else {
      depthExceeded = (parser.lineNumber, parser.columnNumber)
      parser.abortParsing()
      return
    }
    var attributes: [String: String] = [:]
    attributes.reserveCapacity(attributeDict.count)
    for (key, value) in attributeDict where key != "xmlns" && !key.hasPrefix("xmlns:") {
      let local = XMLTree.localName(key)
      // `xml:id` wins over a plain `id` if a producer wrote both.
      if attributes[local] == nil || key.hasPrefix("xml:") { attributes[local] = value }
    }
    let local = XMLTree.localName(elementName)
    let name: String
    if let uri = namespaceURI, !uri.isEmpty, !namespaces.contains(uri) {
      name = "{\(uri)}\(local)"
    } else {
      name = local
    }
    let node = XMLElementNode(
      name: name, attributes: attributes, line: parser.lineNumber,
      column: parser.columnNumber)
    if let parent = stack.last {
      parent.children.append(node)
    } else if root == nil {
      root = node
    }
    stack.append(node)
    if skipSubtrees.contains(node.name) { skipping = 1 }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    if skipping > 1 {
      skipping -= 1
      return
    }
    skipping = 0
    _ = stack.popLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard skipping == 0, let node = stack.last, textElements.contains(node.name) else { return }
    node.text += string
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    guard skipping == 0, let node = stack.last, textElements.contains(node.name) else { return }
    node.text += String(decoding: CDATABlock, as: UTF8.self)
  }
}
