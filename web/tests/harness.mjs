// What every browser script here (smoke.mjs, lessons.mjs, bench.mjs) needs before it drives the page:
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
