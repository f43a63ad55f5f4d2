// sigbench capture page: the files it saves, as pure functions of the recording. The native
// format v1 is described in Corpus/README.md (with the optional `capture` key); InkML 2011 is
// the optional second download. A trace is {pointerType, attributes, rows, contact, predicted}
// with rows [x, y, t, pressure, tilt, azimuth] (CSS px of the pad, s, 0–1, rad; null = none).
"use strict";

const CaptureFormat = Object.freeze({
  /**
   * A file name from the signer field that is safe everywhere: letters, digits, '.', '_'
   * and '-' only (accents folded, everything else one '-'), no leading or trailing dot or
   * dash, no path, no control character, at most 60 characters, never a Windows device name.
   */
  safeName(text) {
    let s = String(text || "").normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    s = s.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/-{2,}/g, "-").replace(/\.{2,}/g, ".");
    s = s.replace(/^[.\-_]+/, "").replace(/[.\-_]+$/, "").slice(0, 60).replace(/[.\-_]+$/, "");
    if (/^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i.test(s)) s = "signer-" + s;
    return s || "signature";
  },

  /**
   * The input envelope's bounds (Sources/SigbenchCore/InputEnvelope.swift, the one
   * declaration; Tests/SigbenchCLITests/CaptureCommandTests.swift checks these copies): what
   * every reader accepts, so a recording past them would be refused when read back.
   */
  envelope: Object.freeze({
    position: 100000, time: 10000000000, samplesPerStroke: 1000000, strokesPerFile: 100000,
    samplesPerFile: 2000000,
  }),

  /**
   * The first value of a recording outside the envelope, in words, or null: positions and
   * times of every ink and hover row, samples per stroke, strokes and samples in the file.
   */
  outsideEnvelope(strokes, hover) {
    const e = this.envelope;
    if (strokes.length > e.strokesPerFile) return `${strokes.length} strokes: at most ${e.strokesPerFile}`;
    let total = 0;
    for (const list of [strokes, hover]) {
      for (const s of list) {
        total += s.rows.length;
        if (s.rows.length > e.samplesPerStroke) return `a stroke of ${s.rows.length} samples: at most ${e.samplesPerStroke}`;
        for (const r of s.rows) {
          for (const v of [r[0], r[1]]) {
            if (!(Math.abs(v) <= e.position)) return `position ${v}: at most ${e.position} CSS px in magnitude`;
          }
          if (r[2] !== null && !(Math.abs(r[2]) <= e.time)) return `time ${r[2]}: at most ${e.time} s`;
        }
      }
    }
    if (total > e.samplesPerFile) return `${total} samples: at most ${e.samplesPerFile}`;
    return null;
  },

  median(values) {
    if (values.length === 0) return null;
    const v = values.slice().sort((a, b) => a - b);
    const m = v.length >> 1;
    return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
  },

  /** Per pointer type: 1 / the median positive sample interval (Hz, to 0.1), ink and hover alike. */
  sampleRates(traces) {
    const gaps = {};
    for (const s of traces) {
      const list = gaps[s.pointerType] || (gaps[s.pointerType] = []);
      for (let i = 1; i < s.rows.length; i++) {
        const dt = s.rows[i][2] - s.rows[i - 1][2];
        if (dt > 0) list.push(dt);
      }
    }
    const rates = {};
    for (const type of Object.keys(gaps).sort()) {
      const m = this.median(gaps[type]);
      if (m) rates[type] = Math.round(10 / m) / 10;
    }
    return rates;
  },

  /** The credibility rule on every ink sample, pooled (as PressureCredibility.assess(drawing)). */
  pressure(strokes) {
    const values = [];
    for (const s of strokes) for (const r of s.rows) values.push(r[3]);
    return PressureRule.assess(values);
  },

  /** The channels some sample has, and their columns in a row. */
  channels(traces) {
    const names = ["x", "y", "t", "pressure", "tilt", "azimuth"];
    const used = [0, 1];
    for (let k = 2; k < names.length; k++) {
      if (traces.some((s) => s.rows.some((r) => r[k] !== null))) used.push(k);
    }
    return { names: used.map((k) => names[k]), columns: used };
  },

  traces(list, columns, withAttributes) {
    if (list.length === 0) return "[]";
    const items = list.map((s) => {
      const head = withAttributes ? `"attributes": ${JSON.stringify(s.attributes)}, ` : "";
      const rows = s.rows.map((r) => "      [" + columns.map((k) => JSON.stringify(r[k])).join(", ") + "]");
      return `    {${head}"samples": [\n${rows.join(",\n")}\n    ]}`;
    });
    return "[\n" + items.join(",\n") + "\n  ]";
  },

  /**
   * The native v1 document. `r`: {strokes, hover, signer, series (number or null),
   * devicePixelRatio, pad {width, height}, pointerTypes, coalescedEvents, predictedEvents,
   * ignoredPointers, userAgent (string, or null when the user did not tick the box),
   * pageVersion}. Numbers are written by JSON.stringify: the shortest form that reads back
   * to the same double, so nothing is rounded.
   */
  nativeDocument(r) {
    const rates = this.sampleRates(r.strokes.concat(r.hover));
    const inkTypes = {};
    for (const s of r.strokes) inkTypes[s.pointerType] = (inkTypes[s.pointerType] || 0) + s.rows.length;
    const mainType = Object.keys(inkTypes).sort((a, b) => inkTypes[b] - inkTypes[a])[0];
    const pressure = this.pressure(r.strokes);
    const types = r.pointerTypes;
    const notes = [
      "Recorded with the sigbench capture page (Pointer Events); positions in the browser's CSS px.",
      `capture page-version=${r.pageVersion}`,
      `capture signer=${r.signer}`,
      `capture device-pixel-ratio=${r.devicePixelRatio}`,
      `capture pad=${r.pad.width}x${r.pad.height}`,
      `capture pointer-types=${types.join(",")}`,
    ];
    for (const t of Object.keys(rates)) notes.push(`capture rate-${t}=${rates[t]}`);
    notes.push(`capture pressure=${pressure.finding}`);
    notes.push(`capture coalesced-events=${r.coalescedEvents}`, `capture predicted-events=${r.predictedEvents}`);
    if (r.ignoredPointers > 0) notes.push(`capture ignored-pointers=${r.ignoredPointers}`);
    if (r.series !== null) notes.push(`capture series=${r.series}`);
    if (r.userAgent !== null) notes.push(`capture user-agent=${r.userAgent}`);
    const metadata = {
      source: "sigbench capture page",
      device: `web browser, Pointer Events (${types.join(", ")}), devicePixelRatio ${r.devicePixelRatio}`,
    };
    if (mainType && rates[mainType]) metadata.sampleRate = rates[mainType];
    metadata.nativeUnits = "css-px (browser)";
    metadata.nominalScale = true;
    metadata.notes = notes;
    const capture = {
      version: 1, devicePixelRatio: r.devicePixelRatio, pad: r.pad, pointerTypes: types,
      sampleRates: rates, pressure, coalescedEvents: r.coalescedEvents,
      predictedEvents: r.predictedEvents, ignoredPointers: r.ignoredPointers,
      strokes: r.strokes.map((s) => ({ contact: s.contact, predicted: s.predicted })),
      hover: r.hover.map((s) => ({ "pointer-type": s.pointerType, contact: s.contact })),
    };
    if (r.userAgent !== null) capture.userAgent = r.userAgent;
    const ch = this.channels(r.strokes.concat(r.hover));
    const metaLines = Object.keys(metadata).map((k) => `    ${JSON.stringify(k)}: ${JSON.stringify(metadata[k])}`);
    return "{\n" +
      '  "format": "sigbench-ink",\n' +
      '  "version": 1,\n' +
      '  "units": {"position": "css-px", "time": "s", "pressure": "0-1", "angle": "rad"},\n' +
      `  "channels": ${JSON.stringify(ch.names)},\n` +
      `  "metadata": {\n${metaLines.join(",\n")}\n  },\n` +
      `  "strokes": ${this.traces(r.strokes, ch.columns, true)},\n` +
      `  "hover": ${this.traces(r.hover, ch.columns, false)},\n` +
      `  "capture": ${JSON.stringify(capture)}\n` +
      "}\n";
  },

  xmlEscape(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  },

  /** InkML 2011: X, Y (px), T (s) and F (0–1, only when every ink sample has one). */
  inkmlDocument(strokes) {
    const withF = strokes.length > 0 && strokes.every((s) => s.rows.every((r) => r[3] !== null));
    const channels = ['<channel name="X" type="decimal" units="px"/>',
      '<channel name="Y" type="decimal" units="px"/>',
      '<channel name="T" type="decimal" units="s"/>'];
    if (withF) channels.push('<channel name="F" type="decimal" min="0" max="1"/>');
    const traces = strokes.map((s) => {
      const pts = s.rows.map((r) => [r[0], r[1], r[2]].concat(withF ? [r[3]] : []).join(" "));
      return `  <trace brushRef="#${this.xmlEscape(s.attributes.preset)}">${pts.join(", ")}</trace>`;
    });
    return '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<ink xmlns="http://www.w3.org/2003/InkML">\n' +
      "  <definitions>\n" +
      `    <traceFormat xml:id="format">${channels.join("")}</traceFormat>\n` +
      '    <brush xml:id="pen"/><brush xml:id="highlighter"/>\n' +
      "  </definitions>\n" +
      `  <traceFormat>${channels.join("")}</traceFormat>\n` +
      traces.join("\n") + "\n</ink>\n";
  },
});
