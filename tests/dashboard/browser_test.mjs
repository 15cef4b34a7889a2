// The dashboard in a real browser (docs/dashboard.md): starts `autolife serve`
// with the fixture package, opens the page in Debian's headless chromium
// (driven by playwright-core), checks that the activity's launch trigger is
// explained, inserts Dashboard/Visitor through the page's memory browser and
// sees the activity become focused in the page; then disables life with the
// page's controls and sees it stop.
//
// Usage: node tests/dashboard/browser_test.mjs AUTOLIFE_BINARY PACKAGES_DIR [SCREENSHOT.png]
// Real time (serve has no virtual clock): every wait is on a condition, with
// a generous deadline; nothing sleeps.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

const [binary, packages, screenshot] = process.argv.slice(2);
if (!binary || !packages) {
  console.error('usage: browser_test.mjs AUTOLIFE_BINARY PACKAGES_DIR [SCREENSHOT.png]');
  process.exit(2);
}

const ACTIVITY = 'dashboard-fixture/visitor';
const CHROMIUM = process.env.AUTOLIFE_CHROMIUM || '/usr/bin/chromium';
const DEADLINE_MS = 60_000;  // sanitizer builds start slowly
const OVERALL_MS = 240_000;  // ends before ctest's timeout, so serve is always stopped here
const card = `article.activity[data-name="${ACTIVITY}"]`;

// Starts serve on a free port; resolves with the process and its address
// (the first line on stdout, docs/api.md).
function startServe(data) {
  const serve = spawn(binary, ['serve', '--port', '0', '--packages', packages, '--data', data],
                      { stdio: ['ignore', 'pipe', 'inherit'] });
  const address = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('serve did not say where it listens')), DEADLINE_MS);
    serve.on('exit', (code) => reject(new Error('serve exited with status ' + code)));
    createInterface({ input: serve.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line).listening);
    });
  });
  return { serve, address };
}

// SIGTERM, then SIGKILL if it has not exited after the deadline; resolves
// with its exit status (null when it had to be killed).
function stopServe(serve) {
  if (serve.exitCode !== null || serve.signalCode !== null) return Promise.resolve(serve.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => serve.kill('SIGKILL'), DEADLINE_MS);
    serve.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    serve.kill('SIGTERM');
  });
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function run(page, address) {
  const problems = [];
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });

  await page.goto(`http://${address}/`);
  await page.locator('#connection.connected').waitFor();

  // The trigger is explained before anything happened: false, its time
  // operator waiting for its operand.
  await page.locator(`${card} ul.explain`).waitFor();
  const before = await page.locator(`${card} ul.explain > li > .value`).first().textContent();
  check(before === 'false', `the trigger explains as ${before} before the visitor, not false`);
  const note = await page.locator(`${card} .note`).first().textContent();
  check(note.includes('must hold for 0.5 s'), `the time operator's note is "${note}"`);
  await page.waitForFunction(() => document.getElementById('focused-activity').textContent === '(none)');

  // Memory changed through the page's memory browser.
  await page.fill('#memory-key', 'Dashboard/Visitor');
  await page.fill('#memory-value', '1');
  await page.click('#memory-insert');
  await page.locator('#memory-status.ok').waitFor();

  // The activity gets focused, and the page says so everywhere.
  await page.waitForFunction((name) => document.getElementById('focused-activity').textContent === name, ACTIVITY);
  await page.locator(`${card}.focused .badge.focused`).waitFor();
  await page.waitForFunction((selector) => {
    const v = document.querySelector(`${selector} ul.explain > li > .value`);
    return v && v.textContent === 'true';
  }, card);
  await page.locator('#log li', { hasText: `${ACTIVITY} (condition)` }).waitFor();
  await page.locator('#memory-table tr[data-key="Dashboard/Visitor"]', { hasText: '1' }).waitFor();
  await page.locator('#timeline rect title', { hasText: ACTIVITY }).first().waitFor({ state: 'attached' });

  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });

  // A control: disabling life stops the activity, and the page follows.
  await page.selectOption('#state-select', 'disabled');
  await page.click('#set-state');
  await page.locator('#control-status.ok').waitFor();
  await page.waitForFunction(() => document.getElementById('life-state').textContent === 'disabled' &&
                                   document.getElementById('focused-activity').textContent === '(none)');
  await page.locator('#log li', { hasText: `${ACTIVITY} (disabled-state)` }).waitFor();
  check(problems.length === 0, problems.join('\n'));
}

async function main() {
  const data = mkdtempSync(join(tmpdir(), 'autolife-dashboard-test-'));
  const { serve, address } = startServe(data);
  address.catch(() => {});  // awaited below; a failure is reported there
  process.on('exit', () => serve.kill('SIGKILL'));  // a no-op once it exited
  let browser;
  let status = 1;
  const overall = setTimeout(() => {
    console.error('dashboard test: no result after ' + OVERALL_MS / 1000 + ' s');
    process.exit(1);
  }, OVERALL_MS);
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.setDefaultTimeout(DEADLINE_MS);
    await run(page, await address);
    status = 0;
    console.log('dashboard: the page focused ' + ACTIVITY + ' after inserting Dashboard/Visitor');
  } catch (e) {
    console.error('dashboard test failed: ' + (e.stack || e));
  } finally {
    if (browser) await browser.close();
    const exit = await stopServe(serve);
    if (exit !== 0 && status === 0) {
      console.error('serve did not stop cleanly: status ' + exit);
      status = 1;
    }
    rmSync(data, { recursive: true, force: true });
    clearTimeout(overall);
  }
  process.exit(status);
}

main();
