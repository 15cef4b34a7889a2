// `autolife serve` for the dashboard's browser tests: started on a free
// port (its address is the first line on stdout, docs/api.md), stopped with
// SIGTERM (SIGKILL after the deadline); the whole test bounded in time.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export const DEADLINE_MS = 60_000;  // sanitizer builds start slowly

// Resolves `address` with "HOST:PORT" once serve says where it listens.
export function startServe(binary, args) {
  const serve = spawn(binary, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const address = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('serve did not say where it listens')), DEADLINE_MS);
    serve.on('exit', (code) => reject(new Error('serve exited with status ' + code)));
    createInterface({ input: serve.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line).listening);
    });
  });
  address.catch(() => {});  // awaited by the caller; a failure is reported there
  process.on('exit', () => serve.kill('SIGKILL'));  // a no-op once it exited
  return { serve, address };
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

// Fails the test if it has not ended after `ms` (ends before ctest's timeout,
// so serve is always stopped by the test itself).
export function deadline(name, ms) {
  return setTimeout(() => {
    console.error(name + ': no result after ' + ms / 1000 + ' s');
    process.exit(1);
  }, ms);
}
