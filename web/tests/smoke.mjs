// Browser smoke test: the web build loads in headless Chromium, draws the playground, and runs the
// engine through window.kiln.
//
//   node web/tests/smoke.mjs [--dir build/web] [--screenshot out.png] [--record out.json]
//
// --record writes what the page costs (kiln.wasm and kiln.js sizes, time to first frame) as JSON;
// the sizes must stay under the 8 MB bundle goal, the time is printed and recorded (timings vary
// with the machine, so they never fail the test).
//
// Serves the build on 127.0.0.1 (a free port), opens it with Playwright driving Debian's chromium
// (software WebGL through SwiftShader, shared/toolchain.md), and fails on any console error, page
// error or failed request. Exit status 0 = pass. ctest runs it as `browser.smoke` (label browser).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  browserTest, checker, clickHeld, frames, holdKey, loadPlayground, parseArgs, waitForRun, watchPage,
} from './harness.mjs';

const args = parseArgs(process.argv.slice(2));
const BUNDLE_BOUND = 7.7e6;  // bytes of kiln.wasm + kiln.js: a guard a little above today's size (the goal is 8 MB); its history is in the commit log (git log -S BUNDLE_BOUND)
const SOFTMAX_2x3 = 'tensor([[0.0900, 0.2447, 0.6652],\n        [0.0900, 0.2447, 0.6652]])';
const checks = checker();
const check = checks.check;

