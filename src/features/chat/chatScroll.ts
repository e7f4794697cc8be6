import { CHAT_LOAD_OLDER_PX, CHAT_STICK_TO_BOTTOM_PX } from '@contract/plain/chat';

/** Spec section 4, "Chat scroll", as pure functions of the scroll box's measurements. */
export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export function distanceFromBottom(m: ScrollMetrics): number {
  return Math.max(0, m.scrollHeight - m.scrollTop - m.clientHeight);
}

/** Within 200 px of the bottom, new messages keep the view at the bottom. */
export function isNearBottom(m: ScrollMetrics, threshold: number = CHAT_STICK_TO_BOTTOM_PX): boolean {
  return distanceFromBottom(m) <= threshold;
}

/** Within 100 px of the top, older messages are loaded (while there are more). */
export function isNearTop(m: Pick<ScrollMetrics, 'scrollTop'>, threshold: number = CHAT_LOAD_OLDER_PX): boolean {
  return m.scrollTop <= threshold;
}

/** Older messages were put above: scroll by what they added, so the same message stays in view. */
export function keptScrollTop(before: Pick<ScrollMetrics, 'scrollTop' | 'scrollHeight'>, scrollHeightAfter: number): number {
  return Math.max(0, before.scrollTop + (scrollHeightAfter - before.scrollHeight));
}

/** Calls `fn` once things have been quiet for `ms` (the 150 ms of the load-older trigger). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}
