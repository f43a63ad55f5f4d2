import SigbenchCore
import Synchronization

/// A bounding-box hierarchy over a `SegmentGrid`'s edges in index order, for the grid's
/// queries far from every edge: a binary tree whose leaves hold runs of `leafSize`
/// consecutive edges (a polyline's consecutive edges lie close together, so the boxes stay
/// tight), searched depth first, nearer child first, skipping every box farther than the best
/// edge so far. The answer is exact, as comparing with every edge; the cost grows with the
/// tree's depth and the edges near the answer, not with how far the point lies from the ink
/// (a ring search over grid cells visits about (distance / cell)² cells: 6.4 s for one
/// strategy's ink through the four corners of the input envelope).
///
/// A bounding-volume hierarchy as in Ericson, Real-Time Collision Detection (2005), §6.1,
/// built top-down by halving the index range (no sorting), searched as in §6.6.
struct EdgeHierarchy: Sendable {
  /// Edges per leaf.
  static let leafSize = 8
  /// Per node: minX, minY, maxX, maxY, px.
  private let boxes: [Double]
  /// Per node two entries: an inner node's children (left, right), or a leaf's edge range as
  /// (−1 − first, end).
  private let links: [Int32]

  /// The hierarchy over `count` edges, edge e running from `starts[e]` to `starts[e + 1]`
  /// (`chain`) or `ends[e]`.
  ///
  /// - Complexity: O(m) time and memory for m edges.
  init(starts a: [Point], ends b: [Point], chain: Bool, count m: Int) {
    guard m > 0 else {
      (boxes, links) = ([], [])
      return
    }
    // Halving ranges of more than `leafSize` (8) edges leaves runs of at least 4 edges (or the
    // whole range when m ≤ 8): at most ⌈m / 4⌉ leaves, 2 ⌈m / 4⌉ − 1 nodes.
    let capacity = 2 * ((m + 3) / 4)
    var boxes = [Double](repeating: 0, count: 4 * capacity)
    var links = [Int32](repeating: 0, count: 2 * capacity)
    var used = 0
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        boxes.withUnsafeMutableBufferPointer { box in
          links.withUnsafeMutableBufferPointer { link in
            /// Adds the subtree of edges lo ..< hi; returns its node.
            func build(_ lo: Int, _ hi: Int) -> Int32 {
              let node = used
              used += 1
              var (x0, y0, x1, y1) = (
                Double.infinity, Double.infinity, -Double.infinity, -Double.infinity
              )
              if hi - lo <= EdgeHierarchy.leafSize {
                for e in lo..<hi {
                  let s = a[e]
                  let t = chain ? a[e + 1] : b[e]
                  x0 = min(x0, s.x, t.x)
                  y0 = min(y0, s.y, t.y)
                  x1 = max(x1, s.x, t.x)
                  y1 = max(y1, s.y, t.y)
                }
                (link[2 * node], link[2 * node + 1]) = (Int32(-1 - lo), Int32(hi))
              } else {
                let mid = lo + (hi - lo) / 2
                let left = Int(build(lo, mid))
                let right = Int(build(mid, hi))
                x0 = min(box[4 * left], box[4 * right])
                y0 = min(box[4 * left + 1], box[4 * right + 1])
                x1 = max(box[4 * left + 2], box[4 * right + 2])
                y1 = max(box[4 * left + 3], box[4 * right + 3])
                (link[2 * node], link[2 * node + 1]) = (Int32(left), Int32(right))
              }
              (box[4 * node], box[4 * node + 1], box[4 * node + 2], box[4 * node + 3]) = (
                x0, y0, x1, y1
              )
              return Int32(node)
            }
            _ = build(0, m)
          }
        }
      }
    }
    boxes.removeLast(4 * (capacity - used))
    links.removeLast(2 * (capacity - used))
    self.boxes = boxes
    self.links = links
  }

  /// Squared distance from `p` to node `n`'s box (0 inside).
  @inline(__always) private static func boxDistance(
    _ n: Int, _ p: Point, _ box: UnsafeBufferPointer<Double>
  ) -> Double {
    let dx = max(0, box[4 * n] - p.x, p.x - box[4 * n + 2])
    let dy = max(0, box[4 * n + 1] - p.y, p.y - box[4 * n + 3])
    return dx * dx + dy * dy
  }

  /// Lowers `best` to the nearest edge to `p` (among equally near ones the lower index);
  /// `hit(e)` measures edge e. `best` may start at any edge's hit, or at infinity.
  ///
  /// - Complexity: O(log m + edges in boxes nearer than the answer).
  @inline(never) func search(
    _ p: Point, _ best: inout SegmentGrid.Hit, _ hit: (Int) -> SegmentGrid.Hit
  ) {
    guard !links.isEmpty else { return }
    boxes.withUnsafeBufferPointer { box in
      links.withUnsafeBufferPointer { link in
        // Depth ≤ log2(m / leafSize) + 1 < 64 for any m an Int32 indexes; one slot a level.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { stack in
          var top = 1
          stack[0] = 0
          while top > 0 {
            top -= 1
            let n = Int(stack[top])
            if EdgeHierarchy.boxDistance(n, p, box) > best.distanceSquared { continue }
            let l = link[2 * n]
            let r = link[2 * n + 1]
            if l < 0 {
              for e in Int(-1 - l)..<Int(r) {
                let h = hit(e)
                if h.distanceSquared < best.distanceSquared
                  || (h.distanceSquared == best.distanceSquared && e < best.edge)
                {
                  best = h
                }
              }
              continue
            }
            // The nearer child is searched first: pushed last.
            let dl = EdgeHierarchy.boxDistance(Int(l), p, box)
            let dr = EdgeHierarchy.boxDistance(Int(r), p, box)
            (stack[top], stack[top + 1]) = dl <= dr ? (r, l) : (l, r)
            top += 2
          }
        }
      }
    }
  }
}

/// An `EdgeHierarchy` built once, on first use, by whichever thread needs it first.
final class LazyHierarchy: Sendable {
  private let built = Mutex<EdgeHierarchy?>(nil)

  /// The hierarchy, made by `make` the first time.
  func get(_ make: () -> EdgeHierarchy) -> EdgeHierarchy {
    built.withLock { value in
      if let value { return value }
      let made = make()
      value = made
      return made
    }
  }
}
