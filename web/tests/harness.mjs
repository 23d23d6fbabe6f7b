// What every browser script here (smoke, clipboard, lessons, latency, screenshot, bench) needs to
// drive the page: its command-line flags, where the built page is, how Debian's Chromium is launched
// headless with a software GL (no GPU on the CI machine), a static file server for the build
// directory, opening the page in a fresh profile and watching it for errors (openPlayground), the
// ok/FAIL checks and a test's pass/fail ending (browserTest), and the keyboard, mouse and run
// helpers for ImGui's canvas.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// `--name value` pairs; anything else is an error (a typo must not silently change what is tested).
export function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || argv[i + 1] === undefined) throw new Error(`bad argument ${argv[i]}`);
    out[argv[i].slice(2)] = argv[i + 1];
  }
  return out;
}

// The built page: --dir, else build/web of this checkout.
export function webDirFrom(args) {
  return path.resolve(args.dir ?? path.join(here, '..', '..', 'build', 'web'));
}

export const chromiumPath = process.env.KILN_CHROMIUM ?? '/usr/bin/chromium';
// A fresh list each call: a caller may add its own flags.
export function chromiumArgs() {
  return [
    '--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
    '--ignore-gpu-blocklist', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync',
  ];
}

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.json': 'application/json', '.png': 'image/png', '.css': 'text/css',
};

