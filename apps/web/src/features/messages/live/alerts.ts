/** The chime played for a new message (a static file, spec feature-areas §7). */
export const CHIME_URL = '/sounds/message.wav';

/** Plays the chime; a browser that forbids sound before the first click stays silent. */
export function playChime(): void {
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
