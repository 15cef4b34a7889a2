// The dashboard's voice (issue 28, docs/dashboard.md): "Say to the robot"
// can record from the browser's microphone (the recording goes to
// Autolife.hearAudio as a 16 kHz WAV and is heard as speech), and the page
// can play the robot's speech (each sentence ALTextToSpeech starts, as
// Autolife.speechAudio says it). Uses dashboard.js's rpc, $ and setStatus.
'use strict';

const voice = {
  recording: null,  // {stream, context, source, processor, chunks, rate}
  maxSeconds: 20,   // the API takes a message of 1 MiB: about 24 s at 16 kHz
  played: 0,
  output: null,  // the AudioContext the robot's speech plays in
};

// 16-bit PCM WAV, mono, of float samples at `rate`, resampled to 16 kHz.
function wavOf(samples, rate) {
  const target = 16000;
  const n = Math.floor(samples.length * target / rate);
  const bytes = new DataView(new ArrayBuffer(44 + n * 2));
  const text = (at, s) => [...s].forEach((c, i) => bytes.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF'); bytes.setUint32(4, 36 + n * 2, true); text(8, 'WAVEfmt ');
  bytes.setUint32(16, 16, true); bytes.setUint16(20, 1, true); bytes.setUint16(22, 1, true);
  bytes.setUint32(24, target, true); bytes.setUint32(28, target * 2, true);
  bytes.setUint16(32, 2, true); bytes.setUint16(34, 16, true); text(36, 'data'); bytes.setUint32(40, n * 2, true);
  for (let i = 0; i < n; ++i) {
    const at = i * rate / target, k = Math.floor(at), f = at - k;
    const v = (samples[k] || 0) * (1 - f) + (samples[k + 1] || 0) * f;
    bytes.setInt16(44 + i * 2, Math.max(-1, Math.min(1, v)) * 32767, true);
  }
  return new Uint8Array(bytes.buffer);
}

function base64Of(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function recordedSeconds() {
  const r = voice.recording;
  return r ? r.chunks.reduce((n, c) => n + c.length, 0) / r.rate : 0;
}

async function startRecording() {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  const processor = context.createScriptProcessor(4096, 1, 1);
  const r = { stream, context, source, processor, chunks: [], rate: context.sampleRate };
  processor.onaudioprocess = (e) => {
    r.chunks.push(new Float32Array(e.inputBuffer.getChannelData(0)));
    const s = recordedSeconds();
    $('say-record').dataset.seconds = s.toFixed(1);
    if (s >= voice.maxSeconds) stopRecording();
  };
  source.connect(processor);
  processor.connect(context.destination);
  voice.recording = r;
  $('say-record').textContent = 'stop';
  $('say-record').classList.add('recording');
  setStatus('say-status', 'listening… (click stop when done)', true);
}

async function stopRecording() {
  const r = voice.recording;
  if (!r) return;
  voice.recording = null;
  r.processor.disconnect();
  r.source.disconnect();
  r.stream.getTracks().forEach((t) => t.stop());
  await r.context.close();
  $('say-record').textContent = 'record';
  $('say-record').classList.remove('recording');
  const samples = new Float32Array(r.chunks.reduce((n, c) => n + c.length, 0));
  r.chunks.reduce((at, c) => (samples.set(c, at), at + c.length), 0);
  try {
    const h = await rpc.call('Autolife.hearAudio', [base64Of(wavOf(samples, r.rate))]);
    const heard = h.understood ? `heard "${h.heard}" (${h.confidence.toFixed(2)})` : `not understood (${h.confidence.toFixed(2)})`;
    const said = h.answers.length ? ' — robot: ' + h.answers.join(' / ') : '';
    setStatus('say-status', heard + said + (h.reason ? ' — ' + h.reason : ''), h.understood);
    $('say-status').dataset.heard = h.heard;
  } catch (e) {
    setStatus('say-status', e.message, false);
  }
}

async function toggleRecording() {
  try {
    if (voice.recording) await stopRecording();
    else await startRecording();
  } catch (e) {
    setStatus('say-status', 'the microphone: ' + e.message, false);
  }
}

// Each sentence the robot starts saying, played in the page when asked
// (through Web Audio: the page's content security policy lets no media
// element load a data: or blob: address).
async function playSentence(text) {
  if (!$('robot-voice').checked || !text) return;
  try {
    const wav = Uint8Array.from(atob(await rpc.call('Autolife.speechAudio', [text])), (c) => c.charCodeAt(0));
    if (!voice.output) voice.output = new AudioContext();
    const buffer = await voice.output.decodeAudioData(wav.buffer);
    const source = voice.output.createBufferSource();
    source.buffer = buffer;
    source.connect(voice.output.destination);
    source.start();
    voice.played += 1;
    $('robot-voice-status').textContent = 'playing: ' + text;
    $('robot-voice-status').dataset.played = String(voice.played);
  } catch (e) {
    $('robot-voice-status').textContent = 'cannot play the robot\'s voice: ' + e.message;
  }
}

function addVoiceControls() {
  const record = document.createElement('button');
  record.id = 'say-record';
  record.type = 'button';
  record.textContent = 'record';
  record.title = 'Record what you say with this browser\'s microphone';
  record.addEventListener('click', toggleRecording);
  $('say-form').appendChild(record);
  const row = document.createElement('p');
  row.className = 'row';
  row.innerHTML = '<label><input id="robot-voice" type="checkbox"> play the robot\'s voice</label>' +
                  '<span id="robot-voice-status" class="muted"></span>';
  $('say-status').after(row);
}

// On every connection (the page's own subscriptions are made first).
const pageOpened = rpc.onopen;
rpc.onopen = async () => {
  await pageOpened();
  rpc.subscribe({ event: 'ALTextToSpeech/CurrentSentence' }, (p) => playSentence(p.value)).catch(() => {});
};

document.addEventListener('DOMContentLoaded', addVoiceControls);
