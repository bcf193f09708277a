// Copyright 2026 the skillscope authors. MIT license.
/**
 * Listing a directory for a scan: at once, or through the driver's I/O,
 * sorted by name in slices so that a huge directory never holds the event
 * loop for long.
 *
 * @module
 */
import type { LoadContext, Pause } from "./scan_io.ts";
import { messageOf } from "../shared/errors.ts";

/** Lists a directory at once (the synchronous driver's lister). */
export function listNow(dir: string): Deno.DirEntry[] {
  return Array.from(Deno.readDirSync(dir));
}

/**
 * A directory of this `stat` size or more (which grows with its entries on
 * the common file systems: about 10,000 entries on ext4) is listed by
 * `discover()` off the event loop, on a worker thread, where listing it at
 * once would hold the loop too long. Smaller ones are listed at once:
 * starting a worker costs more than listing a few thousand entries.
 */
export const LARGE_DIR_BYTES = 512 * 1024;

/** Lists a directory sorted by name, in slices so huge directories do not block. */
export function* readDirSorted(
  dir: string,
  context: LoadContext,
): Generator<Pause, Deno.DirEntry[], unknown> {
  let entries: Deno.DirEntry[] | undefined;
  let failure: unknown;
  try {
    const listing = context.io.list(dir);
    if (Array.isArray(listing)) entries = listing;
    else {
      yield listing.then((found) => {
        entries = found;
      }, (error) => {
        failure = error;
      });
    }
  } catch (error) {
    failure = error;
  }
  if (entries === undefined) {
    context.diagnostics.push({
      level: "warning",
      code: "dir-read-failed",
      message: `Cannot list directory "${dir}": ${
        failure === undefined ? "no listing was given" : messageOf(failure)
      }`,
      path: dir,
    });
    return [];
  }
  return yield* sortByKey(entries, nameOf);
}

const nameOf = (entry: Deno.DirEntry): string => entry.name;

/** Items sorted per this many before the sorted runs are merged. */
const SORT_RUN = 2048;

/** Items sorted by key, with their keys. */
interface Run<T> {
  readonly keys: string[];
  readonly items: T[];
}

/**
 * Sorts items by key in code-unit order (every item kept, also where two
 * keys are equal, as names a lossy decoding made the same are): runs of
 * {@linkcode SORT_RUN} items sorted by their keys alone, with the default
 * sort (about 3x faster than a comparator), then merged pairwise. Yields
 * between slices, and nothing is built over the whole input in one step (a
 * map of every key stalls as it grows), so sorting a huge directory never
 * holds the event loop for long.
 *
 * @param items The items (names in one directory, paths in one scan).
 * @param keyOf The key of an item.
 * @returns The sorted items (as the generator's return value).
 */
export function* sortByKey<T>(
  items: T[],
  keyOf: (item: T) => string,
): Generator<Pause, T[], unknown> {
  let runs: Run<T>[] = [];
  for (let i = 0; i < items.length; i += SORT_RUN) {
    const itemOf = new Map<string, T>();
    // Keys that came again (names a lossy decoding made equal): kept too.
    let again: Map<string, T[]> | undefined;
    const end = Math.min(i + SORT_RUN, items.length);
    for (let j = i; j < end; j++) {
      const key = keyOf(items[j]!);
      if (!itemOf.has(key)) itemOf.set(key, items[j]!);
      else {
        again ??= new Map();
        const more = again.get(key);
        if (more === undefined) again.set(key, [items[j]!]);
        else more.push(items[j]!);
      }
    }
    const unique = Array.from(itemOf.keys()).sort();
    runs.push(
      again === undefined
        ? { keys: unique, items: unique.map((key) => itemOf.get(key)!) }
        : withRepeats(unique, itemOf, again),
    );
    if (items.length > SORT_RUN) yield;
  }
  while (runs.length > 1) {
    const merged: Run<T>[] = [];
    for (let i = 0; i < runs.length; i += 2) {
      const a = runs[i]!;
      const b = runs[i + 1];
      if (b === undefined) {
        merged.push(a);
        continue;
      }
      merged.push(yield* merge(a, b));
    }
    runs = merged;
  }
  return runs[0]?.items ?? [];
}

/** A sorted run holding, after each key's first item, the items whose key came again. */
function withRepeats<T>(
  unique: readonly string[],
  itemOf: ReadonlyMap<string, T>,
  again: ReadonlyMap<string, readonly T[]>,
): Run<T> {
  const keys: string[] = [];
  const items: T[] = [];
  for (const key of unique) {
    keys.push(key);
    items.push(itemOf.get(key)!);
    for (const more of again.get(key) ?? []) {
      keys.push(key);
      items.push(more);
    }
  }
  return { keys, items };
}

function* merge<T>(a: Run<T>, b: Run<T>): Generator<Pause, Run<T>, unknown> {
  const length = a.keys.length + b.keys.length;
  const keys: string[] = new Array(length);
  const items: T[] = new Array(length);
  let x = 0;
  let y = 0;
  let k = 0;
  while (x < a.keys.length && y < b.keys.length) {
    if (a.keys[x]! <= b.keys[y]!) {
      keys[k] = a.keys[x]!;
      items[k++] = a.items[x++]!;
    } else {
      keys[k] = b.keys[y]!;
      items[k++] = b.items[y++]!;
    }
    if ((k & 8191) === 0) yield;
  }
  for (; x < a.keys.length; k++, x++) {
    keys[k] = a.keys[x]!;
    items[k] = a.items[x]!;
  }
  for (; y < b.keys.length; k++, y++) {
    keys[k] = b.keys[y]!;
    items[k] = b.items[y]!;
  }
  yield;
  return { keys, items };
}
