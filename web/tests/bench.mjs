// Browser benchmark of torch.compile (not a test: ctest does not run it). Loads the web build in
// headless Chromium, calls window.kiln.bench (the pointwise chain ((x*2+1).relu()*y).sigmoid() of
// native/bench/inductor/cases.py: eager, compiled (generated WebAssembly kernels), compiled with
// fusion off, compiled on the kernel interpreter alone) and prints a table with speedups and
// achieved bandwidth.
//
//   node web/tests/bench.mjs [--dir build/web] [--n 1048576] [--reps 20] [--sizes 4096,65536,...]
//                            [--probe 1] [--js-flags '--no-liftoff'] [--expr '(x * 2.0 + 1.0).relu() * y']
//
// --sizes runs the bench at each size (default: just --n). --probe 1 also times single eager ops
// (x * 2.0, x.relu(), x.sigmoid(), x + y) through window.kiln.run, to see where eager's time goes.
// --js-flags passes V8 flags to Chromium (diagnostics: --no-liftoff compiles all wasm with TurboFan
// up front instead of tiering up from the Liftoff baseline).
// --expr times another expression in x and y instead of the chain.
// Bandwidth counts the bytes the compiled kernel must move: read x and y, write the result
// (3 * n * 4 bytes); eager's and fusion-off's "effective" GB/s use the same byte count.
// Needs what smoke.mjs needs: playwright-core (npm ci in web/) and Debian's chromium.
import os from 'node:os';

import { openPlayground, parseArgs } from './harness.mjs';

const args = parseArgs(process.argv.slice(2));
const n = Number(args.n ?? 1 << 20);
const reps = Number(args.reps ?? 20);
const expr = args.expr;  // another expression in x and y instead of the chain (window.kiln.bench's expr)
const sizes = args.sizes ? args.sizes.split(',').map(Number) : [n];

// Median time of single eager ops at size m, measured inside one program with time.perf_counter.
function probeProgram(m, r) {
  return [
    'import time', 'import torch',
    'def med(f):',
    '    w0 = time.perf_counter()',
    '    i = 0',
    '    while i < 3 or (time.perf_counter() - w0 < 0.3 and i < 200):',
    '        f()',
    '        i += 1',
    '    t = []',
    `    for i in range(${r}):`,
    '        t0 = time.perf_counter()',
    '        f()',
    '        t.append((time.perf_counter() - t0) * 1000)',
    '    t.sort()',
    '    return t[len(t) // 2]',
    'with torch.no_grad():',
    `    x, y = torch.randn(${m}), torch.randn(${m})`,
    '    print("PROBE x*2.0", med(lambda: x * 2.0))',
    '    print("PROBE x+y", med(lambda: x + y))',
    '    print("PROBE x.relu()", med(lambda: x.relu()))',
    '    print("PROBE x.sigmoid()", med(lambda: x.sigmoid()))',
    '    print("PROBE empty-loop", med(lambda: None))',
  ].join('\n') + '\n';
}

const fmt = (v, d = 3) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(d) : String(v));
const pad = (s, w) => String(s).padStart(w);

async function main() {
  const { page, errors, browserVersion, close } = await openPlayground(args, {
    extraArgs: args['js-flags'] ? [`--js-flags=${args['js-flags']}`] : [] });
  try {
    const info = await page.evaluate(() => ({ version: window.kiln.version, ua: navigator.userAgent,
                                              cores: navigator.hardwareConcurrency }));
    console.log(`Kiln ${info.version} in headless Chromium ${browserVersion} (${info.ua})`);
    console.log(`host: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores ` +
                `(navigator.hardwareConcurrency ${info.cores}); reps ${reps} samples of 2^23/n calls (1..1024), medians after >= 0.5 s of warm-up calls; load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
    console.log(`${expr ?? 'pointwise chain ((x * 2.0 + 1.0).relu() * y).sigmoid()'}, float32 x and y; ` +
                'GB/s = 3*n*4 bytes (read x, y, write out) / time');
    console.log('');
    const head = ['n', 'eager ms', 'compiled ms', 'interp ms', 'fusion-off ms', 'compiled x', 'interp x', 'fus-off x',
                  'eager GB/s', 'compiled GB/s', 'fus-off GB/s', '1st call ms'];
    const widths = [9, 10, 12, 10, 14, 11, 9, 10, 11, 14, 13, 12];
    console.log(head.map((h, i) => pad(h, widths[i])).join(''));
    let allOk = true;
    for (const m of sizes) {
      const r = await page.evaluate(([m, reps, expr]) => window.kiln.bench({ n: m, reps, expr }), [m, reps, expr]);
      if (!r.ok) {
        console.log(`n=${m}: bench failed: ${JSON.stringify(r)}`);
        allOk = false;
        continue;
      }
      const gbs = (ms) => (3 * m * 4) / (ms * 1e6);
      const row = [m, fmt(r.eager_ms), fmt(r.compiled_ms), fmt(r.interp_ms), fmt(r.unfused_ms), fmt(r.speedup, 2) + 'x',
                   fmt(r.interp_speedup, 2) + 'x', fmt(r.unfused_speedup, 2) + 'x', fmt(gbs(r.eager_ms), 2), fmt(gbs(r.compiled_ms), 2),
                   fmt(gbs(r.unfused_ms), 2), fmt(r.first_call_ms, 1)];
      console.log(row.map((c, i) => pad(c, widths[i])).join(''));
      // The back end says so on stderr when a graph did not compile to kernels: then "compiled"
      // timed the FX graph interpreter, and the row is not a measurement of the kernel interpreter.
      if (r.stderr) {
        console.log(`  stderr at n=${m}: ${r.stderr.trim().split('\n').join('\n    ')}`);
        if (/runs on the FX graph interpreter/.test(r.stderr)) allOk = false;
      }
    }
    if (args.probe) {
      console.log('\nsingle eager ops (median ms through window.kiln.run):');
      for (const m of sizes) {
        const out = JSON.parse(await page.evaluate(([src]) => window.kiln.run(src,
          { max_instructions: 1e9, max_tensor_mb: 2048 }), [probeProgram(m, reps)]));
        if (!out.ok) { console.log(`probe n=${m} failed: ${out.stderr}`); allOk = false; continue; }
        const cells = out.stdout.trim().split('\n').map((l) => l.split(' ')).map(([, k, v]) => `${k} ${fmt(+v)}`);
        console.log(`  n=${m}: ${cells.join(', ')}`);
      }
    }
    for (const e of errors) console.error(e);
    if (!allOk || errors.length) process.exitCode = 1;
  } finally {
    await close();
  }
}

main().catch((err) => {
  console.error(`browser bench failed: ${err.stack ?? err}`);
  process.exit(1);
});
