// The dashboard's panels of issue 32 ("Say what is happening"), checked in
// the browser test once the visitor activity is focused: the card shows
// its app's name, a trigger tree without constant leaves and its behavior
// idle with why; the Box logs panel has the box's log, ALLogger's line and
// the idle note; the World panel places a person (on its map), changes the
// battery and charging, and presses a touch sensor, each as the server
// says it is then.
const VISITOR = 'dashboard-fixture/visitor';

export async function checkPanels(page, check) {
  const card = `article.activity[data-name="${VISITOR}"]`;
  // App names and trees without constants ("0.5 → 0.5").
  check(await page.locator(`${card} .app`).textContent() === 'Dashboard test', 'no app name on the visitor card');
  const leaves = await page.locator(`${card} ul.explain code.expr`).allTextContents();
  check(!leaves.includes('0.5') && !leaves.includes('1'), `constant leaves in the tree: ${leaves.join(' | ')}`);
  check(leaves.includes("'Dashboard/Visitor'"), `the key is not in the tree: ${leaves.join(' | ')}`);

  // The focused activity's behavior greeted, logged, and went idle.
  await page.locator(`${card} .badge.idle`).waitFor();
  const idle = await page.locator(`${card} .idle-why`).textContent();
  check(idle.includes("nothing is left to wait for") && idle.includes("'Greet'.onStopped, linked to nothing"),
        `the idle card says "${idle}"`);
  await page.locator('#box-logs li.level-info', { hasText: 'hello, visitor' }).waitFor();
  await page.locator('#box-logs li.level-warning', { hasText: 'nobody answered' }).waitFor();
  await page.locator('#box-logs li.level-warning', { hasText: 'idle: no box runs' }).waitFor();
  await page.selectOption('#box-log-level', 'warning');
  check(await page.locator('#box-logs li', { hasText: 'hello, visitor' }).count() === 0, 'the level filter shows info');
  await page.selectOption('#box-log-level', 'info');

  // The world, by hand: a person 0.8 m away at 30°, on the map.
  await page.click('#person-add');
  await page.fill('#people-rows tr:last-child input.distance', '0.8');
  await page.fill('#people-rows tr:last-child input.angle', '30');
  await page.click('#people-apply');
  await page.locator('#world-now', { hasText: '1 person perceived' }).waitFor();
  check(await page.locator('#world-map circle.person').count() === 1, 'the map shows no person');
  // Battery and charging.
  await page.locator('#world-battery').fill('45');
  await page.check('#world-charging');
  await page.click('#world-apply');
  await page.locator('#world-now', { hasText: 'battery 45 %, charging' }).waitFor();
  // A touch.
  await page.selectOption('#touch-sensor', 'Head/Touch/Front');
  await page.click('#touch-send');
  await page.locator('#world-status.ok', { hasText: 'touched Head/Touch/Front' }).waitFor();
  await page.fill('#memory-filter', 'FrontTactilTouched');
  await page.locator('#memory-table tr[data-key="FrontTactilTouched"]').waitFor();
  await page.fill('#memory-filter', '');
}
