// Browser latency test: from the last keystroke in the editor to the panels showing that edit's run
// (issue 29's goal: <= 150 ms for the lesson programs), in live mode, measured in the page.
//
//   node web/tests/latency.mjs [--dir build/web] [--bound-ms 150] [--record out.json]
//
// Each lesson's programs (lessons/NN-*/NAME.py, the exercise starters and solutions aside) are put
// in the editor; once they have run, one character is typed at the end of the program and the page
// measures, on its own clock, from the key's keydown event to the first frame drawn after that
// edit's report arrived. window.kiln.timing() splits it: the live run's pause, the worker's round
// trip (of which engine_ms is the engine's own time) and the frames in between; every program's
// times and their medians are printed (and written by --record).
//
// What fails the test: the playground's own pause before a live run (edit to run start, on ImGui's
// clock) over 20 ms in the median: the run starts in the frame that saw the edit; that part does
// not depend on the machine. The whole time is
// stretched several times over by a loaded machine (the 2-core CI machine with other builds running:
// total 410 ms in the median in session 42, of which the engine 82 ms, the pause 87 ms, the rest
// frames; 65-87 ms in session 45 at load ~20 with the start made ahead and one drawn frame per run),
// so like the smoke test's time to first frame it is recorded, and bounded only with --bound-ms.
// ctest runs it as `browser.latency` (label browser).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { browserTest, checker, clickHeld, holdKey, parseArgs } from './harness.mjs';

const args = parseArgs(process.argv.slice(2));
const boundMs = args['bound-ms'] === undefined ? null : Number(args['bound-ms']);  // the whole time, when given
const PAUSE_BOUND_MS = 20;  // the live run's pause: none (playground/app.cpp kLivePause), the run starts in the edit's frame
const lessonsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'lessons');
const checks = checker();
const check = checks.check;

// The lesson programs a learner runs and edits: every NAME.py with a golden NAME.out, but not the
// exercises (ex_*), which are meant to fail until solved.
function lessonPrograms() {
  const out = [];
  for (const lesson of fs.readdirSync(lessonsDir).filter((d) => /^\d\d-/.test(d)).sort()) {
    for (const f of fs.readdirSync(path.join(lessonsDir, lesson)).sort()) {
      if (!f.endsWith('.py') || f.startsWith('ex_')) continue;
      out.push({ name: `${lesson}/${f}`, code: fs.readFileSync(path.join(lessonsDir, lesson, f), 'utf8') });
    }
  }
  return out;
}

// Waits, on the page's animation frames (polling timing() only: ui() would serialize the report
// every frame and slow the page it measures), for a report that answers an edit after `runs` runs,
// then returns the time of the next drawn frame and the timing of that run.
function waitForEditReport(page, runs) {
  return page.evaluate((n) => new Promise((resolve, reject) => {
    const deadline = performance.now() + 60_000;
    const tick = () => {
      const t = window.kiln.timing();
      if (t.runs > n && t.edit >= 0 && !t.running && !t.run_pending) {
        requestAnimationFrame(() => resolve({ drawn: performance.now(), timing: t }));
        return;
      }
      if (performance.now() > deadline) { reject(new Error('no run after the edit')); return; }
      requestAnimationFrame(tick);
    };
    tick();
  }), runs);
}

const median = (xs) => { const s = xs.slice().sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };

