/**
 * The reveal's optional sounds (off unless the host turns them on): short WebAudio tones, so no
 * audio file is fetched. A tick per place, a rumble for the drum roll, a chord for the crown.
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  context ??= new AudioContext();
  // A context made before a click starts suspended; the sound toggle's click resumes it.
  if (context.state === 'suspended') void context.resume();
  return context;
}

function tone(frequency: number, startIn: number, duration: number, volume = 0.15): void {
  const ctx = audio();
  if (!ctx) return;
  const start = ctx.currentTime + startIn;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(volume, start);
  gain.gain.exponentialRampToValueAtTime(0.001, start + duration);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + duration);
}

export const sounds = {
  /** Lets later sounds play: called from the click that turns sound on. */
  unlock(): void {
    audio();
  },
  tick(): void {
    tone(660, 0, 0.12);
  },
  drumroll(seconds: number): void {
    const beats = Math.floor(seconds / 0.07);
    for (let beat = 0; beat < beats; beat += 1) {
      tone(beat % 2 === 0 ? 110 : 118, beat * 0.07, 0.06, 0.04 + (0.08 * beat) / beats);
    }
  },
  crown(): void {
    [523, 659, 784, 1047].forEach((frequency, index) => tone(frequency, index * 0.09, 0.6));
  },
};