// A static file server for `root` on 127.0.0.1, on a port the OS picks. `server.served` lists the
// paths asked for, in order (the page's and its worker's requests alike).
export function serve(root) {
  const served = [];
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    served.push(urlPath);
    const file = path.join(root, urlPath.endsWith('/') ? urlPath + 'index.html' : urlPath);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  server.served = served;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ---- driving the playground (ImGui draws into one canvas: tests press keys and click positions) ----

// ImGui 1.86 polls key and mouse-button state once per frame, so a press must stay down across a
// frame boundary. A fixed delay does not guarantee that on a loaded machine (frames of 100+ ms:
// CI runs other tests beside this one), so the helpers below wait for the page's animation frames.
export async function frames(page, n) {
  await page.evaluate((k) => new Promise((done) => {
    let left = k;
    const tick = () => (--left <= 0 ? done() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), n);
}

// Presses `key` ("End", "Tab", ...) with `mods` ("Control", ...) held, for one frame.
export async function holdKey(page, key, mods = []) {
  for (const m of mods) await page.keyboard.down(m);
  await page.keyboard.down(key);
  // One frame down: a second frame with the key still down counts its (possibly long) frame time as
  // holding, and on a loaded machine that passes ImGui's key-repeat delay, so Ctrl+V pasted twice.
  await frames(page, 1);
  await page.keyboard.up(key);
  for (const m of mods.slice().reverse()) await page.keyboard.up(m);
  await frames(page, 1);
}

// Moves to (x, y), lets a frame see the hover, then holds the button for two frames.
export async function clickHeld(page, x, y) {
  await page.mouse.move(x, y);
  await frames(page, 2);
  await page.mouse.down();
  await frames(page, 2);
  await page.mouse.up();
  await frames(page, 1);
}

// Waits until the playground has finished a run after `runsBefore` runs (window.kiln.ui().runs) and
// none is due or in flight (runs happen in a Web Worker: the report arrives frames later). `codeEnd`:
// also wait until the editor's code ends with it. Typed text reaches the editor over several frames
// and a live run starts at the first edit, so a run of the partly typed code may finish first; once
// the code is whole and no run is due or in flight, the report is the whole code's.
export async function waitForRun(page, runsBefore, what, codeEnd = null) {
  await page.waitForFunction(([n, end]) => {
    let t;
    try { t = window.kiln.timing(); } catch { return false; }  // cheap: ui() serializes the whole report
    if (!(t.runs > n && !t.run_pending && !t.running)) return false;
    return end === null || window.kiln.ui().code.endsWith(end);
  }, [runsBefore, codeEnd], { timeout: 60_000 }).catch(() => { throw new Error(`no run after ${what}`); });
  return page.evaluate(() => window.kiln.ui());
}

// ---- opening the page: one fresh browser profile per script, watched for errors ----

// ok/FAIL lines and a failure count. `detailOnPass`: print the detail after a passing check too.
export function checker({ detailOnPass = true } = {}) {
  const c = {
    failures: 0,
    check(ok, what, detail = '') {
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail && (!ok || detailOnPass) ? `: ${detail}` : ''}`);
      if (!ok) c.failures++;
    },
  };
  return c;
}

// Collects into `errors` what must never happen on a page: console errors, uncaught page errors,
// failed requests and HTTP errors (`label` names the page when a script opens several).
export function watchPage(page, errors, label = '') {
  const at = label ? ` (${label})` : '';
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`console error${at}: ${msg.text()}`); });
  page.on('pageerror', (err) => errors.push(`page error${at}: ${err.message}`));
  page.on('requestfailed', (req) => errors.push(`request failed${at}: ${req.url()} ${req.failure()?.errorText}`));
  page.on('response', (res) => { if (res.status() >= 400) errors.push(`HTTP ${res.status()}${at}: ${res.url()}`); });
}

// Goes to `address` and waits until the engine is ready (window.kiln.ready); a reload after it
// (page.reload()) needs only the waiting half: `waitForPlayground`.
export async function waitForPlayground(page) {
  await page.waitForFunction(() => window.kiln !== undefined, null, { timeout: 30_000 });
  await page.evaluate(() => Promise.race([window.kiln.ready, new Promise((_, reject) => setTimeout(
    () => reject(new Error('window.kiln.ready did not resolve within 90 s')), 90_000))]));
}
export async function loadPlayground(page, address) {
  await page.goto(address);
  await waitForPlayground(page);
}

// Serves the built page (--dir) and opens `hash` on it in headless Chromium with a fresh profile
// (1280x720; `permissions` such as clipboard-read; `extraArgs` for Chromium). Returns the page, its
// base url, the context, the errors watchPage collects, the paths the server was asked for (`served`),
// and close(), which ends it all.
export async function openPlayground(args, { hash = '', permissions = [], extraArgs = [] } = {}) {
  const webDir = webDirFrom(args);
  for (const f of ['index.html', 'kiln.js', 'kiln.wasm'])
    if (!fs.existsSync(path.join(webDir, f))) throw new Error(`${path.join(webDir, f)} is missing: build the web preset first (./scripts/setup.sh test)`);
  const server = await serve(webDir);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-chromium-'));
  const close = async (context) => {
    await context?.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath, headless: true, args: [...chromiumArgs(), ...extraArgs],
      viewport: { width: 1280, height: 720 }, permissions,
    });
    const page = context.pages()[0] ?? await context.newPage();
    const errors = [];
    watchPage(page, errors);
    await loadPlayground(page, url + hash);
    return { page, url, webDir, context, errors, served: server.served, browserVersion: context.browser()?.version() ?? null,
             close: () => close(context) };
  } catch (err) {
    await close(context);
    throw err;
  }
}

// A browser test: opens the page, runs `body(session)`, closes; fails (exit status 1) on an
// exception, a failed check of `checks` (checker()) or any error watchPage saw.
export async function browserTest(name, checks, args, options, body) {
  let session;
  try {
    session = await openPlayground(args, options);
    try {
      await body(session);
      await session.page.waitForTimeout(200);  // let late console messages arrive
    } finally {
      await session.close();
    }
    checks.check(session.errors.length === 0, 'no console errors, page errors or failed requests', session.errors.join('\n  '));
    if (checks.failures) throw new Error(`${checks.failures} check(s) failed`);
    console.log(`${name} passed`);
  } catch (err) {
    if (session?.errors.length) console.error(`page errors so far:\n  ${session.errors.join('\n  ')}`);
    console.error(`${name} failed: ${err.stack ?? err}`);
    process.exit(1);
  }
}
