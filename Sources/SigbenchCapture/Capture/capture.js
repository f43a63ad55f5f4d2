// sigbench capture page: records Pointer Events into the native corpus format v1
// (Corpus/README.md) and saves it as a download. No network, no storage: everything stays in
// this page's memory until the user saves. Depends on PressureRule (credibility.js) and
// CaptureFormat (capture-format.js), inlined before it.
"use strict";

(function () {
  const PAGE_VERSION = 1;
  const PRESETS = {
    pen: { color: "#000000", width: 5, opacity: 1 },
    highlighter: { color: "#ffff00", width: 25, opacity: 0.3 },
  };
  const $ = (id) => document.getElementById(id);
  const pad = $("pad");
  const ctx = pad.getContext("2d");
  const ui = {
    signer: $("signer"), undo: $("undo"), redo: $("redo"), clear: $("clear"), save: $("save"),
    color: $("color"), width: $("width"), series: $("series"), inkml: $("inkml"), ua: $("ua"),
    status: $("status"),
  };

  // ---- Recording state (memory only) -------------------------------------------------------
  let origin = null; // event timeStamp (ms) of the drawing's first sample: t = 0
  let strokes = []; // committed ink strokes, in drawing order
  let redoStack = [];
  let hover = []; // committed pen hover traces
  let active = null; // the stroke being drawn: {pointerId, stroke}
  let hoverTrace = null; // the pen hover trace being recorded
  let ignoredPointers = 0; // pointers that went down while another one was drawing
  const typesSeen = new Set();
  const seriesState = { signer: null, count: 0 };
  let savedCount = 0;
  const hasCoalesced = typeof PointerEvent !== "undefined" &&
    typeof PointerEvent.prototype.getCoalescedEvents === "function";
  const hasPredicted = typeof PointerEvent !== "undefined" &&
    typeof PointerEvent.prototype.getPredictedEvents === "function";

  // ---- Units ------------------------------------------------------------------------------
  /** Seconds from the drawing's start (its first recorded sample). */
  function seconds(ev) {
    if (origin === null) origin = ev.timeStamp;
    return (ev.timeStamp - origin) / 1000;
  }

  /**
   * Tilt from the surface normal and azimuth clockwise from +x (y down), radians, as Sample
   * documents: from altitudeAngle/azimuthAngle when the browser has them, else from
   * tiltX/tiltY (degrees). Pens only: a mouse or finger reports no tilt, so none is recorded.
   */
  function angles(ev) {
    if (ev.pointerType !== "pen") return [null, null];
    let tilt = null, azimuth = null;
    if (typeof ev.altitudeAngle === "number" && typeof ev.azimuthAngle === "number") {
      tilt = Math.PI / 2 - ev.altitudeAngle;
      azimuth = ev.azimuthAngle;
    } else if (typeof ev.tiltX === "number" && typeof ev.tiltY === "number") {
      const a = Math.tan((ev.tiltX * Math.PI) / 180), b = Math.tan((ev.tiltY * Math.PI) / 180);
      tilt = Math.atan(Math.hypot(a, b));
      azimuth = Math.atan2(b, a);
    } else {
      return [null, null];
    }
    if (!Number.isFinite(tilt)) return [null, null];
    tilt = Math.min(Math.PI / 2, Math.max(0, tilt));
    // A vertical pen has no direction.
    if (tilt === 0 || !Number.isFinite(azimuth)) return [tilt, null];
    const turn = 2 * Math.PI;
    azimuth = ((azimuth % turn) + turn) % turn;
    if (azimuth >= turn) azimuth = 0;
    return [tilt, azimuth];
  }

  /** The pad's content box in client coordinates (positions are CSS px of the pad). */
  function padOrigin() {
    const r = pad.getBoundingClientRect();
    return { left: r.left + pad.clientLeft, top: r.top + pad.clientTop };
  }

  function newTrace(ev, kind) {
    const o = activePreset();
    const trace = { kind, pointerType: ev.pointerType || "unknown", rows: [], contact: [], predicted: [] };
    if (kind === "ink") {
      trace.attributes = {
        "pointer-type": trace.pointerType, preset: o.name, color: o.color,
        width: String(o.width), opacity: String(o.opacity), cancelled: "false",
      };
    }
    typesSeen.add(trace.pointerType);
    return trace;
  }

  /** Appends one sample: [x, y, t, pressure, tilt, azimuth] plus its contact size. */
  function append(trace, ev, o) {
    const [tilt, azimuth] = angles(ev);
    const p = typeof ev.pressure === "number" && Number.isFinite(ev.pressure) ? ev.pressure : null;
    trace.rows.push([ev.clientX - o.left, ev.clientY - o.top, seconds(ev), p, tilt, azimuth]);
    trace.contact.push([numberOrNull(ev.width), numberOrNull(ev.height)]);
  }

  function numberOrNull(v) {
    return typeof v === "number" && Number.isFinite(v) ? v : null;
  }

  /** Every coalesced event of a pointermove (the event itself where the list is missing). */
  function coalesced(ev) {
    if (hasCoalesced) {
      const list = ev.getCoalescedEvents();
      if (list && list.length > 0) return list;
    }
    return [ev];
  }

  // ---- Pointer handlers -------------------------------------------------------------------
  function endHover() {
    if (hoverTrace && hoverTrace.rows.length > 0) hover.push(hoverTrace);
    hoverTrace = null;
  }

  function onDown(ev) {
    if (active) {
      if (ev.pointerId !== active.pointerId) ignoredPointers += 1;
      return;
    }
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    ev.preventDefault();
    endHover();
    try { pad.setPointerCapture(ev.pointerId); } catch (e) { /* released pointer */ }
    const trace = newTrace(ev, "ink");
    active = { pointerId: ev.pointerId, stroke: trace };
    redoStack = [];
    append(trace, ev, padOrigin());
    drawTail(trace, 1);
    updateCounters();
  }

  function onMove(ev) {
    if (active) {
      if (ev.pointerId !== active.pointerId) return; // a second finger never joins the stroke
      const trace = active.stroke;
      const o = padOrigin();
      const before = trace.rows.length;
      for (const e of coalesced(ev)) append(trace, e, o);
      if (hasPredicted) {
        const at = trace.rows.length - 1;
        for (const e of ev.getPredictedEvents() || []) {
          const p = typeof e.pressure === "number" ? e.pressure : null;
          trace.predicted.push([at, e.clientX - o.left, e.clientY - o.top, seconds(e), p]);
        }
      }
      drawTail(trace, trace.rows.length - before + 1);
      updateCounters();
      return;
    }
    if (ev.pointerType !== "pen" || ev.buttons !== 0) return;
    if (hoverTrace && hoverTrace.pointerId !== ev.pointerId) endHover();
    if (!hoverTrace) {
      hoverTrace = newTrace(ev, "hover");
      hoverTrace.pointerId = ev.pointerId;
    }
    const o = padOrigin();
    for (const e of coalesced(ev)) append(hoverTrace, e, o);
    updateCounters();
  }

  function finish(ev, cancelled) {
    if (!active || ev.pointerId !== active.pointerId) {
      if (hoverTrace && ev.pointerId === hoverTrace.pointerId) endHover();
      return;
    }
    const trace = active.stroke;
    if (cancelled) trace.attributes.cancelled = "true";
    active = null;
    strokes.push(trace);
    try { pad.releasePointerCapture(ev.pointerId); } catch (e) { /* already released */ }
    redraw();
    updateCounters();
    if (cancelled) say("Stroke cancelled by the browser (kept, marked).");
  }

  pad.addEventListener("pointerdown", onDown);
  pad.addEventListener("pointermove", onMove);
  pad.addEventListener("pointerup", (ev) => finish(ev, false));
  pad.addEventListener("pointercancel", (ev) => finish(ev, true));
  pad.addEventListener("lostpointercapture", (ev) => {
    if (active && ev.pointerId === active.pointerId) finish(ev, true);
  });
  pad.addEventListener("pointerleave", (ev) => {
    if (!active && hoverTrace && ev.pointerId === hoverTrace.pointerId) endHover();
  });
  pad.addEventListener("contextmenu", (ev) => ev.preventDefault());

  // ---- Preview of the raw ink -------------------------------------------------------------
  function sizeCanvas() {
    const dpr = window.devicePixelRatio || 1;
    const w = pad.clientWidth, h = pad.clientHeight;
    pad.width = Math.max(1, Math.round(w * dpr));
    pad.height = Math.max(1, Math.round(h * dpr));
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    redraw();
  }

  function styleFor(trace) {
    const a = trace.attributes;
    ctx.strokeStyle = a.color;
    ctx.fillStyle = a.color;
    ctx.lineWidth = Number(a.width);
    ctx.globalAlpha = Number(a.opacity);
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
  }

  function path(rows, from) {
    ctx.beginPath();
    ctx.moveTo(rows[from][0], rows[from][1]);
    if (from === rows.length - 1) ctx.lineTo(rows[from][0] + 0.01, rows[from][1]);
    for (let i = from + 1; i < rows.length; i++) ctx.lineTo(rows[i][0], rows[i][1]);
    ctx.stroke();
  }

  function drawTail(trace, count) {
    styleFor(trace);
    path(trace.rows, Math.max(0, trace.rows.length - 1 - count));
    ctx.globalAlpha = 1;
  }

  function redraw() {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, pad.width, pad.height);
    ctx.restore();
    for (const s of strokes) {
      styleFor(s);
      path(s.rows, 0);
    }
    if (active) {
      styleFor(active.stroke);
      path(active.stroke.rows, 0);
    }
    ctx.globalAlpha = 1;
  }

  // ---- Measurements -----------------------------------------------------------------------
  function liveTraces() {
    return strokes.concat(hover, active ? [active.stroke] : [], hoverTrace ? [hoverTrace] : []);
  }

  function sampleCount(list) {
    return list.reduce((n, s) => n + s.rows.length, 0);
  }

  function updateCounters() {
    $("count-strokes").textContent = String(strokes.length + (active ? 1 : 0));
    $("count-samples").textContent = String(sampleCount(strokes) + (active ? active.stroke.rows.length : 0));
    $("count-hover").textContent = String(sampleCount(hover) + (hoverTrace ? hoverTrace.rows.length : 0));
    const rates = CaptureFormat.sampleRates(liveTraces());
    const text = Object.keys(rates).map((t) => `${t} ${rates[t]} Hz`).join(", ");
    $("count-rate").textContent = text || "–";
    $("count-pressure").textContent = strokes.length ? CaptureFormat.pressure(strokes).finding : "–";
    $("count-saved").textContent = String(savedCount);
    ui.undo.disabled = strokes.length === 0;
    ui.redo.disabled = redoStack.length === 0;
  }

  function say(text) {
    ui.status.textContent = text;
  }

  // ---- Editing ----------------------------------------------------------------------------
  function undo() {
    if (active || strokes.length === 0) return;
    redoStack.push(strokes.pop());
    redraw();
    updateCounters();
    say(`Undone: ${strokes.length} stroke${strokes.length === 1 ? "" : "s"} left.`);
  }

  function redo() {
    if (active || redoStack.length === 0) return;
    strokes.push(redoStack.pop());
    redraw();
    updateCounters();
    say(`Redone: ${strokes.length} stroke${strokes.length === 1 ? "" : "s"}.`);
  }

  function clearAll(message) {
    if (active) return;
    strokes = [];
    redoStack = [];
    hover = [];
    hoverTrace = null;
    origin = null;
    ignoredPointers = 0;
    typesSeen.clear();
    redraw();
    updateCounters();
    say(message || "Cleared.");
  }

  function activePreset() {
    const name = document.querySelector('input[name="preset"]:checked').value;
    const width = Number(ui.width.value);
    return {
      name, color: ui.color.value,
      width: Number.isFinite(width) && width > 0 ? width : PRESETS[name].width,
      opacity: PRESETS[name].opacity,
    };
  }

  for (const radio of document.querySelectorAll('input[name="preset"]')) {
    radio.addEventListener("change", () => {
      const p = PRESETS[radio.value];
      ui.color.value = p.color;
      ui.width.value = String(p.width);
    });
  }
  ui.undo.addEventListener("click", undo);
  ui.redo.addEventListener("click", redo);
  ui.clear.addEventListener("click", () => clearAll());
  ui.save.addEventListener("click", save);

  document.addEventListener("keydown", (ev) => {
    if (!(ev.ctrlKey || ev.metaKey) || ev.altKey) return;
    const key = ev.key.toLowerCase();
    const inText = ev.target instanceof HTMLInputElement && ev.target.type === "text";
    if (key === "s") {
      ev.preventDefault();
      save();
    } else if (key === "z" && !inText) {
      ev.preventDefault();
      if (ev.shiftKey) redo(); else undo();
    } else if (key === "y" && !inText) {
      ev.preventDefault();
      redo();
    }
  });

  function download(text, name, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    a.rel = "noopener";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30000);
  }

  function save() {
    if (active) return;
    if (strokes.length === 0) {
      say("Nothing to save yet: draw first.");
      return;
    }
    endHover();
    const outside = CaptureFormat.outsideEnvelope(strokes, hover);
    if (outside !== null) {
      say(`Not saved: the recording is outside what sigbench reads (${outside}). Clear and draw again.`);
      return;
    }
    const signer = CaptureFormat.safeName(ui.signer.value);
    let stem = signer;
    let number = null;
    if (ui.series.checked) {
      if (seriesState.signer !== signer) {
        seriesState.signer = signer;
        seriesState.count = 0;
      }
      seriesState.count += 1;
      number = seriesState.count;
      stem = `${stem}-${String(number).padStart(3, "0")}`;
    }
    const text = CaptureFormat.nativeDocument({
      strokes, hover, signer, series: number, devicePixelRatio: window.devicePixelRatio || 1,
      pad: { width: pad.clientWidth, height: pad.clientHeight },
      pointerTypes: Array.from(typesSeen).sort(), coalescedEvents: hasCoalesced,
      predictedEvents: hasPredicted, ignoredPointers,
      userAgent: ui.ua.checked ? navigator.userAgent : null, pageVersion: PAGE_VERSION,
    });
    download(text, `${stem}.sigbench.json`, "application/json");
    if (ui.inkml.checked) download(CaptureFormat.inkmlDocument(strokes), `${stem}.inkml`, "application/inkml+xml");
    savedCount += 1;
    const message = `Saved ${stem}.sigbench.json (${strokes.length} strokes, ${sampleCount(strokes)} samples).`;
    if (number !== null) clearAll(message + " Ready for the next signature of the series.");
    else {
      updateCounters();
      say(message);
    }
  }

  // For tests and the curious: read-only views and the ported rule.
  window.sigbenchCapture = Object.freeze({
    version: PAGE_VERSION,
    assessPressure: (values) => PressureRule.assess(values),
    safeName: (text) => CaptureFormat.safeName(text),
    outsideEnvelope: (strokes, hover) => CaptureFormat.outsideEnvelope(strokes, hover),
    padOrigin,
  });

  new ResizeObserver(sizeCanvas).observe(pad);
  sizeCanvas();
  updateCounters();
})();
