#!/usr/bin/env node
// A sigbench external strategy in JavaScript (Node, no packages): protocol version 1.
//
// The same algorithm as moving_average.py: the ink follows the mean of the last `window`
// samples; each push appends the chord from the previous mean to the new one as stable ink (a
// straight cubic of width `width`) and draws the tentative tail from the newest mean to the
// pen. At pen-up the tail becomes stable; a one-sample stroke is a dot.
//
// Run by sigbench from its manifest (js-moving-average.sigbench-strategy.json); by hand:
//   echo '{"op":"hello","protocol":1}' | node moving_average.js
"use strict";
const readline = require("readline");

let options = { window: 4, width: 2 };
let recent = []; // the last `window` sample positions
let mean = null; // the newest mean: the end of the stable ink
let raw = null; // the newest sample
let drawn = 0; // stable chords drawn in this stroke

// A straight cubic from a to b: [x0,y0, x1,y1, x2,y2, x3,y3, w0,w1].
function segment(a, b, w) {
  const [ax, ay] = a;
  const [bx, by] = b;
  return [ax, ay, ax + (bx - ax) / 3, ay + (by - ay) / 3,
    ax + 2 * (bx - ax) / 3, ay + 2 * (by - ay) / 3, bx, by, w, w];
}

const same = (a, b) => a[0] === b[0] && a[1] === b[1];

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function output(stable, tentative, started) {
  const ns = Number(process.hrtime.bigint() - started);
  send({ op: "output", stable, tentative, ns });
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  const started = process.hrtime.bigint();
  const w = options.width;
  switch (request.op) {
    case "hello":
      send({ op: "hello", protocol: 1 });
      break;
    case "configure":
      options = request.options;
      send({ op: "configured" });
      break;
    case "begin":
      recent = [];
      mean = null;
      raw = null;
      drawn = 0;
      send({ op: "begun" });
      break;
    case "push": {
      raw = [request.sample.x, request.sample.y];
      recent = recent.concat([raw]).slice(-options.window);
      let sx = 0;
      let sy = 0;
      for (const p of recent) {
        sx += p[0];
        sy += p[1];
      }
      const next = [sx / recent.length, sy / recent.length];
      const first = mean === null;
      const stable = first ? {} : { centerline: [segment(mean, next, w)] };
      if (!first) drawn += 1;
      mean = next;
      let tail = {};
      if (!same(raw, mean)) tail = { centerline: [segment(mean, raw, w)] };
      else if (first) tail = { discs: [[raw[0], raw[1], w / 2]] };
      output(stable, tail, started);
      break;
    }
    case "finish": {
      let stable = {};
      if (mean !== null && !same(raw, mean)) stable = { centerline: [segment(mean, raw, w)] };
      else if (mean !== null && drawn === 0) stable = { discs: [[raw[0], raw[1], w / 2]] };
      output(stable, {}, started);
      break;
    }
    default:
      send({ op: "error", message: "unknown request " + JSON.stringify(request.op) });
  }
});
