/** The notification chime (public/sounds, made by scripts/build-notification-sound.ts). */
export const NOTIFICATION_SOUND_URL = '/sounds/notification.wav';

let audio: HTMLAudioElement | null = null;
let lastPlayed = 0;

/**
 * Plays the chime, at most once in a short while (a burst of messages is one ring). Browsers refuse
 * sound before the person has interacted with the page; that refusal is fine to ignore.
 */
export function playNotificationSound(now: number = Date.now()): void {
  if (now - lastPlayed < 400) return;
  lastPlayed = now;
  try {
    audio ??= new Audio(NOTIFICATION_SOUND_URL);
    audio.currentTime = 0;
    void audio.play()?.catch(() => undefined);
  } catch {
    // No audio support: the badge still tells.
  }
}
