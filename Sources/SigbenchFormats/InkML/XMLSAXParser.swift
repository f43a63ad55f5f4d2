import CLibXML2
import Foundation

/// One attribute of a start tag, as the SAX parser reports it.
struct XMLAttribute {
  /// The name without its prefix (`id` for `xml:id`).
  var localName: String
  /// The prefix as written (`xml` for `xml:id`), `nil` when there is none.
  var prefix: String?
  var value: String
}

/// What the readers receive from `XMLSAXParser`: start tags, end tags and text, in document
/// order. Returning an error from `startElement` or `text` stops the parse; that error is the
/// one thrown.
protocol XMLEventSink: AnyObject {
  /// A start tag; `line` and `column` are where libxml2 reports it (the end of the tag).
  func startElement(
    localName: String, namespaceURI: String?, attributes: [XMLAttribute], line: Int, column: Int
  ) -> FormatError?
  func endElement(localName: String)
  /// A run of character data or CDATA of the innermost open element, as UTF-8.
  func text(_ bytes: UnsafeBufferPointer<UInt8>) -> FormatError?
}

/// Parses XML with libxml2's SAX2 interface (libxml2 2.9 SAX2 API) and hands the events to
/// an `XMLEventSink`; builds no tree of its own.
///
/// Hostile input is handled by what the parser is allowed to do, not by scanning bytes:
/// - a document type declaration is refused in the internal-subset callback, which libxml2
///   calls for every `<!DOCTYPE` once it has decoded the document (UTF-8, UTF-16 or UCS-4,
///   with or without a byte order mark; XML 1.0 (Fifth Edition) Appendix F), before any
///   declaration inside it is read; the parser is stopped there. So no entity, notation or
///   attribute default can ever be declared, and internal entities cannot expand;
/// - options: `XML_PARSE_NONET` (no network), and neither `XML_PARSE_NOENT` (no entity
///   substitution) nor `XML_PARSE_DTDLOAD` (no external subset) nor `XML_PARSE_HUGE` (libxml2's
///   own size limits stay on);
/// - no callbacks for entity, notation, element or attribute declarations, processing
///   instructions or comments: libxml2 skips them;
/// - a text node longer than `maxTextBytes` stops the parse with an error naming the limit;
/// - well-formedness errors are reported from libxml2's structured error (the first fatal
///   one), with its line and column; libxml2 prints nothing.
/// Complexity: O(document size).
enum XMLSAXParser {
  /// Longest text node accepted, in UTF-8 bytes (8 MiB: a trace of a few hundred thousand
  /// points). Below libxml2's own 10,000,000-byte limits, so this error is the one reported.
  static let maxTextBytes = 8 << 20

  /// The rule named when a document type declaration is found.
  static let doctypeRule = "a DOCTYPE is not accepted (ink formats use no DTD)"

  /// Parses `data` (any encoding libxml2 detects or is told), sending events to `sink`.
  /// Throws the sink's error, the DOCTYPE or text-size error, or a well-formedness error.
  static func parse(
    _ data: Data, file: String, sink: some XMLEventSink, maxTextBytes: Int = maxTextBytes
  ) throws(FormatError) {
    _ = libxml2Ready
    guard data.count <= Int(Int32.max) else {
      throw FormatError(
        .limitExceeded, file: file, location: .file, field: "size",
        rule: "must be at most \(Int32.max) bytes for the XML parser", value: String(data.count))
    }
    let session = XMLSAXSession(file: file, sink: sink, maxTextBytes: maxTextBytes)
    // libxml2 copies the bytes into its own input buffer.
    let created = data.withUnsafeBytes { raw -> xmlParserCtxtPtr? in
      guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else {
        return xmlCreateMemoryParserCtxt("", 0)
      }
      return xmlCreateMemoryParserCtxt(base, Int32(raw.count))
    }
    guard let ctxt = created else {
      throw FormatError(
        .malformed, file: file, location: .file, field: "XML",
        rule: "must be parseable by libxml2", value: data.isEmpty ? "empty file" : "no parser")
    }
    defer {
      if let doc = ctxt.pointee.myDoc { xmlFreeDoc(doc) }
      ctxt.pointee.myDoc = nil
      xmlFreeParserCtxt(ctxt)
    }
    ctxt.pointee.sax.pointee = XMLSAXSession.makeHandler()
    _ = xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_NONET.rawValue))
    session.ctxt = ctxt
    let unmanaged = Unmanaged.passRetained(session)
    ctxt.pointee.userData = unmanaged.toOpaque()
    // Errors raised without the parser context (encoding conversion) go to this thread's
    // structured handler rather than to stderr; the previous handler is put back after.
    let previousHandler = __xmlStructuredError()?.pointee
    let previousContext = __xmlStructuredErrorContext()?.pointee
    xmlSetStructuredErrorFunc(unmanaged.toOpaque(), XMLSAXSession.structuredError)
    _ = xmlParseDocument(ctxt)
    xmlSetStructuredErrorFunc(previousContext ?? nil, previousHandler ?? nil)
    unmanaged.release()
    if let error = session.error { throw error }
    if ctxt.pointee.wellFormed == 0 {
      let first = session.firstFatal
      let last = xmlCtxtGetLastError(UnsafeMutableRawPointer(ctxt))
      let message = first?.message ?? last.flatMap { XMLSAXSession.message($0.pointee) }
      let line = first?.line ?? last.map { Int($0.pointee.line) } ?? 1
      let column = first?.column ?? last.map { Int($0.pointee.int2) } ?? 0
      throw FormatError(
        .malformed, file: file,
        location: .line(max(1, line), column: column > 0 ? column : nil),
        field: "XML", rule: "must be well-formed XML",
        value: message ?? "XML parser error")
    }
  }

  /// libxml2's one-time global set-up, before the first parser is created.
  private static let libxml2Ready: Bool = {
    xmlInitParser()
    return true
  }()
}

