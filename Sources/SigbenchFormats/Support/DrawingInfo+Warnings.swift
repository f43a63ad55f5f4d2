import SigbenchCore
import SigbenchResults

extension DrawingInfo {
  /// What `sigbench info` shows about `drawing`, with the readers' warnings about it.
  public init(drawing: Drawing, warnings: [FormatWarning]) {
    self.init(drawing: drawing, warningTexts: warnings.map(\.description))
  }
}
