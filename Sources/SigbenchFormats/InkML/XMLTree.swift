import Foundation

/// One element of a parsed XML document, namespace-agnostic.
///
/// Names are matched on namespace plus local name, never on the prefix: an element in no
/// namespace or in one of the caller's namespaces gets its local name (`inkml:trace` and a
/// default-namespace `trace` are both `trace`); an element of any other namespace is named
/// `{uri}local`, so it never matches (OneNote's `msink:context` is not an InkML `context`).
/// Attribute names lose their prefix (`xml:id` is `id`); namespace declarations are dropped.
/// Text is kept only for the element names the caller asks for (trace payloads, annotations),
/// so large documents do not pay for whitespace.
///
/// A reference type on purpose: the tree is built by a SAX event sink and walked by one
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

/// Builds an `XMLElementNode` tree with libxml2's SAX2 parser (`XMLSAXParser`).
///
/// The bytes are first checked and brought to UTF-8 where the encoding needs it (`XMLInput`),
/// so encoding errors name a byte offset. The parser refuses any DOCTYPE and limits text nodes
/// (`XMLSAXParser`). Element nesting deeper than `maxDepth` is rejected, so walking the tree
/// recursively cannot exhaust the stack. Complexity: O(document size).
enum XMLTree {
  /// Deepest element nesting accepted.
  static let maxDepth = 256

  /// Parses `data`, keeping text for elements whose local name is in `textElements`.
  /// Text inside `skipSubtrees` elements (for example MathML inside `annotationXML`) is ignored
  /// and their children are not built. `maxTextBytes` limits each text node.
  static func parse(
    _ data: Data, file: String, namespaces: Set<String>, textElements: Set<String>,
    skipSubtrees: Set<String> = [], maxTextBytes: Int = XMLSAXParser.maxTextBytes
  ) throws(FormatError) -> XMLElementNode {
    let builder = XMLTreeBuilder(
      file: file, namespaces: namespaces, textElements: textElements, skipSubtrees: skipSubtrees)
    try XMLSAXParser.parse(
      try XMLInput.utf8(data, file: file), file: file, sink: builder, maxTextBytes: maxTextBytes)
    guard let root = builder.root else {
      throw FormatError(
        .malformed, file: file, location: .line(1), field: "XML",
        rule: "must contain a root element", value: data.isEmpty ? "empty file" : "no element")
    }
    return root
  }
}

/// The `XMLEventSink` behind `XMLTree.parse`.
private final class XMLTreeBuilder: XMLEventSink {
  let file: String
  let namespaces: Set<String>
  let textElements: Set<String>
  let skipSubtrees: Set<String>
  var root: XMLElementNode?
  var stack: [XMLElementNode] = []
  /// Text of the innermost open element, when it keeps text (UTF-8, decoded at its end tag).
  var text: [[UInt8]] = []
  /// Depth inside a skipped subtree (0 = not skipping).
  var skipping = 0

  init(file: String, namespaces: Set<String>, textElements: Set<String>, skipSubtrees: Set<String>)
  {
    self.file = file
    self.namespaces = namespaces
    self.textElements = textElements
    self.skipSubtrees = skipSubtrees
  }

  func startElement(
    localName: String, namespaceURI: String?, attributes list: [XMLAttribute], line: Int,
    column: Int
  ) -> FormatError? {
    if skipping > 0 {
      skipping += 1
      return nil
    }
    guard stack.count < XMLTree.maxDepth else {
      return FormatError(
        .limitExceeded, file: file, location: .line(line, column: column),
        field: "element nesting", rule: "must be at most \(XMLTree.maxDepth) levels deep",
        value: String(XMLTree.maxDepth + 1))
    }
    var attributes: [String: String] = [:]
    attributes.reserveCapacity(list.count)
    for a in list {
      // `xml:id` wins over a plain `id` if a producer wrote both.
      if attributes[a.localName] == nil || a.prefix == "xml" { attributes[a.localName] = a.value }
    }
    let name: String
    if let uri = namespaceURI, !uri.isEmpty, !namespaces.contains(uri) {
      name = "{\(uri)}\(localName)"
    } else {
      name = localName
    }
    let node = XMLElementNode(name: name, attributes: attributes, line: line, column: column)
    if let parent = stack.last {
      parent.children.append(node)
    } else if root == nil {
      root = node
    }
    stack.append(node)
    text.append([])
    if skipSubtrees.contains(node.name) { skipping = 1 }
    return nil
  }

  func endElement(localName: String) {
    if skipping > 1 {
      skipping -= 1
      return
    }
    skipping = 0
    if let node = stack.popLast(), let bytes = text.popLast(), !bytes.isEmpty {
      node.text = String(decoding: bytes, as: UTF8.self)
    }
  }

  func text(_ bytes: UnsafeBufferPointer<UInt8>) -> FormatError? {
    guard skipping == 0, let node = stack.last, textElements.contains(node.name) else {
      return nil
    }
    text[text.count - 1].append(contentsOf: bytes)
    return nil
  }
}
