import Foundation
import SigbenchCore

extension PDFPlacement {
  /// Why a page or field text was refused (shown as the usage error).
  public struct ParseError: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The placement typed as a page (`WxH` in points, each in (0, 14400], or `a4`, `letter`)
  /// and a field (`X1,Y1,X2,Y2` in points from the page's bottom-left corner, inside it);
  /// `nil` when neither is given. The two go together.
  public static func parse(page: String?, field: String?) throws(ParseError) -> PDFPlacement? {
    guard page != nil || field != nil else { return nil }
    guard let page, let field else {
      throw ParseError(description: "--page and --field go together.")
    }
    let size: (Double, Double)
    switch page.lowercased() {
    case "a4": size = a4
    case "letter": size = letter
    default:
      let p = page.lowercased().split(separator: "x").compactMap { Double($0) }
      guard p.count == 2, p.allSatisfy({ $0 > 0 && $0 <= 14_400 }) else {
        throw ParseError(
          description: "--page must be WxH in points (each in (0, 14400]), a4 or letter.")
      }
      size = (p[0], p[1])
    }
    let f = field.split(separator: ",").compactMap {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard f.count == 4, f.allSatisfy(\.isFinite), f[2] > f[0], f[3] > f[1], f[0] >= 0, f[1] >= 0,
      f[2] <= size.0, f[3] <= size.1
    else {
      throw ParseError(
        description: "--field must be X1,Y1,X2,Y2 in points with X1 < X2, Y1 < Y2, inside the "
          + "page; got '\(field)'.")
    }
    return PDFPlacement(
      pageWidth: size.0, pageHeight: size.1,
      field: Rect(minX: f[0], minY: f[1], maxX: f[2], maxY: f[3]))
  }
}
