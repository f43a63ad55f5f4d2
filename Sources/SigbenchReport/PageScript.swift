/// The one inline script of every report page: two conveniences over a page that reads
/// completely without it (every figure is in the HTML; nothing is fetched or built by script).
///
/// - **Legend toggle:** a chart's legend keys (`g.key`, see `SVGChart.legend`) become buttons;
///   clicking one, or Enter or Space on it, hides or shows the series with the same
///   `data-series` in that chart (`aria-pressed` tells which are shown).
/// - **Sortable tables:** a table with one header row, at least two body rows and no merged
///   body cells sorts by a column when its heading is clicked (again: descending); numbers
///   sort as numbers (a leading `<`, `≤`, `~`, `★`, `†`, thousands commas and a trailing unit are
///   ignored), other cells as text, empty cells and dashes last; `aria-sort` tells the order.
///
/// It is allowed by its SHA-256 in the page's Content-Security-Policy (`PageHead`), so it
/// must never contain `</script` (checked by the tests). Plain ES5, no library.
enum PageScript {
  static let source = """
    document.addEventListener("DOMContentLoaded", function () {
      var each = function (list, f) { Array.prototype.forEach.call(list, f); };
      each(document.querySelectorAll("svg.chart g.key"), function (key) {
        key.setAttribute("role", "button");
        key.setAttribute("tabindex", "0");
        key.setAttribute("aria-pressed", "true");
        var toggle = function () {
          var shown = key.getAttribute("aria-pressed") !== "true";
          key.setAttribute("aria-pressed", shown ? "true" : "false");
          var selector = 'g.series[data-series="' + key.getAttribute("data-series") + '"]';
          each(key.closest("svg").querySelectorAll(selector), function (g) {
            g.classList.toggle("hidden", !shown);
          });
        };
        key.addEventListener("click", toggle);
        key.addEventListener("keydown", function (e) {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); }
        });
      });
      var value = function (cell) {
        var text = cell.textContent.trim();
        if (text === "" || text === "—" || text === "–" || text === "-") { return null; }
        var m = text.replace(/,/g, "").replace(/\\u2212/g, "-")
          .match(/^[<≤~★†+\\s]*(-?\\d*\\.?\\d+(?:e[-+]?\\d+)?)/i);
        return m ? parseFloat(m[1]) : text.toLowerCase();
      };
      each(document.querySelectorAll("table"), function (table) {
        var head = table.tHead, body = table.tBodies[0];
        if (!head || head.rows.length !== 1 || !body || body.rows.length < 2) { return; }
        if (body.querySelector("[rowspan],[colspan]")) { return; }
        each(head.rows[0].cells, function (th, column) {
          th.setAttribute("tabindex", "0");
          th.setAttribute("aria-sort", "none");
          th.title = "Sort by this column";
          var sort = function () {
            var down = th.getAttribute("aria-sort") === "ascending";
            each(head.rows[0].cells, function (other) { other.setAttribute("aria-sort", "none"); });
            th.setAttribute("aria-sort", down ? "descending" : "ascending");
            var rows = Array.prototype.slice.call(body.rows);
            rows.sort(function (a, b) {
              var x = value(a.cells[column] || a), y = value(b.cells[column] || b);
              if (x === null || y === null) { return x === y ? 0 : (x === null ? 1 : -1); }
              var order = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0)
                : (typeof x === "number" ? -1 : 1);
              return down ? -order : order;
            });
            each(rows, function (row) { body.appendChild(row); });
          };
          th.addEventListener("click", sort);
          th.addEventListener("keydown", function (e) {
            if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); }
          });
        });
      });
    });
    """
}
