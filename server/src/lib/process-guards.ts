import type { EventEmitter } from 'node:events';

export interface GuardLog {
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/**
 * The last line of defence of the server process (issue 19 defect 2, ADR 0065), installed by
 * server.ts only — the app built in tests has none, so a stray rejection still fails a test there.
 *
 * - `unhandledRejection`: a promise somebody forgot to handle (a library's fire-and-forget call, as
 *   the Socket.IO Redis adapter's publish was). Logged with its stack; the process keeps serving —
 *   one failed side task must not end every other person's requests.
 * - `uncaughtException`: a synchronous throw that unwound the whole stack; the process state can no
 *   longer be trusted. Logged, then `onFatal` shuts down gracefully (in-flight requests finish, the
 *   DATA_DIR lock is released) and exits non-zero so a supervisor restarts it.
 *
 * `log` is read on every event, so the caller can switch from the console to the app's logger once
 * the app exists.
 */
export function installProcessGuards(proc: EventEmitter, log: () => GuardLog, onFatal: (err: unknown) => void): () => void {
  const onRejection = (reason: unknown) => log().error({ err: reason }, 'unhandled promise rejection; still serving');
  let fatal = false;
  const onException = (err: unknown, origin?: string) => {
    log().fatal({ err, origin }, 'uncaught exception; shutting down');
    if (fatal) return;
    fatal = true;
    onFatal(err);
  };
  proc.on('unhandledRejection', onRejection);
  proc.on('uncaughtException', onException);
  return () => {
    proc.off('unhandledRejection', onRejection);
    proc.off('uncaughtException', onException);
  };
}

/** A console-backed GuardLog for the time before the app's logger exists. */
export const consoleGuardLog: GuardLog = {
  error: (obj, msg) => console.error(msg, obj),
  fatal: (obj, msg) => console.error(msg, obj),
};
