// The dashboard in a real browser (docs/dashboard.md): starts `autolife serve`
// with the fixture packages, opens the page in Debian's headless chromium
// (driven by playwright-core) and checks its first paint: "Loading…" until
// the first snapshot (held back), then every panel filled from that one
// answer (every other call held back), long uuids and names laid out
// readably. Then: the keys with no value flagged, why each activity is not
// focused, a failing activity marked red on its card and in the
// transitions; the activity's launch trigger explained, Dashboard/Visitor
// inserted through the page's memory browser and the activity focused in
// the page; life disabled with the page's controls and the activity stopped.
//
// Usage: node tests/dashboard/browser_test.mjs AUTOLIFE_BINARY PACKAGES_DIR [SCREENSHOT.png]
// Real time (serve has no virtual clock): every wait is on a condition, with
// a generous deadline; nothing sleeps.
import { browserTest, check } from './harness.mjs';
import { checkPanels } from './panels_check.mjs';

const [binary, packages, screenshot] = process.argv.slice(2);
if (!binary || !packages) {
  console.error('usage: browser_test.mjs AUTOLIFE_BINARY PACKAGES_DIR [SCREENSHOT.png]');
  process.exit(2);
}

const ACTIVITY = 'dashboard-fixture/visitor';
const LONG_UUID = 'org.example.dashboard-fixture-with-a-rather-long-package-identifier';
const LONG_NAME = LONG_UUID + '/greet-everyone-who-comes-near-the-robot';
const BROKEN = LONG_UUID + '/broken';
const card = `article.activity[data-name="${ACTIVITY}"]`;

// insertData through the page's memory browser.
async function writeKey(page, key, value) {
  await page.fill('#memory-key', key);
  await page.fill('#memory-value', value);
  await page.click('#memory-insert');
  await page.locator('#memory-status.ok', { hasText: key }).waitFor();
}

// Holds the page's calls on their way to serve: Autolife.snapshot until
// releaseSnapshot(), every other call but subscribe until releaseAll().
function holdCalls(page) {
  let releaseSnapshot, releaseAll, snapshotAsked;
  const snapshotSent = new Promise((resolve) => { snapshotAsked = resolve; });
  const snapshotGate = new Promise((resolve) => { releaseSnapshot = resolve; });
  const allGate = new Promise((resolve) => { releaseAll = resolve; });
  const sent = [];
  const route = page.routeWebSocket(/\/api(\?.*)?$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage(async (message) => {
      const method = JSON.parse(message).method;
      sent.push(method);
      if (method === 'Autolife.snapshot') {
        snapshotAsked();
        await snapshotGate;
      }
      else if (method !== 'subscribe') await allGate;
      server.send(message);
    });
  });
  return { route, sent, snapshotSent, releaseSnapshot, releaseAll };
}

