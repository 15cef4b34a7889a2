// The behavior view in a real browser (docs/dashboard.md, "The behavior
// view"): `autolife serve` with tests/dashboard/behavior_fixture, the page at
// /#behavior=view-fixture%2Fsequence in Debian's headless chromium driven by
// playwright-core. The diagram is drawn at the file's coordinates and opens
// its inner diagram and its timeline; a breakpoint set by clicking a port
// holds the behavior before Second (paused, First done) while Wave's
// timeline plays on (its playhead moving) until Resume; an
// injected error fails First (red, its error in the side panel) and the
// activity; the first run is replayed at 16x with the slider (Second paused
// at the time it was, then idle at the end).
//
// Usage: node tests/dashboard/behavior_view_test.mjs AUTOLIFE_BINARY FIXTURE_DIR [SCREENSHOT_DIR]
// Real time: every wait is on a condition (60 s deadlines), nothing sleeps.
import { join } from 'node:path';
import { browserTest, check } from './harness.mjs';

const [binary, fixture, shots] = process.argv.slice(2);
if (!binary || !fixture) {
  console.error('usage: behavior_view_test.mjs AUTOLIFE_BINARY FIXTURE_DIR [SCREENSHOT_DIR]');
  process.exit(2);
}

const ACTIVITY = 'view-fixture/sequence';
const box = (path) => `#behavior-view .bv-box[data-box="${path}"]`;
const port = (path, name) => `${box(path)} .bv-port.bv-in[data-port="${name}"]`;

async function shoot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, name), fullPage: true });
}

async function stateOf(page, path) {
  return page.locator(box(path)).getAttribute('data-state');
}

function waitState(page, path, state) {
  return page.locator(`${box(path)}[data-state="${state}"]`).waitFor();
}

async function focus(page) {
  await page.evaluate((name) => rpc.call('ALAutonomousLife.switchFocus', [name]), ACTIVITY);
}

// The diagram at the file's places; the inner diagram and the timeline open.
async function drawn(page) {
  await page.locator(box('Second')).waitFor();
  check(await page.locator('#behavior-view .bv-box').count() === 4, 'not four boxes at the top');
  const places = await page.evaluate(() => [...document.querySelectorAll('#behavior-view .bv-box')].map(
    (g) => g.dataset.box + ' ' + g.getAttribute('transform')));
  check(places.join(', ') === 'First translate(120,60), Group translate(300,60), Second translate(480,60), Wave translate(300,200)',
        `boxes drawn at ${places}`);
  check(await page.locator('#behavior-view .bv-link').count() === 5, 'not five links');
  check(await stateOf(page, 'First') === 'idle', 'First is not idle before any run');

  await page.dblclick(box('Group'));
  await page.locator(box('Group/Inner')).waitFor();
  check((await page.locator('.bv-crumbs').textContent()) === 'root › Group', 'no breadcrumbs to Group');
  await page.click('.bv-crumbs a[data-depth="0"]');
  await page.dblclick(box('Wave'));
  await page.locator('svg.bv-timeline .bv-keyframe[data-keyframe="lower"]').waitFor();
  check(await page.locator('svg.bv-timeline .bv-key').count() === 2, 'the curve has not its two keys');
  await page.click('.bv-crumbs a[data-depth="0"]');
  await page.locator(box('First')).waitFor();
}