browserTest('browser latency test', checks, args, { hash: '#example=simplenet' }, async ({ page }) => {
  const rows = [];
  // The keydown's time on the page's clock (capture phase: before the canvas's own handlers).
  await page.evaluate(() => {
    window.__kilnKeyAt = 0;
    window.addEventListener('keydown', (e) => { window.__kilnKeyAt = performance.now(); }, true);
  });
  await page.waitForFunction(() => window.kiln.timing().runs >= 1 && !window.kiln.timing().running, null, { timeout: 60_000 });

  for (const prog of lessonPrograms()) {
    const before = await page.evaluate((c) => { window.kiln.setCode(c, ''); return window.kiln.timing().runs; }, prog.code);
    await page.waitForFunction((n) => { const t = window.kiln.timing(); return t.runs > n && !t.running && !t.run_pending; },
                               before, { timeout: 60_000 });
    // The editor takes the keyboard (a click in it), the caret goes to the end, one key is typed.
    await clickHeld(page, 300, 200);
    await holdKey(page, 'End', ['Control']);
    const runs = await page.evaluate(() => window.kiln.timing().runs);
    await page.keyboard.type('#');
    const { drawn, timing } = await waitForEditReport(page, runs);
    const keyAt = await page.evaluate(() => window.__kilnKeyAt);
    const code = await page.evaluate(() => window.kiln.ui().code);
    const row = {
      program: prog.name, total_ms: Math.round(drawn - keyAt),
      pause_ms: Math.round(timing.run_started - timing.edit), round_trip_ms: Math.round(timing.report_at - timing.run_started),
      engine_ms: Math.round(timing.engine_ms),
      // The worker had made this run's start (interpreter, `import torch`, prelude) while idle.
      ahead: timing.started_ahead === true,
      // Inside the round trip: the worker's own time (engine + the report's JSON), the page's parse
      // of it, the report's size; and the key's keydown to the edit the frame saw.
      worker_ms: Math.round(timing.worker_ms), parse_ms: Math.round(timing.parse_ms),
      report_kb: Math.round(timing.report_bytes / 1024),
      // The page's frame that took in the report: building the UI (every visible panel) and drawing it.
      report_frame_ui_ms: Math.round(timing.report_frame_ui_ms), report_frame_gl_ms: Math.round(timing.report_frame_gl_ms),
      key_to_edit_ms: Math.round(timing.edit - (keyAt - (await page.evaluate(() => performance.now() - window.kiln.timing().now)))),
    };
    rows.push(row);
    console.log(`     ${row.program.padEnd(44)} ${String(row.total_ms).padStart(5)} ms (key to edit ${row.key_to_edit_ms}, ` +
                `pause ${row.pause_ms}, worker round trip ${row.round_trip_ms}: worker ${row.worker_ms} of which engine ` +
                `${row.engine_ms}, parse ${row.parse_ms} of ${row.report_kb} KB; its frame ${row.report_frame_ui_ms} + ` +
                `${row.report_frame_gl_ms} ms drawing${row.ahead ? '' : '; started fresh'})`);
    if (!code.endsWith('#')) check(false, `${prog.name}: the typed key reached the end of the program`, JSON.stringify(code.slice(-20)));
  }
  const med = median(rows.map((r) => r.total_ms));
  console.log(`     median keystroke to panels ${med} ms over ${rows.length} lesson programs ` +
              `(median pause ${median(rows.map((r) => r.pause_ms))}, round trip ${median(rows.map((r) => r.round_trip_ms))}, ` +
              `engine ${median(rows.map((r) => r.engine_ms))}, worker ${median(rows.map((r) => r.worker_ms))}, ` +
              `parse ${median(rows.map((r) => r.parse_ms))}, key to edit ${median(rows.map((r) => r.key_to_edit_ms))}, ` +
              `report's frame ${median(rows.map((r) => r.report_frame_ui_ms))} + ${median(rows.map((r) => r.report_frame_gl_ms))} ms drawing)`);
  if (args.record) fs.writeFileSync(args.record, JSON.stringify({ median_ms: med, rows, date: new Date().toISOString() }, null, 2) + '\n');
  check(rows.length >= 20, 'every lesson program was measured', `${rows.length}`);
  // The worker makes the next run's start while the page draws a report (playground/session.h,
  // prepare_next_run): an edit's run finds it made (a fresh start was 20-40 ms of the engine's time).
  const ahead = rows.filter((r) => r.ahead).length;
  check(ahead >= Math.ceil(rows.length * 0.9), "the edit's run finds its start made ahead by the worker", `${ahead} of ${rows.length}`);
  const medPause = median(rows.map((r) => r.pause_ms));
  check(medPause <= PAUSE_BOUND_MS, `the live run starts at most ${PAUSE_BOUND_MS} ms after the last keystroke (median)`, `${medPause} ms`);
  if (boundMs !== null) check(med <= boundMs, `median keystroke-to-panels time is at most ${boundMs} ms`, `${med} ms`);
  else console.log(`     (keystroke-to-panels goal: <= 150 ms; not enforced without --bound-ms)`);
});
