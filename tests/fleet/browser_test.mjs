// The fleet page in a real browser (docs/fleet.md): a Mosquitto of the
// test's own (a configuration it writes, a free loopback port), three
// `autolife serve --mqtt` robots with the dashboard's fixture packages, and
// `autolife fleet`, opened in Debian's headless chromium (playwright-core,
// as tests/dashboard's test). It checks every robot listed with
// data-online, state, focus, battery and last transition; a robot's
// transition and failure shown as they happen; the setState and stopAll
// buttons calling the robot over the broker; the link to a robot's own
// dashboard; and a robot killed (SIGKILL) shown offline (the broker's will,
// at once since its socket closed).
//
// Usage: node tests/fleet/browser_test.mjs AUTOLIFE_BINARY PACKAGES_DIR MOSQUITTO [SCREENSHOT.png]
// Real time: every wait is on a condition with a deadline; nothing sleeps.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { check, DEADLINE_MS, stopServe as stop } from '../dashboard/harness.mjs';

const [binary, packages, mosquitto, screenshot] = process.argv.slice(2);
if (!binary || !packages || !mosquitto) {
  console.error('usage: browser_test.mjs AUTOLIFE_BINARY PACKAGES_DIR MOSQUITTO [SCREENSHOT.png]');
  process.exit(2);
}

const CHROMIUM = process.env.AUTOLIFE_CHROMIUM || '/usr/bin/chromium';
const OVERALL_MS = 240_000;  // ends before ctest's timeout, so every process is stopped here
const ROBOTS = ['nao-hall', 'pepper-desk', 'pepper-lab'];
const ACTIVITY = 'dashboard-fixture/visitor';
const BROKEN = 'org.example.dashboard-fixture-with-a-rather-long-package-identifier/broken';

const processes = [];
process.on('exit', () => processes.forEach((p) => p.kill('SIGKILL')));  // no-ops once they exited

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Resolves with the first line of `stream` that `matches`.
function lineOf(child, stream, matches, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(what + ': nothing after ' + DEADLINE_MS + ' ms')), DEADLINE_MS);
    child.on('exit', (code) => reject(new Error(what + ' exited with status ' + code)));
    const lines = createInterface({ input: child[stream] });
    lines.on('line', (line) => {
      if (!matches(line)) return;
      clearTimeout(timer);
      lines.close();
      resolve(line);
    });
  });
}

function start(program, args, what) {
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  processes.push(child);
  child.stderr.on('data', (d) => process.stderr.write(what + ': ' + d));
  return child;
}

async function startBroker(dir) {
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest stderr\nlog_type error\nlog_type warning\nlog_type notice\nlog_type information\n`);
  const broker = spawn(mosquitto, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  processes.push(broker);
  await lineOf(broker, 'stderr', (l) => l.includes(' running'), 'mosquitto');
  broker.stderr.resume();
  return `mqtt://127.0.0.1:${port}`;
}

async function startRobot(name, broker, dir) {
  const serve = start(binary, ['serve', '--port', '0', '--qi', 'off', '--packages', packages, '--data', join(dir, name),
                               '--mqtt', broker, '--name', name], name);
  const line = await lineOf(serve, 'stdout', () => true, name);
  return { serve, address: JSON.parse(line).listening };
}

// insertData on a robot through its own network API.
async function write(robot, key, value) {
  const response = await fetch(`http://${robot.address}/api`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ALMemory.insertData', params: [key, value] }),
  });
  check(response.ok, `insertData on ${robot.address}: HTTP ${response.status}`);
}

const card = (name) => `article.robot[data-robot="${name}"]`;

