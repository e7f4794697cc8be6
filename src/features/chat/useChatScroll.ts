import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ChatMessage } from '@contract/chat';
import { CHAT_LOAD_OLDER_DEBOUNCE_MS } from '@contract/plain/chat';
import { debounce, isNearBottom, isNearTop, keptScrollTop } from './chatScroll';

interface Options {
  messages: ChatMessage[];
  myId: string | undefined;
  hasMore: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/**
 * Spec section 4 "Chat scroll": stick to the bottom when the person was within 200 px of it (or sent
 * the message), load older messages near the top (debounced 150 ms) and keep the view where it was.
 */
export function useChatScroll({ messages, myId, hasMore, loadingOlder, loadOlder }: Options) {
  const box = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const beforeOlder = useRef<{ scrollTop: number; scrollHeight: number } | null>(null);
  const seen = useRef<{ first?: string; last?: string }>({});
  const latest = useRef({ hasMore, loadingOlder, loadOlder });
  useEffect(() => {
    latest.current = { hasMore, loadingOlder, loadOlder };
  });

  const first = messages[0]?._id;
  const lastMessage = messages[messages.length - 1];
  const last = lastMessage?._id;

  useLayoutEffect(() => {
    const el = box.current;
    const before = seen.current;
    seen.current = { first, last };
    if (!el) return;
    if (beforeOlder.current && first !== before.first) {
      el.scrollTop = keptScrollTop(beforeOlder.current, el.scrollHeight);
      beforeOlder.current = null;
    } else if (last !== before.last && (!before.last || nearBottom.current || lastMessage?.sender._id === myId)) {
      el.scrollTop = el.scrollHeight;
      nearBottom.current = true;
    }
  }, [first, last, lastMessage, myId]);

  const checkTop = useMemo(
    () =>
      debounce(() => {
        const el = box.current;
        const { hasMore: more, loadingOlder: busy, loadOlder: load } = latest.current;
        if (!el || !more || busy || !isNearTop(el)) return;
        beforeOlder.current = { scrollTop: el.scrollTop, scrollHeight: el.scrollHeight };
        load();
      }, CHAT_LOAD_OLDER_DEBOUNCE_MS),
    [],
  );
  useEffect(() => checkTop.cancel, [checkTop]);

  // A first page shorter than the box cannot be scrolled: look at the top after every load.
  useEffect(() => {
    const el = box.current;
    if (el && hasMore && !loadingOlder && el.scrollHeight <= el.clientHeight) checkTop();
  }, [first, hasMore, loadingOlder, checkTop]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    nearBottom.current = isNearBottom(el);
    checkTop();
  };

  return { box, onScroll };
}
