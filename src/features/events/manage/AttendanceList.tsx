import { utcToWarsaw } from '@contract/time';
import { useSetAttendanceMutation, type EventUsersResponse } from '../eventsApi';
import { formatDate } from '../eventFormat';
import { PlayerCard } from '../PlayerCard';

interface AttendanceListProps {
  eventId: string;
  users: EventUsersResponse | undefined;
}

/**
 * The check-in of a completed game (docs/adr/0091): each player who was accepted is obecny unless
 * the organiser marks them nieobecny, for 48 h after the end; the server enforces the window.
 */
export function AttendanceList({ eventId, users }: AttendanceListProps) {
  const [setAttendance, { isLoading, originalArgs }] = useSetAttendanceMutation();
  const played = users?.eventUsers.filter((u) => u.status === 'finished') ?? [];
  if (!users || played.length === 0) return null;
  const until = users.attendanceEditableUntil ? new Date(users.attendanceEditableUntil) : null;
  const open = until !== null && until.getTime() > Date.now();
  const when = until && utcToWarsaw(until);
  const busyWith = isLoading ? originalArgs?.userId : undefined;
  const statsOf = (id: string) => users.userStats.find((s) => s.userID === id);

  return (
    <section className="event-section" aria-labelledby="manage-attendance">
      <h2 id="manage-attendance">Obecność</h2>
      <p className="event-hint">
        {open && when
          ? `Zaznacz, kto nie przyszedł. Możesz to zmieniać do ${formatDate(when.date)}, ${when.hour}. Nieobecnym gra nie liczy się jako rozegrana.`
          : 'Czas na zmiany obecności minął.'}
      </p>
      <ul className="player-grid">
        {played.map(({ userID: person, attended = true }) => (
          <li key={person._id}>
            <PlayerCard
              person={person}
              stats={statsOf(person._id)}
              actions={
                <div className="attendance-toggle" role="group" aria-label={`Obecność: ${person.nickName}`}>
                  {([true, false] as const).map((value) => (
                    <button key={String(value)} type="button" aria-pressed={attended === value}
                      className={`btn btn-small ${attended === value ? 'btn-primary' : 'btn-secondary'}`}
                      disabled={!open || busyWith === person._id}
                      onClick={() => attended !== value && void setAttendance({ eventId, userId: person._id, attended: value })}>
                      {value ? 'obecny' : 'nieobecny'}
                    </button>
                  ))}
                </div>
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