async function run(page, pageAddress, robots) {
  const problems = [];
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });
  await page.goto(`http://${pageAddress}/`);
  await page.locator('#connection.connected').waitFor();
  await page.locator('#broker.connected').waitFor();

  // Every robot, online, with what it keeps on the broker.
  for (const name of ROBOTS) await page.locator(`${card(name)}[data-online="true"]`).waitFor();
  check(await page.locator('article.robot').count() === ROBOTS.length, 'not one card per robot');
  const order = await page.locator('article.robot').evaluateAll((cards) => cards.map((c) => c.dataset.robot));
  check(JSON.stringify(order) === JSON.stringify(ROBOTS), `cards in the order ${order}`);
  for (const name of ROBOTS) {
    await page.locator(`${card(name)} .state`, { hasText: 'solitary' }).waitFor();
    await page.locator(`${card(name)} .battery`, { hasText: '%' }).waitFor();
    await page.locator(`${card(name)} .triggers`, { hasText: 'of 3' }).waitFor();
  }
  await page.locator('#online-count', { hasText: '3' }).waitFor();

  // Its own dashboard, linked once it answers from here.
  const hall = robots.get('nao-hall');
  await page.locator(`${card('nao-hall')} a.dashboard:not([hidden])`).waitFor();
  const href = await page.locator(`${card('nao-hall')} a.dashboard`).getAttribute('href');
  check(href === `http://${hall.address}/`, `the dashboard link is ${href}`);

  // What happens on a robot shows: a transition, a failure.
  await write(hall, 'Dashboard/Visitor', 1);
  await page.locator(`${card('nao-hall')} .focus`, { hasText: ACTIVITY }).waitFor();
  await page.locator(`${card('nao-hall')} .transition`, { hasText: `— → ${ACTIVITY} (condition)` }).waitFor();
  await write(robots.get('pepper-lab'), 'Dashboard/Break', 1);
  await page.locator(`${card('pepper-lab')} .problem`, { hasText: "behavior.xar:20:9: box 'Broken': RuntimeError: the fixture's box is broken" }).waitFor();
  await page.locator(`${card('pepper-lab')} .transition.error`).waitFor();

  // The buttons call the robot over the broker.
  await page.selectOption(`${card('pepper-desk')} select.state-choice`, 'disabled');
  await page.click(`${card('pepper-desk')} button.set-state`);
  await page.locator(`${card('pepper-desk')} .call-status.ok`, { hasText: 'setState done' }).waitFor();
  await page.locator(`${card('pepper-desk')} .state`, { hasText: 'disabled' }).waitFor();
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  await write(hall, 'Dashboard/Visitor', 0);  // or life would focus it again
  await page.click(`${card('nao-hall')} button.stop-all`);
  await page.locator(`${card('nao-hall')} .call-status.ok`, { hasText: 'stopAll done' }).waitFor();
  await page.locator(`${card('nao-hall')} .focus`, { hasText: '—' }).waitFor();

  // A robot that dies is offline at once: its socket closed, the broker
  // published its will.
  robots.get('pepper-lab').serve.kill('SIGKILL');
  await page.locator(`${card('pepper-lab')}[data-online="false"]`).waitFor();
  await page.locator(`${card('pepper-lab')} button.set-state[disabled]`).waitFor();
  await page.locator('#online-count', { hasText: '2' }).waitFor();
  check(problems.length === 0, problems.join('\n'));
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'autolife-fleet-test-'));
  let browser;
  let status = 1;
  const overall = setTimeout(() => {
    console.error('fleet test: no result after ' + OVERALL_MS / 1000 + ' s');
    process.exit(1);
  }, OVERALL_MS);
  const robots = new Map();
  let fleet;
  try {
    const broker = await startBroker(dir);
    for (const name of ROBOTS) robots.set(name, await startRobot(name, broker, dir));
    fleet = start(binary, ['fleet', '--mqtt', broker, '--port', '0'], 'fleet');
    const address = JSON.parse(await lineOf(fleet, 'stdout', () => true, 'fleet')).listening;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    const page = await browser.newPage({ viewport: { width: 1100, height: 440 } });
    page.setDefaultTimeout(DEADLINE_MS);
    await run(page, address, robots);
    status = 0;
    console.log('fleet: three robots listed, called and one seen leaving');
  } catch (e) {
    console.error('fleet test failed: ' + (e.stack || e));
  } finally {
    if (browser) await browser.close();
    for (const child of [fleet, ...[...robots.values()].map((r) => r.serve)]) {
      if (!child) continue;
      const exit = await stop(child);
      if (exit !== 0 && exit !== null && status === 0) {
        console.error('a process did not stop cleanly: status ' + exit);
        status = 1;
      }
    }
    processes.forEach((p) => p.kill('SIGKILL'));
    rmSync(dir, { recursive: true, force: true });
    clearTimeout(overall);
  }
  process.exit(status);
}

main();
