// Browser test: the linked selection (playground/linked.h) with the mouse, in both directions.
//   - a click on a source line in the editor lights that line, its FX and aten nodes, the fused
//     kernel computing them and that kernel's lines in the Output code panel;
//   - a click on one of those generated-code lines picks the kernel and lights its source line
//     (and not the matmul's line, which no fused kernel computes);
//   - in the Passes panel's diff the linked aten nodes are lit, and a click on a node's line there
//     picks that aten node and lights its source line;
//   - in the Graph panel the linked nodes are outlined, and a click on a node picks it and lights
//     its own source line.
// The page reports where its code views and graph boxes are (window.kiln.ui().views, graph_boxes),
// so the clicks land on lines and nodes, not on guessed pixels.
//
//   node web/tests/linked.mjs [--dir build/web]
// ctest runs it as `browser.linked` (label browser). Exit status 0 = pass.
import { browserTest, checker, clickHeld, frames, parseArgs, waitForRun } from './harness.mjs';

const args = parseArgs(process.argv.slice(2));
const checks = checker();
const check = checks.check;

// Line 4: a matmul (an extern kernel); line 5: softmax and a multiply (fused kernels); line 6 a tail.
const PROGRAM = [
  'import torch',
  '',
  'def f(x, w):',
  '    y = x @ w',
  '    z = y.softmax(dim=-1) * 2',
  '    return z.sin() + 1',
  '',
  'with torch.no_grad():',
  '    print(torch.compile(f)(torch.randn(4, 8), torch.randn(8, 8)).shape)',
  '',
].join('\n');

const ui = (page) => page.evaluate(() => window.kiln.ui());

// Clicks the middle of line `line` (0-based) of code view `view` (its geometry from ui().views).
async function clickLine(page, view, line) {
  const g = (await ui(page)).views[view];
  if (!g) throw new Error(`code view ${view} is not on screen`);
  const y = g.y + (line + 0.5) * g.line_h;
  if (y < g.top || y > g.bottom) throw new Error(`line ${line} of ${view} is scrolled out of view`);
  await clickHeld(page, g.x + 40, y);
  await frames(page, 3);
}

