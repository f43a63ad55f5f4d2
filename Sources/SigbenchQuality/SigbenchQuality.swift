/// Ink quality metrics against ground truth or the input; see the files beside this one.
public enum SigbenchQuality {}
