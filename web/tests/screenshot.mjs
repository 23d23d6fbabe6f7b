// The README's picture of the playground (docs/playground.png), made the way a learner meets it: the
// print() example in compile mode, its graph break marked in the editor and explained in the Breaks
// panel. Checks what the picture must show before taking it, so a broken page never becomes the
// README's screenshot.
//
//   node web/tests/screenshot.mjs [--dir build/web] [--out docs/playground.png]
//
// scripts/screenshot.sh runs it against a fresh web build; ctest runs it as `browser.screenshot`
// (label browser) writing into the build directory, so the README's copy changes only on purpose.
import fs from 'node:fs';
import path from 'node:path';

import { openPlayground, parseArgs } from './harness.mjs';

const args = parseArgs(process.argv.slice(2));
const out = path.resolve(args.out ?? 'playground.png');

async function main() {
  const { page, errors, close } = await openPlayground(args, { hash: '#example=print_break&mode=compile' });
  try {
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
    await close();
  }
}

main().catch((err) => {
  console.error(`screenshot failed: ${err.stack ?? err}`);
  process.exit(1);
});