browserTest('browser linked-selection test', checks, args, { hash: '#example=simplenet&mode=compile' }, async ({ page }) => {
  const first = await waitForRun(page, 0, 'loading the page');
  await page.evaluate((code) => window.kiln.setCode(code, ''), PROGRAM);
  const ran = await waitForRun(page, first.runs, 'running the program');
  check(ran.report.ok === true && ran.report.compiles.length === 1, 'the program compiles one graph',
        JSON.stringify({ ok: ran.report.ok, error: ran.report.error, compiles: ran.report.compiles?.length }));

  // Source line 5 -> its nodes, kernels and generated code.
  await page.evaluate(() => window.kiln.showPanel('output'));
  await frames(page, 3);
  await clickLine(page, 'editor', 4);  // 0-based: line 5
  const fromSource = (await ui(page)).linked;
  const cpp = fromSource.lines['##cpp'] ?? [];
  check(fromSource.pick.level === 'source' && fromSource.pick.line === 5, 'a click on line 5 picks that source line',
        JSON.stringify(fromSource.pick));
  check(JSON.stringify(fromSource.editor_lines) === '[5]', 'the editor lights the picked line', JSON.stringify(fromSource.editor_lines));
  check(fromSource.fx_nodes.length >= 2 && fromSource.aten_nodes.length >= 4 && fromSource.kernels.length >= 1,
        'line 5 links its FX nodes, aten nodes and fused kernels',
        JSON.stringify({ fx: fromSource.fx_nodes, aten: fromSource.aten_nodes, kernels: fromSource.kernels }));
  check(cpp.length >= 4, 'the Output code panel lights the kernels\' lines', JSON.stringify(cpp));

  // Back: a click on a lit line of generated code picks its kernel, which lights line 5, not 4.
  const g = (await ui(page)).views['##cpp'];
  const visible = cpp.filter((l) => {
    const y = g.y + (l + 0.5) * g.line_h;
    return y > g.top + 2 * g.line_h && y < g.bottom - g.line_h;
  });
  check(visible.length > 0, 'the lit generated code is scrolled into view', JSON.stringify({ cpp, view: g }));
  if (visible.length) {
    await clickLine(page, '##cpp', visible[Math.floor(visible.length / 2)]);
    const fromKernel = (await ui(page)).linked;
    check(fromKernel.pick.level === 'kernel' && fromSource.kernels.includes(fromKernel.pick.name),
          'a click on a generated-code line picks its kernel', JSON.stringify(fromKernel.pick));
    check(fromKernel.source_lines.includes(5) && !fromKernel.source_lines.includes(4) &&
          fromKernel.editor_lines.includes(5),
          'the kernel lights its source line in the editor (5), not the matmul\'s (4)',
          JSON.stringify({ source: fromKernel.source_lines, editor: fromKernel.editor_lines }));
  }

  // The Passes panel's diff: line 5's aten nodes that the first pass's graphs hold (the `* 2`'s mul)
  // are lit on both sides; a click on the matmul's line there picks that aten node and lights line 4.
  await page.evaluate(() => window.kiln.showPanel('passes'));
  await frames(page, 3);
  await clickLine(page, 'editor', 4);
  const inPasses = (await ui(page)).linked;
  const before = inPasses.lines['##pass_before/1'] ?? [], after = inPasses.lines['##pass_after/1'] ?? [];
  check(before.length >= 1 && after.length >= 1, 'the passes diff lights the linked aten nodes on both sides',
        JSON.stringify({ lines: inPasses.lines, aten: inPasses.aten_nodes }));
  const passes = ran.report.compiles[0].inductor.at(-1).passes;
  const matmulLine = passes[1].graph.split('\n').findIndex((l) => /^ {4}matmul: /.test(l));
  check(matmulLine >= 0, 'the first pass\'s graph has the matmul', passes[1].graph);
  if (matmulLine >= 0) {
    await clickLine(page, '##pass_after', matmulLine);
    const fromPass = (await ui(page)).linked;
    check(fromPass.pick.level === 'aten' && fromPass.pick.name === 'matmul' && fromPass.editor_lines.includes(4) &&
          !fromPass.editor_lines.includes(5),
          'a click on a node in the passes diff picks that aten node and lights its source line',
          JSON.stringify({ pick: fromPass.pick, editor: fromPass.editor_lines }));
  }

  // The graph: the linked nodes are outlined; a click on the matmul's node lights line 4.
  await page.evaluate(() => window.kiln.showPanel('graph'));
  await frames(page, 4);
  const shown = await ui(page);
  const lit = shown.graph_boxes.filter((b) => b.lit).map((b) => b.node);
  check(lit.length > 0 && lit.every((n) => shown.linked.fx_nodes.includes(n) || n === ''),
        'the graph outlines the linked FX nodes', JSON.stringify({ lit, fx: shown.linked.fx_nodes }));
  const mm = shown.report.compiles[0].nodes.find((n) => n.line === 4 && n.op !== 'placeholder');
  const box = mm && shown.graph_boxes.find((b) => b.node === mm.name);
  check(box !== undefined, 'the matmul\'s node is drawn', JSON.stringify({ mm, boxes: shown.graph_boxes.map((b) => b.node) }));
  if (box) {
    await clickHeld(page, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2);
    await frames(page, 3);
    const fromNode = (await ui(page)).linked;
    check(fromNode.pick.level === 'fx' && fromNode.pick.name === mm.name && fromNode.editor_lines.includes(4) &&
          !fromNode.editor_lines.includes(5),
          'a click on a graph node picks it and lights its source line', JSON.stringify(fromNode));
  }
});
