// Browser test: a learner brings their own model and takes code out (issue "The playground": the
// clipboard, the Start card). In headless Chromium with clipboard permissions:
//   - a first visit opens on the Start card; once it was closed (localStorage) it stays closed;
//   - a 100-line model put on the system clipboard is pasted into the editor with Ctrl+A, Ctrl+V and
//     runs, printing what window.kiln.run prints for the same source;
//   - Ctrl+A, Ctrl+C in the editor puts the editor's text on the system clipboard;
//   - Ctrl+Enter runs at once.
//
//   node web/tests/clipboard.mjs [--dir build/web]
// ctest runs it as `browser.clipboard` (label browser). Exit status 0 = pass.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  chromiumArgs, chromiumPath, clickHeld, frames, holdKey, parseArgs, serve, waitForRun, webDirFrom,
} from './harness.mjs';

const args = parseArgs(process.argv.slice(2));
const webDir = webDirFrom(args);

let failures = 0;
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures++;
}

// A model of the kind a learner pastes: a module with submodules, a training loop, prints (100 lines).
function hundredLineModel() {
  const lines = [
    'import torch',
    'import torch.nn as nn',
    'import torch.nn.functional as F',
    '',
    'torch.manual_seed(0)',
    '',
    '',
    'class Block(nn.Module):',
    '    def __init__(self, width):',
    '        super().__init__()',
    '        self.norm = nn.LayerNorm(width)',
    '        self.fc1 = nn.Linear(width, 2 * width)',
    '        self.fc2 = nn.Linear(2 * width, width)',
    '',
    '    def forward(self, x):',
    '        return x + self.fc2(F.gelu(self.fc1(self.norm(x))))',
    '',
    '',
    'class Net(nn.Module):',
    '    def __init__(self, width=16, depth=3, classes=4):',
    '        super().__init__()',
    '        self.inp = nn.Linear(8, width)',
    '        self.blocks = nn.ModuleList([Block(width) for _ in range(depth)])',
    '        self.out = nn.Linear(width, classes)',
    '',
    '    def forward(self, x):',
    '        h = self.inp(x)',
    '        for b in self.blocks:',
    '            h = b(h)',
    '        return self.out(h)',
    '',
    '',
  ];
  // Pad to 100 lines with helpers a real script has: small functions, comments, prints.
  let k = 0;
  while (lines.length < 86) {
    lines.push(`def helper_${k}(t):`, `    # helper ${k}: a small pure function`, `    return t * ${k + 1} - ${k}`, '');
    k++;
  }
  lines.push(
    'net = Net()',
    'opt = torch.optim.SGD(net.parameters(), lr=0.1)',
    'x = torch.randn(32, 8)',
    'y = torch.randint(0, 4, (32,))',
    'for step in range(5):',
    '    opt.zero_grad()',
    '    loss = F.cross_entropy(net(x), y)',
    '    loss.backward()',
    '    opt.step()',
    "    print(f'step {step}: loss {loss.item():.4f}')",
    'print(sum(p.numel() for p in net.parameters()), helper_2(torch.ones(2)).tolist())',
    "print('pasted model ran')",
  );
  while (lines.length < 100) lines.push('');
  return lines.join('\n');
}

async function main() {
  const server = await serve(webDir);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args: chromiumArgs(), viewport: { width: 1280, height: 720 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const pageErrors = [];
  try {
    const page = context.pages()[0] ?? await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(`page error: ${err.message}`));
    await page.goto(url);
    await page.waitForFunction(() => window.kiln !== undefined, null, { timeout: 30_000 });
    await page.evaluate(() => window.kiln.ready);
    const first = await waitForRun(page, 0, 'loading the page');
    check(first.start === true, 'a first visit opens on the Start card', JSON.stringify({ start: first.start }));

    // Paste: the model goes onto the system clipboard, then Ctrl+A, Ctrl+V in the editor.
    const model = hundredLineModel();
    check(model.split('\n').length === 100, 'the pasted model has 100 lines', String(model.split('\n').length));
    await page.evaluate((text) => navigator.clipboard.writeText(text), model);
    await clickHeld(page, 300, 200);
    await holdKey(page, 'a', ['Control']);
    await holdKey(page, 'v', ['Control']);
    const pasted = await waitForRun(page, first.runs, 'pasting the model');
    const direct = JSON.parse(await page.evaluate((src) => window.kiln.run(src), model));
    check(pasted.code === model, 'Ctrl+V puts the system clipboard into the editor',
          JSON.stringify({ got: pasted.code.slice(0, 60), length: pasted.code.length, want: model.length }));
    check(pasted.report.ok === true && direct.ok === true && pasted.report.stdout === direct.stdout &&
          pasted.report.stdout.endsWith('pasted model ran\n'),
          'the pasted model runs and prints what window.kiln.run prints for it',
          JSON.stringify({ ui: pasted.report.stdout.slice(-80), run: direct.stdout?.slice(-80), error: pasted.report.error }));

    // Copy: Ctrl+A, Ctrl+C in the editor reaches the system clipboard.
    await page.evaluate(() => navigator.clipboard.writeText('not yet copied'));
    await clickHeld(page, 300, 200);
    await holdKey(page, 'a', ['Control']);
    await holdKey(page, 'c', ['Control']);
    await frames(page, 3);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    check(copied === model, 'Ctrl+C copies the editor text to the system clipboard',
          JSON.stringify({ got: copied.slice(0, 60), length: copied.length }));

    // Ctrl+Enter runs at once (live re-runs wait for a pause; this one does not).
    const before = await page.evaluate(() => window.kiln.ui());
    await clickHeld(page, 300, 200);
    await holdKey(page, 'Enter', ['Control']);
    const ran = await waitForRun(page, before.runs, 'Ctrl+Enter');
    check(ran.runs > before.runs && ran.code === model, 'Ctrl+Enter runs the program without changing it',
          JSON.stringify({ runs: [before.runs, ran.runs], same: ran.code === model }));

    // Closing the card is remembered: the next visit opens on the program, not the card.
    await page.evaluate(() => localStorage.setItem('kiln.startClosed', '1'));
    await page.goto(url);  // no hash: the playground wrote #code=... into the address bar
    await page.waitForFunction(() => window.kiln !== undefined, null, { timeout: 30_000 });
    await page.evaluate(() => window.kiln.ready);
    const again = await waitForRun(page, 0, 'reloading the page');
    check(again.start === false, 'once closed, the Start card stays closed on the next visit', JSON.stringify({ start: again.start }));
    // A share link never opens on the card.
    await page.evaluate(() => localStorage.removeItem('kiln.startClosed'));
    await page.goto(url + '#example=print_break&mode=compile');
    await page.reload();
    await page.waitForFunction(() => window.kiln !== undefined, null, { timeout: 30_000 });
    await page.evaluate(() => window.kiln.ready);
    const linked = await waitForRun(page, 0, 'opening a share link');
    check(linked.start === false && linked.example === 'print_break', 'a share link opens on its program, not the Start card',
          JSON.stringify({ start: linked.start, example: linked.example }));
  } finally {
    await context.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  check(pageErrors.length === 0, 'no page errors', pageErrors.join('\n  '));
  if (failures) throw new Error(`${failures} check(s) failed`);
  console.log('browser clipboard test passed');
}

main().catch((err) => {
  console.error(`browser clipboard test failed: ${err.stack ?? err}`);
  process.exit(1);
});
