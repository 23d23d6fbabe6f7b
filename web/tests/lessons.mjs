// Browser lesson test: every lesson of the course opens in the page's lesson panel (from a
// #lesson=ID link), every step can be walked with next/previous, every program runs from its Run
// button's action, and every exercise's starter fails its Check while its solution passes; the
// progress survives a reload, a link's step= opens that step, the share link carries the lesson
// only while the Lesson tab is shown, and a bad link says what was wrong.
//
//   node web/tests/lessons.mjs [--dir build/web] [--screenshot out.png]
//
// The panel is driven through window.kiln.lesson(), which calls the functions the panel's buttons
// call (playground/lesson_panel.h); window.kiln.ui() reports the editor and the last run. Fails on
// any console error, page error or failed request. ctest runs it as `browser.lessons` (label browser).
import fs from 'node:fs';

import { browserTest, checker, frames, parseArgs, waitForPlayground, waitForRun } from './harness.mjs';

const args = parseArgs(process.argv.slice(2));
const checks = checker({ detailOnPass: false });
const check = checks.check;

browserTest('browser lesson test', checks, args, { hash: '#lesson=tracing' }, async ({ page, url }) => {
  // Opened straight from a lesson link.
  const start = await page.evaluate(() => window.kiln.lesson({}));
  check(start.errors.length === 0, 'the embedded course loads without errors', start.errors.join('\n'));
  check(start.lessons.length >= 8, `the course has ${start.lessons.length} lessons (at least 8)`);
  check(start.lesson === 'tracing', '#lesson=tracing opens the tracing lesson', start.lesson);
  const ui = await page.evaluate(() => window.kiln.ui());
  check(ui.lesson === 'tracing', 'the playground keeps lesson=tracing for its share link', ui.lesson);
  await frames(page, 2);
  if (args.screenshot) fs.writeFileSync(args.screenshot, await page.locator('#canvas').screenshot());

  for (const lesson of start.lessons) {
    await page.evaluate((id) => { location.hash = '#lesson=' + id; }, lesson.id);
    await page.waitForFunction((id) => window.kiln.ui().lesson === id, lesson.id, { timeout: 10_000 })
      .catch(() => {});
    let st = await page.evaluate(() => window.kiln.lesson({}));
    check(st.lesson === lesson.id && st.step === 0, `${lesson.id}: opens from #lesson=${lesson.id}`, JSON.stringify(st.lesson));
    // Walk the steps forward and back; each drawn.
    const titles = [st.step_title];
    for (let i = 1; i < lesson.steps; i++) {
      st = await page.evaluate(() => window.kiln.lesson({ next: true }));
      await frames(page, 2);
      titles.push(st.step_title);
    }
    check(st.lesson === lesson.id && st.step === lesson.steps - 1 && titles.every((t) => t),
          `${lesson.id}: ${lesson.steps} steps walked with next`, JSON.stringify(titles));
    st = await page.evaluate(() => window.kiln.lesson({ prev: true }));
    check(lesson.steps < 2 || st.step === lesson.steps - 2, `${lesson.id}: previous goes back a step`);

    // Every program runs from its Run action.
    for (const prog of lesson.programs) {
      const before = (await page.evaluate(() => window.kiln.ui())).runs;
      const r = await page.evaluate((p) => window.kiln.lesson({ run: p }), prog);
      const ran = await waitForRun(page, before, `Run ${prog}`);
      check(r.ok && ran.report.ok && ran.report.stdout.length > 0, `${lesson.id}: Run ${prog}`,
            JSON.stringify({ ok: r.ok, error: ran.report.error, stdout: ran.report.stdout.slice(0, 200) }));
    }
    // Every exercise: the starter fails its check, the solution passes.
    for (const ex of lesson.exercises) {
      await page.evaluate((id) => window.kiln.lesson({ start: id }), ex);
      const wrong = await page.evaluate((id) => window.kiln.lesson({ check: id }), ex);
      check(wrong.check && wrong.check.passed === false && wrong.check.results.some((c) => !c.passed),
            `${lesson.id}: exercise ${ex}: the starter fails Check`, JSON.stringify(wrong.check));
      await page.evaluate((id) => window.kiln.lesson({ solution: id }), ex);
      const right = await page.evaluate((id) => window.kiln.lesson({ check: id }), ex);
      check(right.check && right.check.passed === true, `${lesson.id}: exercise ${ex}: the solution passes Check`,
            JSON.stringify(right.check));
      await frames(page, 2);
    }
  }
  const end = await page.evaluate(() => window.kiln.lesson({}));
  const exercises = start.lessons.reduce((n, l) => n + l.exercises.length, 0);
  check(end.progress.passed === exercises && end.progress.total === exercises,
        `progress counts ${end.progress.passed}/${end.progress.total} exercises solved`);
  const unknown = await page.evaluate(() => window.kiln.lesson({ open: 'no-such-lesson' }));
  check(unknown.ok === false, 'opening an unknown lesson is refused, not a crash');
  await page.waitForTimeout(200);

  // Progress survives a reload (localStorage), and a link's step= opens that step.
  await page.goto(url + '#lesson=tracing&step=2');
  await page.reload();
  await waitForPlayground(page);
  const again = await page.evaluate(() => window.kiln.lesson({}));
  check(again.progress.passed === exercises, `after a reload, progress still counts ${again.progress.passed}/${exercises}`);
  check(again.lesson === 'tracing' && again.step === 1, '#lesson=tracing&step=2 opens the second step',
        JSON.stringify([again.lesson, again.step]));
  const hashHas = (part) => page.waitForFunction((p) => window.kiln.ui().hash.includes(p), part, { timeout: 10_000 })
    .then(() => true, () => false);
  await page.evaluate(() => window.kiln.lesson({ next: true }));
  check(await hashHas('lesson=tracing&step=3'), 'the share link follows the step (step=3 after Next)',
        (await page.evaluate(() => window.kiln.ui())).hash.slice(-40));
  // Leaving the Lesson tab: the link no longer carries the lesson; coming back brings it back.
  await page.evaluate(() => window.kiln.showPanel('console'));
  check(await page.waitForFunction(() => !window.kiln.ui().hash.includes('lesson=') && !window.kiln.ui().lesson_tab,
                                   null, { timeout: 10_000 }).then(() => true, () => false),
        'with the Console in front, the share link carries no lesson=');
  await page.evaluate(() => window.kiln.showPanel('lesson'));
  check(await hashHas('lesson=tracing&step=3'), 'back on the Lesson tab, the link carries the lesson and step again');

  // Bad links say so.
  for (const [hash, words] of [['#lesson=no-such-lesson', "lesson \"no-such-lesson\" is not in this page's course"],
                               ['#example=no-such-example', 'example "no-such-example" is not among'],
                               ['#lesson=tracing&step=99', 'past the lesson\'s last step']]) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    const noted = await page.waitForFunction((w) => window.kiln.ui().link_note.includes(w), words, { timeout: 10_000 })
      .then(() => true, () => false);
    check(noted, `${hash}: a visible note says what was wrong`, (await page.evaluate(() => window.kiln.ui())).link_note);
  }
});
