/// Synthetic handwriting with exact ground truth (sigma-lognormal model); see the files beside
/// this one.
public enum SigbenchSynth {}
