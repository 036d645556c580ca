// Optional sounds, off unless the player turns them on (remembered in localStorage): short
// tones made with the Web Audio API, so there are no audio files to load.

const KEY = "ginrummy.sound";
let audio = null;

export const soundOn = () => localStorage.getItem(KEY) === "on";

export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (on) play("turn");
}

const TONES = {
  draw: [[520, 0.05]],
  discard: [[340, 0.06]],
  meld: [[523, 0.07], [659, 0.07], [784, 0.1]],
  turn: [[660, 0.08], [880, 0.1]],
  win: [[523, 0.1], [659, 0.1], [784, 0.1], [1047, 0.2]],
  deal: [[300, 0.03], [320, 0.03], [340, 0.03]],
};

export function play(name) {
  if (!soundOn() || !TONES[name]) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = audio || new Context();
    let at = audio.currentTime + 0.01;
    for (const [frequency, length] of TONES[name]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "triangle";
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.12, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + length + 0.02);
      at += length * 0.9;
    }
    document.body.dataset.sound = name;
  } catch {
    // no sound is no harm
  }
}