// A breakpoint on Second's onStart: First runs, Second is held, then resumed.
async function breakpoint(page) {
  await page.click(port('Second', 'onStart'));
  await page.locator(`${port('Second', 'onStart')}.bv-break`).waitFor();
  await focus(page);
  await waitState(page, 'Second', 'paused');
  check(await stateOf(page, 'First') === 'idle', 'First did not end before the breakpoint');
  check(await page.locator('#bv-resume:enabled').count() === 1, 'Resume is not enabled');
  check((await page.locator('.bv-status').textContent()).includes('held before Second'), 'the status does not say held');
  await shoot(page, 'behavior-view-paused.png');
  // Wave plays on beside the held boxes: its playhead moves.
  await page.dblclick(box('Wave'));
  const playhead = 'svg.bv-timeline .bv-playhead';
  await page.locator(playhead).waitFor({ state: 'attached' });
  const x = Number(await page.locator(playhead).getAttribute('x1'));
  await page.waitForFunction(([selector, from]) => Number(document.querySelector(selector).getAttribute('x1')) > from + 5,
                             [playhead, x]);
  check((await page.locator('.bv-frame').textContent()).includes('at 25 fps'), 'the frame is not shown playing');
  await shoot(page, 'behavior-view-timeline.png');
  await page.click('.bv-crumbs a[data-depth="0"]');
  await page.click('#bv-resume');
  await page.locator('#bv-events li', { hasText: 'Second start' }).waitFor();
  await page.locator('#bv-events li', { hasText: '(root) stop' }).waitFor();
  await waitState(page, 'Second', 'idle');
  await page.click(port('Second', 'onStart'));  // cleared for the next run
  await page.locator(`${port('Second', 'onStart')}:not(.bv-break)`).waitFor();
}

// An error injected into First from the side panel: it fails, the activity too.
async function fault(page) {
  await page.click(box('First'));
  await page.click('#bv-fault-error');
  await page.locator('#bv-faults li', { hasText: 'First: error' }).waitFor();
  await focus(page);
  await waitState(page, 'First', 'error');
  const error = await page.locator('#bv-errors li[data-error-box="First"]').textContent();
  check(error.includes("box 'First': injected fault"), `the side panel says "${error}"`);
  const hover = await page.locator(`${box('First')} > title`).textContent();
  check(hover.includes('injected fault'), 'no error on hover');
  check(await stateOf(page, 'Second') === 'idle', 'Second ran after the error');
  const failed = await page.evaluate((name) => rpc.call('Autolife.activities').then(
    (list) => list.find((a) => a.name === name).failure), ACTIVITY);
  check(failed && failed.message.includes('injected fault'), 'the activity did not fail');
  await shoot(page, 'behavior-view-error.png');
}

// Run 1 replayed: paused at the time it was held, then to its end at 16x.
async function replay(page) {
  await page.locator('#bv-runs option[value="1"]').waitFor({ state: 'attached' });
  await page.selectOption('#bv-runs', '1');
  await page.locator('.bv-status', { hasText: 'replay of run 1' }).waitFor();
  const log = await page.evaluate((name) => rpc.call('Autolife.behaviorLog', [name, 1]), ACTIVITY);
  const held = log.find((e) => e.box === 'Second' && e.event === 'paused');
  check(held, 'run 1 has no paused event');
  await page.evaluate((t) => {
    const slider = document.getElementById('bv-slider');
    slider.value = t + 0.001;
    slider.dispatchEvent(new Event('input'));
  }, held.t);
  await waitState(page, 'Second', 'paused');
  check(await stateOf(page, 'First') === 'idle', 'replayed: First is not done when Second is held');
  await shoot(page, 'behavior-view-replay.png');
  await page.click('.bv-speed[data-speed="16"]');
  await page.click('#bv-play');
  await page.waitForFunction(() => {
    const s = document.getElementById('bv-slider');
    return Number(s.value) >= Number(s.max);
  });
  await waitState(page, 'Second', 'idle');
  await page.locator('#bv-events li', { hasText: 'Second stop' }).waitFor();
  await page.click('#bv-live');
  await waitState(page, 'First', 'error');  // live again: the last run's states
}

async function run(page, address) {
  const problems = [];
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });
  await page.goto(`http://${address}/#behavior=${encodeURIComponent(ACTIVITY)}`);
  await page.locator('#behavior-view:not([hidden])').waitFor();
  await drawn(page);
  await breakpoint(page);
  await fault(page);
  await replay(page);
  await page.click('.bv-back');
  await page.locator('#behavior-view[hidden]').waitFor({ state: 'attached' });
  await page.locator(`article.activity[data-name="${ACTIVITY}"] a.behavior-link`).waitFor();
  check(problems.length === 0, problems.join('\n'));
}

browserTest({
  name: 'behavior view test', binary, serveArgs: ['--packages', fixture, '--qi', 'off'],
  viewport: { width: 1400, height: 900 }, run,
  done: 'behavior view: drawn, held at a breakpoint and resumed, failed by a fault, replayed',
});