/// The state of one parse, reached from libxml2's callbacks through `userData`.
private final class XMLSAXSession {
  let file: String
  let sink: any XMLEventSink
  let maxTextBytes: Int
  var ctxt: xmlParserCtxtPtr?
  /// The error that stopped the parse (DOCTYPE, text size, or the sink's own).
  var error: FormatError?
  /// The first fatal libxml2 error: message, line, column.
  var firstFatal: (message: String, line: Int, column: Int)?
  /// Bytes of the text node being read (reset at every tag).
  var textBytes = 0

  init(file: String, sink: any XMLEventSink, maxTextBytes: Int) {
    self.file = file
    self.sink = sink
    self.maxTextBytes = maxTextBytes
  }

  var line: Int { ctxt.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 1 }
  var column: Int { ctxt.map { Int(xmlSAX2GetColumnNumber(UnsafeMutableRawPointer($0))) } ?? 1 }

  /// Keeps the first error and stops the parser (no further callbacks).
  func stop(_ e: FormatError) {
    if error == nil { error = e }
    if let c = ctxt { xmlStopParser(c) }
  }

  static func from(_ ctx: UnsafeMutableRawPointer?) -> XMLSAXSession? {
    ctx.map { Unmanaged<XMLSAXSession>.fromOpaque($0).takeUnretainedValue() }
  }

  static func string(_ p: UnsafePointer<xmlChar>?) -> String? {
    p.map { String(cString: $0) }
  }

  /// An error's message without libxml2's trailing newline.
  static func message(_ e: xmlError) -> String? {
    guard let m = e.message else { return nil }
    var s = String(cString: m)
    while s.last?.isNewline == true { s.removeLast() }
    return s
  }

  func characters(_ ch: UnsafePointer<xmlChar>?, _ len: Int32) {
    guard error == nil, let ch, len > 0 else { return }
    textBytes += Int(len)
    guard textBytes <= maxTextBytes else {
      stop(
        FormatError(
          .limitExceeded, file: file, location: .line(line), field: "text",
          rule: "must be at most \(maxTextBytes) bytes per text node (limit of the XML reader)",
          value: "more than \(maxTextBytes) bytes"))
      return
    }
    if let e = sink.text(UnsafeBufferPointer(start: ch, count: Int(len))) { stop(e) }
  }

  /// Keeps the first fatal error; warnings and namespace errors are ignored, and nothing is
  /// printed.
  static let structuredError: xmlStructuredErrorFunc = { ctx, error in
    guard let s = XMLSAXSession.from(ctx), let e = error?.pointee, s.firstFatal == nil,
      e.level == XML_ERR_FATAL
    else { return }
    s.firstFatal = (
      XMLSAXSession.message(e) ?? "XML parser error \(e.code)", Int(e.line), Int(e.int2)
    )
  }

  /// The SAX2 callbacks; everything not set here is ignored by libxml2.
  static func makeHandler() -> xmlSAXHandler {
    var h = xmlSAXHandler()
    h.initialized = UInt32(XML_SAX2_MAGIC)
    h.internalSubset = { ctx, name, _, _ in
      guard let s = XMLSAXSession.from(ctx) else { return }
      s.stop(
        FormatError(
          .malformed, file: s.file, location: .line(s.line), field: "DOCTYPE",
          rule: XMLSAXParser.doctypeRule,
          value: "<!DOCTYPE \(XMLSAXSession.string(name) ?? "")"))
    }
    h.startElementNs = { ctx, localname, _, uri, _, _, count, _, attributes in
      guard let s = XMLSAXSession.from(ctx), s.error == nil else { return }
      s.textBytes = 0
      var list: [XMLAttribute] = []
      if let a = attributes, count > 0 {
        list.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
          // Five pointers per attribute: local name, prefix, URI, value start, value end.
          guard let local = a[5 * i], let start = a[5 * i + 3], let end = a[5 * i + 4] else {
            continue
          }
          let value = String(
            decoding: UnsafeBufferPointer(start: start, count: max(0, end - start)),
            as: UTF8.self)
          list.append(
            XMLAttribute(
              localName: String(cString: local), prefix: XMLSAXSession.string(a[5 * i + 1]),
              value: value))
        }
      }
      let name = XMLSAXSession.string(localname) ?? ""
      if let e = s.sink.startElement(
        localName: name, namespaceURI: XMLSAXSession.string(uri), attributes: list,
        line: s.line, column: s.column)
      {
        s.stop(e)
      }
    }
    h.endElementNs = { ctx, localname, _, _ in
      guard let s = XMLSAXSession.from(ctx), s.error == nil else { return }
      s.textBytes = 0
      s.sink.endElement(localName: XMLSAXSession.string(localname) ?? "")
    }
    h.characters = { ctx, ch, len in XMLSAXSession.from(ctx)?.characters(ch, len) }
    h.cdataBlock = { ctx, ch, len in XMLSAXSession.from(ctx)?.characters(ch, len) }
    h.serror = structuredError
    return h
  }
}
