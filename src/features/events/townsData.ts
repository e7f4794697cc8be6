import { useEffect, useState } from 'react';
import { createTownIndex, type TownIndex, type TownsFile } from '@contract/towns';

let cached: TownIndex | undefined;
let pending: Promise<TownIndex> | undefined;

function townsUrl(): string {
  return new URL('/towns-pl.json', window.location.origin).href;
}

/** public/towns-pl.json, fetched once per visit and shared by every city field. */
export function loadTownIndex(): Promise<TownIndex> {
  pending ??= fetch(townsUrl())
    .then((res) => {
      if (!res.ok) throw new Error(`towns: HTTP ${res.status}`);
      return res.json() as Promise<TownsFile>;
    })
    .then((file) => (cached = createTownIndex(file)))
    .catch((error: unknown) => {
      // A later field may try again (the network may come back).
      pending = undefined;
      throw error;
    });
  return pending;
}

/** The towns index once it has arrived; undefined meanwhile or when it cannot be loaded. */
export function useTownIndex(): TownIndex | undefined {
  const [index, setIndex] = useState(cached);
  useEffect(() => {
    if (index) return;
    let live = true;
    loadTownIndex().then(
      (loaded) => live && setIndex(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [index]);
  return index;
}