// Lines a block of text takes: the distinct tops of its text's boxes.
async function linesOf(locator) {
  return locator.evaluate((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

async function firstPaint(page, address) {
  const held = holdCalls(page);
  await held.route;
  await page.goto(`http://${address}/`);
  await page.locator('#connection.connected').waitFor();
  await held.snapshotSent;

  // Before the snapshot: loading, in every panel; never "No activity loaded."
  check(await page.locator('body.loading').count() === 1, 'the page is not marked loading before its first snapshot');
  for (const panel of ['#activities', '#suggestions', '#packages', '#log', '#memory-table']) {
    const text = await page.locator(panel).textContent();
    check(text.includes('Loading…'), `${panel} says "${text.trim()}" before the first snapshot, not Loading…`);
  }

  // The snapshot alone fills every panel (other calls are held back).
  held.releaseSnapshot();
  await page.locator('body:not(.loading)').waitFor();
  const header = await page.evaluate(() => ['life-state', 'focused-activity', 'focus-stack'].map(
    (id) => document.getElementById(id).textContent));
  check(JSON.stringify(header) === JSON.stringify(['solitary', '(none)', '(empty)']), `header after the snapshot: ${header}`);
  check(await page.locator('#suggestions li').first().textContent() === '(none)', 'suggestions not filled');
  check(await page.locator('#abilities input').count() === 5, 'abilities not filled');
  check(await page.locator('#safeguards input').count() === 5, 'safeguards not filled');
  check(await page.locator('article.activity').count() === 3, 'not every activity has its card');
  check(await page.locator(`${card} .why-not[data-reason="condition-false"]`).count() === 1, 'no why-not on the card');
  check(await page.locator('#memory-table tbody tr[data-key="Launchpad/State"]').count() === 1, 'memory not filled');
  check(await page.locator(`#packages li[data-uuid="${LONG_UUID}"]`).count() === 1, 'packages not filled');
  check((await page.locator('#log').textContent()).includes('No transition yet.'), 'transitions not filled');
  check(await page.locator('#timeline rect').count() >= 1, 'the timeline has no state');
  check(held.sent.filter((m) => m === 'Autolife.snapshot').length === 1, `snapshot calls: ${held.sent}`);

  // Long uuids and names: on lines of their own, not a few characters a line.
  const uuid = page.locator(`#packages li[data-uuid="${LONG_UUID}"] .uuid`);
  const uuidLines = await linesOf(uuid);
  check(uuidLines <= 3, `the long uuid takes ${uuidLines} lines`);
  const uuidWidth = await uuid.evaluate((e) => e.getBoundingClientRect().width / e.parentElement.getBoundingClientRect().width);
  check(uuidWidth > 0.9, `the uuid has ${Math.round(uuidWidth * 100)}% of its row`);
  const nameLines = await linesOf(page.locator(`article.activity[data-name="${LONG_NAME}"] .name`));
  check(nameLines <= 3, `the long activity name takes ${nameLines} lines`);
  held.releaseAll();
}

async function run(page, address) {
  const problems = [];
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });

  await firstPaint(page, address);

  // A key with no value is flagged where the trigger reads it; why not, on the card.
  const longCard = `article.activity[data-name="${LONG_NAME}"]`;
  const warning = await page.locator(`${longCard} .warning`).first().textContent();
  check(warning.includes("'Dashboard/Unset' has no value: Invalid compares as 0"), `the warning is "${warning}"`);
  const why = await page.locator(`${longCard} .why-not`).textContent();
  check(why.startsWith('condition-false') && why.includes("'Dashboard/Never' == 1 → false"), `why not: "${why}"`);

  // A failing activity: red on its card and in the transitions.
  await writeKey(page, 'Dashboard/Break', '1');
  const brokenCard = `article.activity[data-name="${BROKEN}"]`;
  await page.locator(`${brokenCard}.failed .badge.failed`).waitFor();
  const failure = await page.locator(`${brokenCard} div.problem`).textContent();
  check(failure.includes("the fixture's box is broken"), `the failed card says "${failure}"`);
  await page.locator('#log li.error', { hasText: `${BROKEN} (error)` }).waitFor();
  const logged = await page.locator('#log li.error .error-message').first().textContent();
  check(logged.includes("the fixture's box is broken"), `the log's error says "${logged}"`);
  await page.locator(`${brokenCard} .why-not[data-reason="relaunch-delay"]`).waitFor();
  await writeKey(page, 'Dashboard/Break', '0');

  // The trigger is explained before anything happened: false, its time
  // operator waiting for its operand.
  await page.locator(`${card} ul.explain`).waitFor();
  const before = await page.locator(`${card} ul.explain > li > .value`).first().textContent();
  check(before === 'false', `the trigger explains as ${before} before the visitor, not false`);
  const note = await page.locator(`${card} .note`).first().textContent();
  check(note.includes('must hold for 0.5 s'), `the time operator's note is "${note}"`);
  await page.waitForFunction(() => document.getElementById('focused-activity').textContent === '(none)');

  // Memory changed through the page's memory browser.
  await writeKey(page, 'Dashboard/Visitor', '1');

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

  await checkPanels(page, check);  // world, box logs, app names, idle (panels_check.mjs)

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

browserTest({
  name: 'dashboard test', binary, serveArgs: ['--packages', packages], viewport: { width: 1400, height: 1000 },
  run,
  done: 'dashboard: the page focused ' + ACTIVITY + ' after inserting Dashboard/Visitor',
});
