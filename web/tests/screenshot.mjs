// The README's picture of the playground (docs/playground.png), made the way a learner meets it: the
// print() example in compile mode, its graph break marked in the editor and explained in the Breaks
// panel. Checks what the picture must show before taking it, so a broken page never becomes the
// README's screenshot.
//
//   node web/tests/screenshot.mjs [--dir build/web] [--out docs/playground.png]
//
// scripts/screenshot.sh runs it against a fresh web build; ctest runs it as `browser.screenshot`
// (label browser) writing into the build directory, so the README's copy changes only on purpose.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromiumArgs, chromiumPath, parseArgs, serve, webDirFrom } from './harness.mjs';

const args = parseArgs(process.argv.slice(2));
const webDir = webDirFrom(args);
const out = path.resolve(args.out ?? 'playground.png');

async function main() {
  const server = await serve(webDir);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args: chromiumArgs(), viewport: { width: 1280, height: 720 },
  });
  const errors = [];
  try {
    const page = context.pages()[0] ?? await context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(url + '#example=print_break&mode=compile');
    await page.waitForFunction(() => window.kiln !== undefined, null, { timeout: 30_000 });
    await page.evaluate(() => window.kiln.ready);
    await page.waitForFunction(() => { const u = window.kiln.ui(); return u.runs > 0 && !u.running && !u.run_pending; },
                               null, { timeout: 60_000 });
    await page.evaluate(() => window.kiln.showPanel('breaks'));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const ui = await page.evaluate(() => window.kiln.ui());
    const problems = [];
    if (ui.example !== 'print_break') problems.push(`example ${ui.example}`);
    if (!ui.report.ok) problems.push(`the run failed: ${JSON.stringify(ui.report.error)}`);
    if (ui.marks.breaks !== 1) problems.push(`${ui.marks.breaks} break marks (expected 1)`);
    if (errors.length) problems.push(`page errors: ${errors.join('; ')}`);
    if (problems.length) throw new Error(problems.join('\n'));
    fs.writeFileSync(out, await page.locator('#canvas').screenshot());
    console.log(`wrote ${out}`);
  } finally {
    await context.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`screenshot failed: ${err.stack ?? err}`);
  process.exit(1);
});
