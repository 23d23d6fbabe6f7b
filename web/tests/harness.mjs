// What every browser script here (smoke.mjs, clipboard.mjs, lessons.mjs, bench.mjs) needs before it drives the page:
// its command-line flags, where the built page is, how Debian's Chromium is launched headless with a
// software GL (no GPU on the CI machine), and a static file server for the build directory.
import fs from 'node:fs';
import http from 'node:http';
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

// A static file server for `root` on 127.0.0.1, on a port the OS picks.
export function serve(root) {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(root, urlPath.endsWith('/') ? urlPath + 'index.html' : urlPath);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
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
// none is due or in flight (runs happen in a Web Worker: the report arrives frames later).
export async function waitForRun(page, runsBefore, what) {
  await page.waitForFunction((n) => { const u = window.kiln.ui(); return u.runs > n && !u.run_pending && !u.running; },
                             runsBefore, { timeout: 60_000 }).catch(() => { throw new Error(`no run after ${what}`); });
  return page.evaluate(() => window.kiln.ui());
}
