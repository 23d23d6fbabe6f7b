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
import {
  browserTest, checker, clickHeld, frames, holdKey, loadPlayground, parseArgs, waitForPlayground, waitForRun,
} from './harness.mjs';

const args = parseArgs(process.argv.slice(2));
const checks = checker();
const check = checks.check;

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

browserTest('browser clipboard test', checks, args, { permissions: ['clipboard-read', 'clipboard-write'] }, async ({ page, url }) => {
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
  await loadPlayground(page, url);  // no hash: the playground wrote #code=... into the address bar
  const again = await waitForRun(page, 0, 'reloading the page');
  check(again.start === false, 'once closed, the Start card stays closed on the next visit', JSON.stringify({ start: again.start }));
  // A share link never opens on the card.
  await page.evaluate(() => localStorage.removeItem('kiln.startClosed'));
  await page.goto(url + '#example=print_break&mode=compile');
  await page.reload();
  await waitForPlayground(page);
  const linked = await waitForRun(page, 0, 'opening a share link');
  check(linked.start === false && linked.example === 'print_break', 'a share link opens on its program, not the Start card',
        JSON.stringify({ start: linked.start, example: linked.example }));
});
