// The dashboard's voice in a real browser (issue 28): Debian's headless
// chromium with its fake audio capture fed a WAV that eSpeak NG made (the
// robot's own voice, written by `autolife chat --voice-out`): "Say to the
// robot" records it, Autolife.hearAudio hears it, the robot answers, and
// the page plays the answer (Autolife.speechAudio).
//
// Usage: node tests/dashboard/voice_browser_test.mjs AUTOLIFE_BINARY
// Real time: every wait is on a condition, with a generous deadline.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserTest, check } from './harness.mjs';

const [binary] = process.argv.slice(2);
if (!binary) {
  console.error('usage: voice_browser_test.mjs AUTOLIFE_BINARY');
  process.exit(2);
}

// "hello robot" and 3 s of silence, in eSpeak NG's voice: the robot's
// opening line of a one-rule topic, written by chat --voice-out.
function makeRecording(dir) {
  const topic = join(dir, 'say.top');
  writeFileSync(topic, 'topic: ~say()\nlanguage: enu\nu:(e:onStart) hello robot \\pau=3000\\\n');
  const r = spawnSync(binary, ['chat', topic, '--voice-out', join(dir, 'voice')], { input: '', encoding: 'utf8' });
  check(r.status === 0, 'chat --voice-out failed: ' + r.stderr);
  return join(dir, 'voice', '0001.wav');
}

async function run(page, address) {
  const problems = [];
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  await page.goto(`http://${address}/`);
  await page.locator('#connection.connected').waitFor();
  await page.locator('#say-record').waitFor();
  // A topic to talk with, through the page's own connection.
  await page.evaluate(async () => {
    const topic = await rpc.call('ALDialog.loadTopicContent',
      ['topic: ~voice()\nlanguage: enu\nu:(hello robot) hello human\nu:(goodbye) bye\n']);
    await rpc.call('ALDialog.activateTopic', [topic]);
    await rpc.call('ALDialog.subscribe', ['dashboard-test']);
  });
  await page.check('#robot-voice');
  // Record 2.5 s of the fake microphone, then stop: heard, answered, played.
  await page.click('#say-record');
  await page.waitForFunction(() => Number(document.getElementById('say-record').dataset.seconds || 0) >= 2.5)
    .catch(async (e) => { throw new Error(`recording: ${await page.locator('#say-status').textContent()} (${e.message})`); });
  await page.click('#say-record');
  await page.locator('#say-status.ok', { hasText: 'robot: hello human' }).waitFor();
  const status = await page.locator('#say-status').textContent();
  check(status.includes('heard "hello robot"'), `the status says "${status}"`);
  await page.waitForFunction(() => Number(document.getElementById('robot-voice-status').dataset.played || 0) >= 1);
  const played = await page.locator('#robot-voice-status').textContent();
  check(played === 'playing: hello human', `the page played "${played}"`);
  check(problems.length === 0, problems.join('\n'));
}

const dir = mkdtempSync(join(tmpdir(), 'autolife-voice-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const wav = makeRecording(dir);
browserTest({
  name: 'voice_browser_test',
  binary,
  chromiumArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
                 `--use-file-for-fake-audio-capture=${wav}`, '--autoplay-policy=no-user-gesture-required'],
  run,
  done: 'voice_browser_test: passed',
});
