// bench/behavior_view_bench.mjs: the behavior view's bars (issue 27), in
// Debian's headless chromium against `autolife serve` (real time).
//   latency: a behavior of 200 Python boxes in sequence, run with the page
//            open at its view; for each box's start and stop, the time from
//            the engine's event (its `t`, carried by its notification) to
//            the animation frame that paints it (the view paints what
//            arrived once a frame; every box must show idle at the end).
//            Engine time is put on the page's clock by the offset of
//            Autolife.snapshot's `t` (the call of least round trip among 20;
//            the error is at most half that round trip, printed). Two runs:
//            paced (each box sleeps 10 ms) and a burst (no sleep: 800
//            events within milliseconds).
//   draw: a 500-box diagram (a grid, 499 links) opened in the view: the
//            view's own draw (DOM built and laid out), and from the hash
//            change to the frame that shows it (its JSON fetched too).
//
// Usage: node bench/behavior_view_bench.mjs AUTOLIFE_BINARY [--runs N]
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { DEADLINE_MS, startServe, stopServe } from '../tests/dashboard/harness.mjs';

const binary = process.argv[2];
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
if (!binary) {
  console.error('usage: behavior_view_bench.mjs AUTOLIFE_BINARY [--runs N]');
  process.exit(2);
}
const CHROMIUM = process.env.AUTOLIFE_CHROMIUM || '/usr/bin/chromium';

const PORTS = `<Input name="onLoad" type="1" type_size="1" nature="0" inner="1" id="1" />
<Input name="onStart" type="1" type_size="1" nature="2" inner="0" id="2" />
<Input name="onStop" type="1" type_size="1" nature="3" inner="0" id="3" />
<Output name="onStopped" type="1" type_size="1" nature="1" inner="0" id="4" />
`;

function pythonBox(id, x, y, body) {
  return `<Box name="Box ${id}" id="${id}" x="${x}" y="${y}"><script language="4"><content><![CDATA[class MyClass(GeneratedClass):
    def __init__(self):
        GeneratedClass.__init__(self)

    def onInput_onStart(self):
${body}        self.onStopped()
]]></content></script>
${PORTS}</Box>
`;
}

// `count` boxes chained on a grid of `perRow` columns; the first started by
// the root, the last stopping it.
function chain(count, perRow, body) {
  let boxes = '', links = '<Link inputowner="1" indexofinput="2" outputowner="0" indexofoutput="2" />\n';
  for (let i = 1; i <= count; i++) boxes += pythonBox(i, 150 * ((i - 1) % perRow), 110 * Math.floor((i - 1) / perRow), body);
  for (let i = 1; i < count; i++) links += `<Link inputowner="${i + 1}" indexofinput="2" outputowner="${i}" indexofoutput="4" />\n`;
  links += `<Link inputowner="0" indexofinput="4" outputowner="${count}" indexofoutput="4" />\n`;
  return `<?xml version="1.0" encoding="UTF-8" ?>
<ChoregrapheProject xar_version="3"><Box name="root" id="-1" x="0" y="0">
${PORTS}<Timeline enable="0"><BehaviorLayer name="l"><BehaviorKeyframe name="k" index="1"><Diagram>
${boxes}${links}</Diagram></BehaviorKeyframe></BehaviorLayer></Timeline></Box></ChoregrapheProject>
`;
}

function writePackage(dir) {
  const root = join(dir, 'view-bench');
  const behaviors = {paced: chain(200, 10, '        import time\n        time.sleep(0.01)\n'),
                     burst: chain(200, 10, ''), wide: chain(500, 25, '')};
  let contents = '';
  for (const [name, xar] of Object.entries(behaviors)) {
    mkdirSync(join(root, name), {recursive: true});
    writeFileSync(join(root, name, 'behavior.xar'), xar);
    contents += `<behaviorContent path="${name}"><nature>interactive</nature></behaviorContent>\n`;
  }
  writeFileSync(join(root, 'manifest.xml'), `<?xml version="1.0" encoding="UTF-8" ?>
<package uuid="view-bench" version="1.0.0"><names><name lang="en_US">bench</name></names>
<contents>${contents}</contents></package>
`);
  return dir;
}

function percentile(values, p) {
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor(p * (v.length - 1)))];
}

// Engine time -> the page's clock (ms since its time origin).
async function clockOffset(page) {
  return page.evaluate(async () => {
    let best = null;
    for (let i = 0; i < 20; i++) {
      const sent = performance.now();
      const s = await rpc.call('Autolife.snapshot', ['no key has this in its name']);
      const back = performance.now();
      if (!best || back - sent < best.rtt) best = {rtt: back - sent, offset: (sent + back) / 2 - s.t * 1000};
    }
    return best;
  });
}

