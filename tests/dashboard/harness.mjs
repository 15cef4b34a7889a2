// What the dashboard's browser tests share: `autolife serve` (or another
// command serving the page, `replay --serve`) started on a free port (its
// address is the first line on stdout, docs/api.md) with a data folder of
// its own, Debian's headless chromium (playwright-core), the test run
// against them, and everything stopped whatever happens (the server with
// SIGTERM, SIGKILL after the deadline), the whole test bounded in time.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

export const DEADLINE_MS = 60_000;  // sanitizer builds start slowly

// Resolves `address` with "HOST:PORT" once the command (its arguments,
// serving on port 0) says where it listens.
export function startServer(binary, args) {
  const serve = spawn(binary, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const address = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(args[0] + ' did not say where it listens')), DEADLINE_MS);
    serve.on('exit', (code) => reject(new Error(args[0] + ' exited with status ' + code)));
    createInterface({ input: serve.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line).listening);
    });
  });
  address.catch(() => {});  // awaited by the caller; a failure is reported there
  process.on('exit', () => serve.kill('SIGKILL'));  // a no-op once it exited
  return { serve, address };
}

export function startServe(binary, args) {
  return startServer(binary, ['serve', '--port', '0', ...args]);
}

// SIGTERM, then SIGKILL if it has not exited after the deadline; resolves
// with its exit status (null when it had to be killed).
export function stopServe(serve) {
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

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

const CHROMIUM = process.env.AUTOLIFE_CHROMIUM || '/usr/bin/chromium';
const OVERALL_MS = 240_000;  // ends before ctest's timeout, so serve is always stopped here

// Runs `run(page, address)` against serve started with `serveArgs` (and a
// fresh --data folder), or against `command` (the whole argument list of
// another server of the page); chromium gets `chromiumArgs` too. Exits with
// 0 and prints `done` when it passed.
export async function browserTest({ name, binary, serveArgs = [], command, chromiumArgs = [], viewport, run, done }) {
  const data = mkdtempSync(join(tmpdir(), 'autolife-browser-test-'));
  const { serve, address } = command ? startServer(binary, command) : startServe(binary, [...serveArgs, '--data', data]);
  const overall = setTimeout(() => {
    console.error(name + ': no result after ' + OVERALL_MS / 1000 + ' s');
    process.exit(1);
  }, OVERALL_MS);
  let browser;
  let status = 1;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs });
    const page = await browser.newPage({ viewport });
    page.setDefaultTimeout(DEADLINE_MS);
    await run(page, await address);
    status = 0;
    console.log(done);
  } catch (e) {
    console.error(name + ' failed: ' + (e.stack || e));
  } finally {
    if (browser) await browser.close();
    const exit = await stopServe(serve);
    if (exit !== 0 && status === 0) {
      console.error((command ? command[0] : 'serve') + ' did not stop cleanly: status ' + exit);
      status = 1;
    }
    rmSync(data, { recursive: true, force: true });
    clearTimeout(overall);
  }
  process.exit(status);
}