// The playground itself (playground/app.h): the first example runs on load, typing into the
// editor re-runs it, a share link selects the print() example in compile mode and the graph break
// reaches the panel and the gutter, and a link restores code and options exactly.
async function playgroundChecks(page, url, pageErrors) {
  const first = await waitForRun(page, 0, 'loading the page');
  check(first.runner === 'worker', 'programs run in a Web Worker', first.runner);
  check(first.runs >= 1 && first.report.ok === true && first.example === 'simplenet' &&
        first.report.compiles.length === 1 && /tensor\(/.test(first.report.stdout),
        'the playground runs its first example on load (SimpleNet compiled to one graph)',
        JSON.stringify({ runs: first.runs, ok: first.report.ok, example: first.example, err: first.report.error }));
  check(first.hash.startsWith('#code=') && await page.evaluate(() => location.hash) === first.hash,
        'the address bar holds the share hash', first.hash.slice(0, 40));

  // Type at the end of the program: the live run shows it in the console.
  // ImGui takes a click on the item the mouse hovered in the previous frame: move, then click.
  await clickHeld(page, 300, 200);
  await holdKey(page, 'End', ['Control']);
  await page.keyboard.type("print('typed in the editor')");
  const typed = await waitForRun(page, first.runs, 'typing', "print('typed in the editor')");
  check(typed.code.endsWith("print('typed in the editor')") && typed.report.stdout.endsWith('typed in the editor\n'),
        'typing into the editor re-runs the program and the console shows it',
        JSON.stringify({ tail: typed.code.slice(-40), stdout: typed.report.stdout.slice(-60) }));
  check(typed.example === '', 'an edited example is no longer named in the link', typed.example);

  // Tab indents with four spaces; a stray indent is a located error; undo takes it all back.
  await holdKey(page, 'Enter');
  await holdKey(page, 'Tab');
  await page.keyboard.type('x = 1');
  const indented = await waitForRun(page, typed.runs, 'typing an indented line', '    x = 1');
  const lines = indented.code.split('\n').length;
  check(indented.code.endsWith("')\n    x = 1") && indented.report.ok === false &&
        indented.report.error.line === lines && indented.marks.error_line === lines,
        'Tab types four spaces, and the unexpected indent is marked at its line',
        JSON.stringify({ tail: indented.code.slice(-16), error: indented.report.error, marks: indented.marks }));
  // Undo until the typed program is back; redo if one press undid two steps (a frame longer than
  // ImGui's key-repeat delay on a loaded machine counts the held key as repeated).
  let undone = indented;
  for (let i = 0; i < 24 && undone.code !== typed.code; i++) {
    const back = undone.code.length > typed.code.length || !typed.code.startsWith(undone.code);
    await holdKey(page, back ? 'z' : 'y', ['Control']);
    undone = await page.evaluate(() => window.kiln.ui());
  }
  check(undone.code === typed.code, 'Ctrl+Z undoes the edits', JSON.stringify(undone.code.slice(-30)));
  const afterUndo = await waitForRun(page, indented.runs, 'undo');
  check(afterUndo.report.ok === true && afterUndo.marks.error_line === 0, 'after undo the program runs again without error marks');

  // A link to the print() example in compile mode: one graph break, on line 5, in panel and gutter.
  await page.evaluate(() => { location.hash = '#example=print_break&mode=compile&backend=inductor'; });
  const brk = await waitForRun(page, afterUndo.runs, 'opening #example=print_break');
  check(brk.example === 'print_break' && brk.options.mode === 'compile' && brk.report.breaks.length === 1 &&
        brk.report.breaks[0].line === 5 && /print/.test(brk.report.breaks[0].reason) && brk.marks.breaks === 1,
        'compile mode + the print() example: a graph break at line 5 in the panel and the gutter',
        JSON.stringify({ example: brk.example, breaks: brk.report.breaks, marks: brk.marks }));
  check(brk.report.compiles.filter((c) => c.has_graph).length === 2 &&
        brk.report.compiles.some((c) => c.inductor.length && /kiln_call/.test(c.inductor[0].output_code)),
        'two graphs around the break, with generated code from the Inductor back end');

  // "Try the fix" (the break catalogue's standard rewrite): the print() taken out of the compiled
  // function runs on a copy of the program, the Breaks panel's count goes from 1 to 0 while the
  // editor and the panels keep the program's own run; "use this code" makes the rewrite the program.
  await page.evaluate(() => window.kiln.tryFix(0));
  await page.waitForFunction(() => window.kiln.ui().fix.done, null, { timeout: 60_000 })
    .catch(() => { throw new Error('the fix trial did not finish'); });
  const tried = await page.evaluate(() => window.kiln.ui());
  check(tried.fix.applied && tried.fix.index === 0 && tried.fix.before === 1 && tried.fix.after === 0 && tried.fix.after_ok &&
        tried.code === brk.code && tried.report.breaks.length === 1,
        'try the fix on the print() break: 1 break before, 0 after, the program itself unchanged', JSON.stringify(tried.fix));
  await page.evaluate(() => window.kiln.useFix());
  const fixed = await waitForRun(page, tried.runs, '"use this code"');
  check(fixed.report.ok === true && fixed.report.breaks.length === 0 && fixed.code !== brk.code && fixed.marks.breaks === 0 &&
        fixed.report.compiles.filter((c) => c.has_graph).length === 1,
        '"use this code" keeps the rewrite: the program runs as one graph without breaks',
        JSON.stringify({ breaks: fixed.report.breaks, error: fixed.report.error }));

  // Stop: a program that would run for minutes (a huge budget) keeps running while the page draws
  // frames; Stop ends it with a clear message, and the next run works again.
  await page.evaluate(() => {
    window.kiln.setOptions({ mode: 'eager', max_instructions: 1e12 });
    window.kiln.setCode('i = 0\nwhile True:\n    i += 1\n', '');
  });
  await page.waitForFunction(() => window.kiln.ui().running, null, { timeout: 30_000 });
  const framesWhileRunning = await page.evaluate(() => new Promise((resolve) => {
    let n = 0;
    const tick = () => { if (++n < 10) requestAnimationFrame(tick); else resolve(n); };
    requestAnimationFrame(tick);
  }));
  const stillRunning = await page.evaluate(() => window.kiln.ui());
  check(framesWhileRunning === 10 && stillRunning.running, 'the page draws frames while a program runs (10 frames, still running)');
  await page.evaluate(() => window.kiln.stop());
  const stopped = await waitForRun(page, stillRunning.runs - 1, 'Stop');
  check(stopped.report.ok === false && stopped.report.error.type === 'KilnLimitError' &&
        /stopped by the user/.test(stopped.report.error.message),
        'Stop ends a running program with a clear message', JSON.stringify(stopped.report.error));
  await page.evaluate(() => {
    window.kiln.setOptions({ mode: 'compile', max_instructions: 5e7 });
    window.kiln.setCode('print("after stop")\n', '');
  });
  const after = await waitForRun(page, stopped.runs, 'a run after Stop');
  check(after.report.ok === true && after.report.stdout === 'after stop\n', 'a fresh worker runs the next program',
        JSON.stringify(after.report.error));

  // Presenter mode comes back from a link: its flag and the chosen panels.
  await page.evaluate(() => { location.hash = '#example=simplenet&presenter=1&panels=editor,graph,lesson'; });
  const pres = await waitForRun(page, after.runs, 'a presenter link');
  check(pres.presenter.on === true && pres.presenter.panels === 'editor,graph,lesson' && /presenter=1/.test(pres.hash),
        'a presenter-mode link restores presenter mode and its panels', JSON.stringify(pres.presenter));
  // Presenter keys step through the open lesson when no text field has the keyboard (the editor
  // is not among the chosen panels here): Right and PageDown forward, Left and PageUp back.
  await page.evaluate(() => { location.hash = '#example=simplenet&lesson=graph-breaks&presenter=1&panels=lesson,graph'; });
  const presLesson = await waitForRun(page, pres.runs, 'a presenter link with a lesson');
  const stepNow = () => page.evaluate(() => window.kiln.lesson({}).step);
  const stepBecomes = (n, what) => page.waitForFunction((k) => window.kiln.lesson({}).step === k, n, { timeout: 10_000 })
    .then(() => true, () => { check(false, what, 'the step did not change'); return false; });
  const step0 = await stepNow();
  await holdKey(page, 'ArrowRight');
  const right = await stepBecomes(step0 + 1, 'ArrowRight in presenter mode');
  await holdKey(page, 'PageDown');
  const pageDown = right && await stepBecomes(step0 + 2, 'PageDown in presenter mode');
  await holdKey(page, 'ArrowLeft');
  const left = pageDown && await stepBecomes(step0 + 1, 'ArrowLeft in presenter mode');
  await holdKey(page, 'PageUp');
  const pageUp = left && await stepBecomes(step0, 'PageUp in presenter mode');
  // A held key steps once: ImGui's repeat of a held key and the browser's auto-repeat keydowns
  // (Playwright sends repeat: true for a key already down) do not run through the lesson.
  if (pageUp) {
    await page.keyboard.down('ArrowRight');
    for (let i = 0; i < 12; i++) {
      await page.waitForTimeout(100);
      await page.keyboard.down('ArrowRight');  // an auto-repeat keydown
    }
    await frames(page, 2);
    await page.keyboard.up('ArrowRight');
    await frames(page, 2);
    const held = await stepNow();
    check(held === step0 + 1, 'presenter mode: a held arrow key steps once (key-repeat ignored)',
          JSON.stringify({ before: step0, after: held }));
    await holdKey(page, 'ArrowLeft');
    await stepBecomes(step0, 'ArrowLeft after the held key');
  }
  const lessonState = await page.evaluate(() => window.kiln.lesson({}));
  check(presLesson.lesson === 'graph-breaks' && right && pageDown && left && pageUp,
        'presenter mode: Right/PageDown and Left/PageUp step through the open lesson',
        JSON.stringify({ lesson: lessonState.lesson, step: lessonState.step, title: lessonState.step_title }));
  await page.evaluate(() => { location.hash = '#example=simplenet'; });
  const unpres = await waitForRun(page, presLesson.runs, 'leaving presenter mode');
  check(unpres.presenter.on === false, 'a link without presenter=1 leaves presenter mode');

  // Share link round trip: code with unicode and quotes plus options, opened in a fresh page.
  const code = "import torch\n# héllo ✓ & = # % '\"\nprint(torch.ones(2) * 3)\n";
  await page.evaluate((c) => {
    window.kiln.setOptions({ mode: 'trace', backend: 'aot_eager', compile_mode: 'max-autotune', fullgraph: true, dynamic: 'True' });
    window.kiln.setCode(c, '');
  }, code);
  const set = await waitForRun(page, unpres.runs, 'setCode');
  const link = url + set.hash;
  const other = await page.context().newPage();
  watchPage(other, pageErrors, 'share link');
  await loadPlayground(other, link);
  const restored = await waitForRun(other, 0, 'opening the share link');
  const o = restored.options;
  check(restored.code === code && o.mode === 'trace' && o.backend === 'aot_eager' && o.compile_mode === 'max-autotune' &&
        o.fullgraph === true && o.dynamic === 'True' && restored.report.stdout === 'tensor([3., 3.])\n',
        'a share link restores the code and the options exactly', JSON.stringify({ code: restored.code, o }));
  await other.close();
}

browserTest('browser smoke test', checks, args, {}, async ({ page, url, webDir, errors, served, browserVersion }) => {
  console.log(`loaded ${url} (${webDir})`);
  check(true, 'window.kiln.ready resolved');
  // What the page costs: the bundle's size and the time to its first frame.
  const sizes = Object.fromEntries(['kiln.wasm', 'kiln.js'].map((f) => [f, fs.statSync(path.join(webDir, f)).size]));
  const firstFrameMs = await page.evaluate(() => window.kiln.firstFrameMs);
  const bundle = sizes['kiln.wasm'] + sizes['kiln.js'];
  // The standard library groups left out of kiln.wasm (engine/CMakeLists.txt, KILN_STDLIB_DEFERRED):
  // fetched only by a program importing one of their modules, so not part of what a page loads.
  const stdlibDir = path.join(webDir, 'stdlib');
  const deferred = fs.existsSync(stdlibDir) ? fs.readdirSync(stdlibDir).filter((f) => f.endsWith('.tar.gz')) : [];
  const deferredBytes = deferred.reduce((n, f) => n + fs.statSync(path.join(stdlibDir, f)).size, 0);
  console.log(`     time to first frame ${firstFrameMs.toFixed(0)} ms (goal < 3000), bundle ${(bundle / 1e6).toFixed(2)} MB ` +
              `(kiln.wasm ${(sizes['kiln.wasm'] / 1e6).toFixed(2)} MB + kiln.js ${(sizes['kiln.js'] / 1e6).toFixed(2)} MB, goal < 8 MB, bound ${BUNDLE_BOUND / 1e6} MB); ` +
              `${deferred.length} deferred stdlib files ${(deferredBytes / 1e6).toFixed(2)} MB, fetched at first import`);
  if (args.record) {
    fs.writeFileSync(args.record, JSON.stringify({ first_frame_ms: Math.round(firstFrameMs), bundle_bytes: bundle, ...sizes,
                                                  deferred_stdlib_files: deferred.length, deferred_stdlib_bytes: deferredBytes,
                                                  chromium: browserVersion,
                                                  date: new Date().toISOString() }, null, 2) + '\n');
  }
  // The goal is 8 MB, reached at 7.98 MB once the bindings' lambdas were held by kiln::Function
  // instead of std::function (support/function.h); playground/README.md's size table says where
  // the bytes are. Growth past the goal fails here.
  check(bundle < BUNDLE_BOUND, `the bundle (kiln.wasm + kiln.js) is under ${BUNDLE_BOUND / 1e6} MB (goal: 8 MB)`, `${bundle} bytes`);
  check(typeof firstFrameMs === 'number' && firstFrameMs > 0, 'the page reports its time to first frame', String(firstFrameMs));
  const version = await page.evaluate(() => window.kiln.version);
  check(typeof version === 'string' && /^\d+\.\d+\.\d+/.test(version), 'window.kiln.version', version);

  // The canvas must show the UI: a blank (one-colour) canvas has a handful of colours at most;
  // ImGui's window, widgets and anti-aliased text have many.
  const png = await page.locator('#canvas').screenshot();
  if (args.screenshot) fs.writeFileSync(args.screenshot, png);
  const colours = await page.evaluate(async (b64) => {
    const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const count = (fx0, fy0, fx1, fy1) => {
      const x0 = Math.floor(fx0 * bitmap.width), y0 = Math.floor(fy0 * bitmap.height);
      const w = Math.max(1, Math.floor((fx1 - fx0) * bitmap.width)), h = Math.max(1, Math.floor((fy1 - fy0) * bitmap.height));
      const data = ctx.getImageData(x0, y0, w, h).data;
      const seen = new Set();
      for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return seen.size;
    };
    // Where playground/app.cpp lays out its parts: menu bar on top, editor left, panels right.
    return { all: count(0, 0, 1, 1),
             regions: { 'menu bar': count(0, 0, 0.6, 0.03), editor: count(0.02, 0.12, 0.42, 0.5),
                        'panel area': count(0.5, 0.08, 0.98, 0.5) } };
  }, png.toString('base64'));
  check(colours.all >= 16, 'the canvas shows the playground', `${colours.all} distinct colours`);
  for (const [name, n] of Object.entries(colours.regions))
    check(n >= 4, `the ${name} is drawn (not one flat colour)`, `${n} distinct colours`);
  // The page answers ImGui's reads of the GL state from its own copy (web/main.cpp,
  // shadow_gl_state_reads: a read from the GL waits for the GPU process's previous frame); after the
  // frames drawn so far the copy must equal what the GL itself says.
  const glState = await page.evaluate(() => {
    const gl = Module.ctx, real = WebGL2RenderingContext.prototype.getParameter;
    const names = ['SCISSOR_BOX', 'VIEWPORT', 'BLEND_SRC_RGB', 'BLEND_DST_RGB', 'BLEND_SRC_ALPHA', 'BLEND_DST_ALPHA',
                   'BLEND_EQUATION_RGB', 'BLEND_EQUATION_ALPHA'];
    const text = (v) => (v && v.length !== undefined ? Array.from(v).join(',') : String(v));
    return { own: Object.prototype.hasOwnProperty.call(gl, 'getParameter'),
             differ: names.filter((n) => text(gl.getParameter(gl[n])) !== text(real.call(gl, gl[n]))) };
  });
  check(glState.own && glState.differ.length === 0, "the page's copy of the GL state ImGui reads back equals the GL's",
        JSON.stringify(glState));

  const softmax = JSON.parse(await page.evaluate(() => window.kiln.evalDemo('softmax', 2, 3)));
  check(softmax.ok === true && softmax.stdout === SOFTMAX_2x3, "evalDemo('softmax', 2, 3)",
        JSON.stringify(softmax));

  const grad = JSON.parse(await page.evaluate(() => window.kiln.evalDemo('grad', 1, 3)));
  check(grad.ok === true && grad.stdout === 'tensor([[0., 2., 4.]])', "evalDemo('grad', 1, 3)",
        JSON.stringify(grad));

  const bad = JSON.parse(await page.evaluate(() => window.kiln.evalDemo('bad_matmul', 2, 3)));
  check(bad.ok === false && bad.stderr === 'RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)',
        "evalDemo('bad_matmul', 2, 3) reports PyTorch's error", JSON.stringify(bad));

  const unknown = JSON.parse(await page.evaluate(() => window.kiln.evalDemo('no_such_demo', 2, 3)));
  check(unknown.ok === false && /^ValueError: /.test(unknown.stderr), 'an unknown demo is an error',
        JSON.stringify(unknown));

  // The language through window.kiln.run: a program, a located error, a runaway loop, deep recursion.
  const prog = 'import torch\nx = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n' +
               'y = (x * x).sum()\ny.backward()\nprint(x.grad)\nprint([i * i for i in range(5)], f"{y.item():.1f}")\n';
  const ran = JSON.parse(await page.evaluate((src) => window.kiln.run(src), prog));
  check(ran.ok === true && ran.stdout === 'tensor([[2., 4.],\n        [6., 8.]])\n[0, 1, 4, 9, 16] 30.0\n',
        'run() executes a PyTorch program', JSON.stringify(ran));
  const failed = JSON.parse(await page.evaluate(() => window.kiln.run('def f(x):\n    return x + "a"\nf(1)\n')));
  check(failed.ok === false && failed.exit_code === 1 && failed.error.type === 'TypeError' && failed.error.line === 2 &&
        failed.stderr.includes('File "main.py", line 2, in f'), 'run() reports a located error with a traceback',
        JSON.stringify(failed));
  const forever = JSON.parse(await page.evaluate(() => window.kiln.run('while True:\n    pass\n',
                                                                       { max_instructions: 1000000 })));
  check(forever.ok === false && forever.error.type === 'KilnLimitError', 'an infinite loop ends at the budget',
        JSON.stringify(forever.error));
  check(forever.error.message.includes("max_instructions option") && !forever.error.message.includes('--max-instructions'),
        "the budget's message names run()'s option, not a CLI flag", forever.error.message);
  // Limit options outside what the integers carry are refused by name, never wrapped or converted.
  for (const bad of [-1, 1e30, 2.5, 'many']) {
    const r = JSON.parse(await page.evaluate((b) => window.kiln.run('print(1)\n', { max_instructions: b }), bad));
    check(r.ok === false && r.error.type === 'ValueError' && r.error.message.includes('max_instructions') && r.stdout === '',
          'run() refuses max_instructions=' + JSON.stringify(bad), JSON.stringify(r.error));
  }
  // Sizes past 32 bits (wasm32's size_t): clear errors with the true byte counts, never a wrapped size.
  for (const [prog, bytes] of [['torch.zeros(65536, 16385)', '4295229440 bytes (4.0 GiB)'],
                               ['torch.empty(10 * 2**30)', '42949672960 bytes (40.0 GiB)'],
                               ['torch.ones(2**20, 2**20, 64)', '281474976710656 bytes (256.0 TiB)']]) {
    const big = JSON.parse(await page.evaluate((p) => window.kiln.run('import torch\nx = ' + p + '\nx[0] = 1\n',
                                                                       { max_tensor_mb: 256 }), prog));
    check(big.ok === false && big.error.type === 'MemoryError' && big.error.line === 2 && big.error.message.includes(bytes) &&
          big.error.message.includes('256.0 MiB') && big.error.message.includes('max_tensor_mb option'),
          `${prog}: a located MemoryError naming ${bytes} and the cap`, JSON.stringify(big.error));
  }
  // The browser's own small kernels: narrow integer reductions (general loop only) and conversions
  // between uncommon dtype pairs (through int64/double) agree with Python's arithmetic.
  const narrowProg = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'programs', 'narrow_dtypes.py'), 'utf8');
  const narrow = JSON.parse(await page.evaluate((src) => window.kiln.run(src), narrowProg));
  check(narrow.ok === true && narrow.stdout === 'ok\n', 'narrow-dtype reductions and uncommon conversions (programs/narrow_dtypes.py)',
        JSON.stringify(narrow.ok ? narrow.stdout : narrow.error));
  const deep = JSON.parse(await page.evaluate(() => window.kiln.run('def f(n):\n    return f(n + 1)\nf(0)\n')));
  check(deep.ok === false && deep.error.type === 'RecursionError', 'deep recursion is a RecursionError, not a crash',
        JSON.stringify(deep.error));

  // torch.compile in the browser: a graph break, explain() and the compiled result.
  const compileProg = 'import torch\ndef f(x):\n    y = x * 2\n    print("mid")\n    return y + 1\n' +
                      'e = torch._dynamo.explain(f)(torch.ones(2))\nprint(e.graph_count, e.graph_break_count)\n' +
                      'print(torch.compile(f, backend="eager")(torch.ones(2)))\n';
  const compiled = JSON.parse(await page.evaluate((src) => window.kiln.run(src), compileProg));
  check(compiled.ok === true && compiled.stdout === 'mid\n2 1\nmid\ntensor([3., 3.])\n',
        'run() compiles with torch.compile (two graphs around a print)', JSON.stringify(compiled));

  // The Inductor back end in wasm (torch.compile's default): softmax + layer_norm + a pointwise
  // chain compiled to fused kernels on the kernel interpreter agrees with eager, and the
  // TORCH_LOGS-style output_code log (the generated C++, printable though the browser never
  // compiles it) reaches run()'s stderr. cpp_jit=True must not break anything in the browser
  // (no compiler there: the interpreter keeps running the kernels).
  const inductorProg = [
    'import torch',
    'import torch.nn.functional as F',
    'def f(x, w, b):',
    '    h = torch.softmax(x, dim=-1)',
    '    h = F.layer_norm(h * 8.0, (x.shape[-1],), w, b)',
    '    return ((h * 2.0 + 1.0).relu() * x).sigmoid()',
    'torch.manual_seed(0)',
    'x, w, b = torch.randn(16, 40), torch.randn(40), torch.randn(40)',
    'with torch.no_grad():',
    '    e = f(x, w, b)',
    '    torch._logging.set_logs(output_code=True)',
    '    c = torch.compile(f)(x, w, b)',
    '    torch._logging.set_logs(output_code=False)',
    '    j = torch.compile(f, options={"cpp_jit": True})(x, w, b)',
    'print("inductor", torch.allclose(c, e, rtol=1e-5, atol=1e-6), torch.equal(c, j), tuple(c.shape))',
  ].join('\n') + '\n';
  const ind = JSON.parse(await page.evaluate((src) => window.kiln.run(src), inductorProg));
  check(ind.ok === true && ind.stdout === 'inductor True True (16, 40)\n',
        'torch.compile (Inductor, kernel interpreter): softmax + layer_norm + pointwise chain equals eager',
        JSON.stringify({ ok: ind.ok, stdout: ind.stdout, error: ind.error, stderr: ind.stderr?.slice(0, 400) }));
  check(typeof ind.stderr === 'string' && /Output code:[^]*Kiln compiled graph/.test(ind.stderr) && !/runs on the FX graph interpreter/.test(ind.stderr),
        "set_logs(output_code=True) prints the generated code on run()'s stderr (no FX fallback)",
        JSON.stringify(ind.stderr?.slice(0, 300)));

  // Generated WebAssembly (codegen/wasm + backends/wasm_jit): the benchmark's chain over 1003
  // elements (groups of 4 and a tail) and a row-broadcast kernel run as wasm modules instantiated
  // in the page, say so on the inductor log, show their text in output_code, and equal eager and
  // the kernel interpreter (options={"wasm_codegen": False}).
  const wasmProg = [
    'import torch',
    'def f(x, y, b):',
    '    return ((x * 2.0 + 1.0).relu() * y).sigmoid(), torch.tanh(x.view(17, 59) - b) * 0.5',
    'torch.manual_seed(0)',
    'x, y, b = torch.randn(1003), torch.randn(1003), torch.randn(59)',
    'with torch.no_grad():',
    '    e = f(x, y, b)',
    '    torch._logging.set_logs(inductor=True, output_code=True)',
    '    c = torch.compile(f)(x, y, b)',
    '    torch._logging.set_logs(inductor=False, output_code=False)',
    '    i = torch.compile(f, options={"wasm_codegen": False})(x, y, b)',
    'print("wasm", all(torch.allclose(p, q, rtol=1e-5, atol=1e-6) for p, q in zip(c, e)),',
    '      all(torch.allclose(p, q, rtol=1e-6, atol=1e-7) for p, q in zip(c, i)))',
  ].join('\n') + '\n';
  const wasm = JSON.parse(await page.evaluate((src) => window.kiln.run(src), wasmProg));
  check(wasm.ok === true && wasm.stdout === 'wasm True True\n',
        'torch.compile with generated WebAssembly kernels equals eager and the kernel interpreter',
        JSON.stringify({ ok: wasm.ok, stdout: wasm.stdout, error: wasm.error, stderr: wasm.stderr?.slice(0, 600) }));
  check(/runs 2 of 2 kernels as generated WebAssembly/.test(wasm.stderr ?? '') &&
        /\(module\n[^]*v128\.load[^]*f32x4\.div/.test(wasm.stderr ?? '') && !/was refused/.test(wasm.stderr ?? ''),
        'the inductor log says the kernels run as generated WebAssembly, output_code shows the modules',
        JSON.stringify(wasm.stderr?.slice(0, 600)));
  // Where the browser has relaxed SIMD (a module of one f32x4.relaxed_madd validates), the
  // sigmoid's exp uses it (backends/wasm_jit asks the same question once).
  const relaxed = await page.evaluate(() => WebAssembly.validate(new Uint8Array([
    0, 97, 115, 109, 1, 0, 0, 0, 1, 8, 1, 96, 3, 123, 123, 123, 1, 123, 3, 2, 1, 0,
    10, 13, 1, 11, 0, 32, 0, 32, 1, 32, 2, 253, 133, 2, 11])));
  check(relaxed === /f32x4\.relaxed_madd/.test(wasm.stderr ?? ''),
        `relaxed SIMD ${relaxed ? 'accepted' : 'not accepted'} by this browser: the modules ${relaxed ? 'use' : 'do not use'} f32x4.relaxed_madd`,
        JSON.stringify(wasm.stderr?.slice(0, 300)));

  // The performance panel's Measure in the browser: one more call with each launch timed, and
  // each launch says it ran as generated WebAssembly (backends/step_profile.h).
  const measuredProg = [
    'import torch',
    'def f(x, y):',
    '    return ((x * 2.0 + 1.0).relu() * y).sigmoid()',
    'cf = torch.compile(f)',
    'print(cf(torch.randn(1003), torch.randn(1003)).shape)',
  ].join('\n') + '\n';
  const arg = 'torch.randn((1003,), dtype=torch.float32)';
  const measured = await page.evaluate(([src, a]) => window.kiln.session(src, {
    mode: 'compile', extra: { function: 'f', args: [['x', a], ['y', a]], measure: true, repeats: 3 },
  }), [measuredProg, arg]);
  const timed = measured.extra?.kernel_profile ?? [];
  check(measured.ok === true && timed.length === 1 && timed[0].engine === 'wasm' && timed[0].steps.length === 1 &&
        timed[0].steps[0].engine === 'wasm' && timed[0].steps[0].kind === 'kernel' &&
        timed[0].steps[0].ms >= 0 && timed[0].steps[0].ms <= timed[0].total_ms,
        'a measured call times each launch in the browser and names its engine (wasm)',
        JSON.stringify({ ok: measured.ok, error: measured.error, extra: measured.extra }));

  await playgroundChecks(page, url, errors);

  // Deferred standard modules: the page's start, its examples and the programs above fetched none of
  // their files (what a page needs stays in kiln.wasm); a program that imports one fetches its
  // group's file once, on the page's thread as in the worker (web/stdlib_fetch.cpp).
  const fetchedBefore = served.filter((p) => p.startsWith('/stdlib/'));
  check(deferred.length > 0 && fetchedBefore.length === 0, 'the page and the programs so far fetched no deferred stdlib file',
        JSON.stringify({ deferred: deferred.length, fetched: fetchedBefore }));
  const npProg = 'import numpy as np\nimport torch\na = np.arange(6).reshape(2, 3)\nprint(a.sum(axis=0).tolist(), torch.from_numpy(a).sum().item())\n';
  for (const round of [1, 2]) {
    const np = JSON.parse(await page.evaluate((src) => window.kiln.run(src), npProg));
    check(np.ok === true && np.stdout === '[3, 5, 7] 15\n', `import numpy (a deferred group), run ${round}`, JSON.stringify(np));
  }
  const fetchedNp = served.filter((p) => p.startsWith('/stdlib/'));
  check(fetchedNp.length === 1 && fetchedNp[0] === '/stdlib/numpy.tar.gz', "numpy's file is fetched at its first import only",
        JSON.stringify(fetchedNp));
});
