/**
 * Handlers that need a module loaded on first use (the contract's zod checkers of socket payloads,
 * kept out of every page's first download: docs/adr/0098), run in the order they were asked for.
 * Until the module has arrived they queue behind its load; once it has, and nothing is queued,
 * they run at once. A failed load drops the handlers waiting on it, and the next one loads again.
 */
export function lazyInOrder<M>(load: () => Promise<M>) {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  let tail: Promise<void> | undefined;

  const ready = (): Promise<M> =>
    module !== undefined
      ? Promise.resolve(module)
      : (loading ??= load().then(
          (m) => (module = m),
          (err: unknown) => {
            loading = undefined;
            throw err;
          },
        ));

  return {
    /** Loads the module now (a page about to need it, or a test). */
    ready,
    run(handle: (m: M) => void): void {
      if (module !== undefined && !tail) {
        handle(module);
        return;
      }
      // After the handlers queued before it, whether they succeeded or threw.
      const mine: Promise<void> = (tail ?? Promise.resolve())
        .catch(() => undefined)
        .then(ready)
        .then(handle);
      tail = mine;
      const settle = () => {
        if (tail === mine) tail = undefined;
      };
      mine.then(settle, settle);
    },
  };
}
