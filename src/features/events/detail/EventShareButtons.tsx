import type { EventDto } from '@contract/events';
import { API_BASE_URL } from '../../../config/env';
import { toast } from '../../../app/notify';

export const SHARE_MSG = {
  copied: 'Skopiowano link do gry',
  copyFailed: 'Nie udało się skopiować linku. Skopiuj go z paska adresu.',
} as const;

/** The game's share link (docs/adr/0089): its page carries the preview for Messenger and WhatsApp. */
export function shareLinkOf(eventId: string): string {
  return `${window.location.origin}/g/${eventId}`;
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M7 3v3m10-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm7 7v5m-2.5-2.5h5"
        fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M12 15V3m0 0L8 7m4-4 4 4M5 12v7a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-7" fill="none" stroke="currentColor" strokeWidth="2"
        strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** 'Dodaj do kalendarza' (the game's .ics) and 'Udostępnij' (the system share sheet, else the link copied). */
export function EventShareButtons({ event }: { event: EventDto }) {
  const share = async () => {
    const url = shareLinkOf(event._id);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: event.eventName, text: `${event.eventName} — Graj Razem`, url });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to say.
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast(SHARE_MSG.copied, 'success');
    } catch {
      toast(SHARE_MSG.copyFailed, 'error');
    }
  };

  return (
    <div className="event-actions" role="group" aria-label="Kalendarz i udostępnianie">
      <a className="event-action" href={`${API_BASE_URL}/football-events/${event._id}/calendar.ics`} download>
        <CalendarIcon />
        <span>Dodaj do kalendarza</span>
      </a>
      <button type="button" className="event-action" onClick={() => void share()}>
        <ShareIcon />
        <span>Udostępnij</span>
      </button>
    </div>
  );
}