// Records, on the page, when each boxEvent notification arrived (with its
// event and engine time), every animation frame's time, and each data-state
// the page changed (to check what it shows).
async function watchStates(page) {
  await page.evaluate(() => {
    if (window.watching) return;  // (a hash change keeps the page)
    window.watching = true;
    window.arrivals = [];
    window.frames = [];
    window.changes = 0;
    const receive = rpc.receive.bind(rpc);
    rpc.receive = (text) => {
      const at = performance.now();
      const m = JSON.parse(text);
      if (m.method === 'signal' && m.params.signal === 'Autolife.boxEvent')
        window.arrivals.push({at, t: m.params.t, box: m.params.value[1], event: m.params.value[2]});
      receive(text);
    };
    const frame = (t) => {
      window.frames.push(t);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new MutationObserver((mutations) => { window.changes += mutations.length; })
      .observe(document.getElementById('behavior-view'), {attributes: true, subtree: true, attributeFilter: ['data-state']});
  });
}

// Asks the page's connection `method(params)` until `until(answer)`.
async function poll(page, method, params, until) {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const answer = await page.evaluate(([m, p]) => rpc.call(m, p), [method, params]);
    if (until(answer)) return answer;
    if (Date.now() > deadline) throw new Error(method + ': still ' + JSON.stringify(answer));
    await new Promise((r) => setTimeout(r, 100));
  }
}

// One run: for each box's start and stop, from the engine's event to the
// frame that paints it (the first animation frame after its notification
// arrived: the view paints what arrived once a frame). At the end every box
// must show idle.
async function latencyRun(page, activity) {
  await poll(page, 'ALAutonomousLife.focusedActivity', [], (f) => f === '');
  await page.evaluate(() => { window.arrivals = []; window.frames = []; window.changes = 0; });
  const clock = await clockOffset(page);
  const before = await page.evaluate((a) => rpc.call('Autolife.behaviorState', [a]).then((s) => s.run), activity);
  await page.evaluate((a) => rpc.call('ALAutonomousLife.switchFocus', [a]), activity);
  await poll(page, 'Autolife.behaviorRuns', [activity], (runs) => runs.length && runs[0].run > before && runs[0].end !== '');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const {arrivals, frames, changes, notIdle} = await page.evaluate(() => ({
    arrivals: window.arrivals, frames: window.frames, changes: window.changes,
    notIdle: [...document.querySelectorAll('#behavior-view .bv-box')].filter((g) => g.dataset.state !== 'idle').length}));
  if (notIdle) throw new Error(notIdle + ' boxes do not show idle after the run');
  const latencies = [], transport = [];
  let missed = 0;
  for (const a of arrivals) {
    const engineAt = a.t * 1000 + clock.offset;
    transport.push(a.at - engineAt);
    if (!a.box || (a.event !== 'start' && a.event !== 'stop')) continue;
    const painted = frames.find((f) => f >= a.at);
    if (painted === undefined) missed++;
    else latencies.push(painted - engineAt);
  }
  return {latencies, transport, missed, changes, rtt: clock.rtt};
}

async function main() {
  const dir = writePackage(mkdtempSync(join(tmpdir(), 'autolife-view-bench-')));
  const data = mkdtempSync(join(tmpdir(), 'autolife-view-bench-data-'));
  const { serve, address } = startServe(binary, ['--packages', dir, '--data', data, '--qi', 'off']);
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(DEADLINE_MS);
    const where = await address;
    for (const name of ['paced', 'burst']) {
      const activity = 'view-bench/' + name;
      await page.goto(`http://${where}/#behavior=${encodeURIComponent(activity)}`);
      await page.locator('#behavior-view .bv-box[data-box="Box 200"]').waitFor();
      await watchStates(page);
      const all = [], transport = [];
      let missed = 0, rtt = 0, changes = 0;
      for (let r = 0; r < RUNS; r++) {
        const run = await latencyRun(page, activity);
        all.push(...run.latencies);
        transport.push(...run.transport);
        missed += run.missed;
        changes += run.changes;
        rtt = Math.max(rtt, run.rtt);
      }
      console.log(`latency (${name}, 200 boxes, ${RUNS} runs): engine event to the frame painting it: p50 ${percentile(all, 0.5).toFixed(1)} ms, ` +
                  `p99 ${percentile(all, 0.99).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms over ${all.length} events ` +
                  `(${missed} not painted; ${changes} data-state changes seen; clock offset within ±${(rtt / 2).toFixed(2)} ms); ` +
                  `of which to the page's handler (every event): p50 ${percentile(transport, 0.5).toFixed(1)} ms, ` +
                  `p99 ${percentile(transport, 0.99).toFixed(1)} ms`);
    }
    const draws = [], shown = [];
    for (let r = 0; r < 5; r++) {
      await page.goto(`http://${where}/#behavior=view-bench%2Fburst`);
      await page.locator('#behavior-view .bv-box[data-box="Box 200"]').waitFor();
      const t = await page.evaluate(() => new Promise((resolve) => {
        const start = performance.now();
        location.hash = '#behavior=' + encodeURIComponent('view-bench/wide');
        const wait = () => {
          if (document.querySelector('#behavior-view .bv-box[data-box="Box 500"]'))
            requestAnimationFrame((frame) => resolve({draw: BV.view.lastDrawMs, shown: frame - start}));
          else requestAnimationFrame(wait);
        };
        wait();
      }));
      draws.push(t.draw);
      shown.push(t.shown);
    }
    const boxes = await page.locator('#behavior-view .bv-box').count();
    console.log(`draw: ${boxes}-box diagram: drawn and laid out in ${percentile(draws, 0.5).toFixed(1)} ms (median of 5, max ` +
                `${Math.max(...draws).toFixed(1)}); from the hash change to the frame showing it ${percentile(shown, 0.5).toFixed(1)} ms ` +
                `(max ${Math.max(...shown).toFixed(1)})`);
  } finally {
    if (browser) await browser.close();
    await stopServe(serve);
    rmSync(dir, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e.stack || e);
  process.exit(1);
});
