// The fleet benchmark (issue 30, docs/performance.md "A fleet on one
// broker"): a Mosquitto of its own on a free loopback port, bench_fleet
// playing --robots robots at --rate focus changes a second each (publishing
// as `serve --mqtt` does), `autolife fleet`, and its page in Debian's
// headless chromium. It measures:
//   - render: from the page's navigation to every robot's card drawn
//     online (the page loaded afresh --loads times);
//   - behind: for each focus the page shows, the wall time it shows it at
//     minus the time bench_fleet published it (carried in the activity's
//     name), over --seconds of the run after a warm-up;
//   - CPU: each process's user+system time over that window, as a share of
//     one core.
//
// Usage: node bench/fleet_bench.mjs AUTOLIFE BENCH_FLEET MOSQUITTO [--robots 200] [--rate 10] [--seconds 20] [--loads 3]
// e.g.   node bench/fleet_bench.mjs build/release/autolife build/release/bench_fleet /usr/sbin/mosquitto
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const [autolife, benchFleet, mosquitto] = args;
const option = (name, fallback) => {
  const i = args.indexOf('--' + name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROBOTS = option('robots', 200), RATE = option('rate', 10), SECONDS = option('seconds', 20), LOADS = option('loads', 3);
const WARM_UP_S = 5;
const CHROMIUM = process.env.AUTOLIFE_CHROMIUM || '/usr/bin/chromium';
if (!autolife || !benchFleet || !mosquitto) {
  console.error('usage: fleet_bench.mjs AUTOLIFE BENCH_FLEET MOSQUITTO [--robots N] [--rate R] [--seconds S] [--loads L]');
  process.exit(2);
}

const children = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function start(program, argv, what) {
  const child = spawn(program, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.stderr.on('data', (d) => { if (what !== 'mosquitto') process.stderr.write(what + ': ' + d); });
  child.on('exit', (code, signal) => { if (code) console.error(`${what} exited: ${code ?? signal}`); });
  return child;
}

function lineOf(child, stream, matches) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no line in 120 s')), 120_000);
    const lines = createInterface({ input: child[stream] });
    lines.on('line', (l) => {
      if (!matches(l)) return;
      clearTimeout(timer);
      resolve(l);
    });
  });
}

// user + system CPU seconds of a process so far (/proc/PID/stat).
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;  // utime, stime in clock ticks (USER_HZ 100)
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p / 100 * sorted.length))];
}

// In the page, before its own script: when every card is drawn online, and
// how far behind each focus it draws is.
function instrument(robots) {
  window.__bench = { renderedAt: null, lags: [], measuring: false };
  const pattern = /bench\/(\d{13})/;
  new MutationObserver((records) => {
    const now = Date.now();
    const b = window.__bench;
    if (b.renderedAt === null &&
        document.querySelectorAll('article.robot[data-online="true"]').length === robots &&
        [...document.querySelectorAll('article.robot .state')].every((s) => s.textContent === 'solitary'))
      b.renderedAt = performance.now();
    if (!b.measuring) return;
    for (const r of records) {
      const e = r.target.nodeType === Node.ELEMENT_NODE ? r.target : r.target.parentElement;
      if (!e || !e.classList.contains('focus')) continue;
      const m = pattern.exec(e.textContent);
      if (m) b.lags.push(now - Number(m[1]));
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'autolife-fleet-bench-'));
  const port = await freePort();
  writeFileSync(join(dir, 'mosquitto.conf'),
                `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest stderr\nlog_type error\nlog_type notice\nlog_type information\n`);
  const broker = start(mosquitto, ['-c', join(dir, 'mosquitto.conf')], 'mosquitto');
  await lineOf(broker, 'stderr', (l) => l.includes(' running'));
  broker.stderr.resume();
  const url = `mqtt://127.0.0.1:${port}`;
  const total = WARM_UP_S + SECONDS + LOADS * 5 + 30;
  const bench = start(benchFleet, ['--broker', url, '--robots', String(ROBOTS), '--rate', String(RATE), '--seconds', String(total)], 'bench_fleet');
  await lineOf(bench, 'stdout', (l) => l.startsWith('{"connected"'));
  const fleet = start(autolife, ['fleet', '--mqtt', url, '--port', '0'], 'fleet');
  const address = JSON.parse(await lineOf(fleet, 'stdout', () => true)).listening;

  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  page.setDefaultTimeout(60_000);
  await page.addInitScript(instrument, ROBOTS);
  const renders = [];
  for (let i = 0; i < LOADS; ++i) {
    await page.goto(`http://${address}/`);
    await page.waitForFunction(() => window.__bench.renderedAt !== null);
    renders.push(await page.evaluate(() => window.__bench.renderedAt));
  }
  await new Promise((r) => setTimeout(r, WARM_UP_S * 1000));  // a benchmark: waiting is its measure
  const pids = { mosquitto: broker.pid, fleet: fleet.pid, bench_fleet: bench.pid };
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuSeconds(pid)]));
  await page.evaluate(() => { window.__bench.measuring = true; });
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const lags = await page.evaluate(() => { window.__bench.measuring = false; return window.__bench.lags; });
  const elapsed = (Date.now() - t0) / 1000;
  const cpu = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, Math.round((cpuSeconds(pid) - before[k]) / elapsed * 1000) / 10]));
  await browser.close();
  lags.sort((a, b) => a - b);
  const result = {
    robots: ROBOTS, rate: RATE, seconds: SECONDS,
    cpu_model: cpus()[0].model, cores: cpus().length,
    render_ms: renders.map((r) => Math.round(r)),
    behind_ms: { shown: lags.length, p50: percentile(lags, 50), p90: percentile(lags, 90), p99: percentile(lags, 99), max: lags[lags.length - 1] },
    cpu_percent_of_a_core: cpu,
  };
  console.log(JSON.stringify(result));
  for (const c of [fleet, bench, broker]) c.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  const ok = result.behind_ms.p99 < 250 && Math.max(...result.render_ms) < 1000;
  console.log(ok ? 'fleet bench: within the bars (p99 behind < 250 ms, render < 1 s)' : 'fleet bench: OUTSIDE the bars');
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(e.stack || e);
  process.exit(1);
});
