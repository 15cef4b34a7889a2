// A recorded day in the dashboard (docs/dashboard.md "A recorded day"), in
// a real browser: records examples/scenarios/demo.yaml (`simulate
// --record`), serves it with `autolife replay DAY --serve`, opens the page
// in Debian's headless chromium (playwright-core) and checks the time
// slider: it spans the day, the controls are hidden, and every panel shows
// the instant chosen: forward (17 s: the greeter focused, interactive),
// then back (10 s: the attractor, solitary, after the page reconnected to
// the day replayed again).
//
// Usage: node tests/dashboard/replay_browser_test.mjs AUTOLIFE_BINARY DEMO_SCENARIO
// Every wait is on a condition, with a generous deadline; nothing sleeps.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserTest, check } from './harness.mjs';

const [binary, scenario] = process.argv.slice(2);
if (!binary || !scenario) {
  console.error('usage: replay_browser_test.mjs AUTOLIFE_BINARY DEMO_SCENARIO');
  process.exit(2);
}

// The slider moved to `seconds` and let go (its change event), as a hand does.
async function seek(page, seconds) {
  await page.locator('#replay-time').evaluate((slider, t) => {
    slider.value = t;
    slider.dispatchEvent(new Event('input'));
    slider.dispatchEvent(new Event('change'));
  }, seconds);
}

async function header(page, state, focused) {
  await page.waitForFunction(([s, f]) => document.getElementById('life-state').textContent === s &&
                                         document.getElementById('focused-activity').textContent === f, [state, focused]);
}

async function run(page, address) {
  const problems = [];
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  await page.goto(`http://${address}/`);
  await page.locator('#replay-bar').waitFor();
  check(await page.locator('#replay-time').getAttribute('max') === '130', 'the slider does not span the demo\'s 130 s');
  check(!(await page.locator('#panel-controls').isVisible()), 'the controls are shown for a recorded day');
  await header(page, 'solitary', '(none)');  // the day at 0 s

  await seek(page, 17);
  await header(page, 'interactive', 'greeter/.');
  await page.locator('article.activity.focused[data-name="greeter/."]').waitFor();
  await page.locator('#replay-clock', { hasText: '0:00:17.000 / 0:02:10.000' }).waitFor();

  await seek(page, 10);  // back: the server replays the day again and the page reconnects
  await header(page, 'solitary', 'attractor/.');
  await page.locator('#connection.connected').waitFor();
  check(await page.locator('#replay-time').inputValue() === '10', 'the slider is not at 10 s after going back');
  check(problems.length === 0, problems.join('\n'));
}

const folder = mkdtempSync(join(tmpdir(), 'autolife-replay-dashboard-'));
process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
const day = join(folder, 'demo.day');
const recorded = spawnSync(binary, ['simulate', scenario, '--record', day], { stdio: ['ignore', 'ignore', 'inherit'] });
if (recorded.status !== 0) {
  console.error('simulate --record failed: ' + recorded.status);
  process.exit(1);
}
browserTest({
  name: 'replay dashboard test',
  binary,
  command: ['replay', day, '--serve', '--port', '0'],
  viewport: { width: 1400, height: 1000 },
  run,
  done: 'replay dashboard: the slider showed the demo at 17 s, then at 10 s',
});
