/** The chime played for a new message (a static file, spec feature-areas §7). */
export const CHIME_URL = '/sounds/message.wav';

/** Messages arriving within this of the last chime do not chime again. */
const CHIME_GAP_MS = 1_500;
let lastChime = 0;

/** Plays the chime; a browser that forbids sound before the first click stays silent. */
export function playChime(): void {
  const now = Date.now();
  if (now - lastChime < CHIME_GAP_MS) return;
  lastChime = now;
  const audio = new Audio(CHIME_URL);
  audio.play().catch(() => undefined);
}

/** Reads a text out in Mandarin, where the browser can speak. */
export function speak(text: string): void {
  if (!('speechSynthesis' in window)) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'zh-CN';
  window.speechSynthesis.speak(utterance);
}
