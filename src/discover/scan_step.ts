// Copyright 2026 the skillscope authors. MIT license.
/**
 * The steps a scan yields — a pause, or a directory to list — and how a caller answers them (synchronously, or off the event loop), with the sliced sort of a directory's entries.
 *
 * @module
 */
import { type LoadContext, messageOf } from "./load_skill.ts";
import { loadYamlParser, yamlParserLoaded } from "../parse/yaml.ts";

/**
 * What a scan yields: `undefined` between units of work, so an async caller
 * can give the event loop a turn; `{ list: dir }` to have a directory
 * listed — synchronously or off the event loop, as the caller chooses; or
 * {@linkcode LOAD_YAML} when a frontmatter needs the full YAML parser, which
 * only an async caller can load (a sync caller answers with an error).
 */
export type ScanStep =
  | undefined
  | { readonly list: string }
  | typeof LOAD_YAML;

/** The step that asks for the full YAML parser. */
export const LOAD_YAML: { readonly loadYaml: true } = Object.freeze({
  loadYaml: true,
});

/** What the caller passes back for a `{ list }` step: the entries, or the error. */
export type ScanReply = Deno.DirEntry[] | Error | undefined;

/**
 * Answers a `{ list }` step synchronously.
 *
 * @param step The step.
 * @returns The reply for it.
 */
export function replySync(step: ScanStep): ScanReply {
  if (step === undefined) return undefined;
  if ("loadYaml" in step) {
    return yamlParserLoaded()
      ? undefined
      : new Error("the full YAML parser is not loaded");
  }
  try {
    return Array.from(Deno.readDirSync(step.list));
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Answers a `{ list }` step without blocking the event loop while the
 * directory is read.
 *
 * @param step The step.
 * @returns The reply for it.
 */
export async function replyAsync(step: ScanStep): Promise<ScanReply> {
  if (step === undefined) return undefined;
  if ("loadYaml" in step) {
    try {
      await loadYamlParser();
      return undefined;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }
  try {
    return await Array.fromAsync(Deno.readDir(step.list));
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Answers a skill's need for the full YAML parser (flagged by
 * `finishSkill` in `context.needsParser`): asks the caller to load it,
 * then runs `retry` — which parses the skill's head again, or, when the
 * parser cannot be loaded, reports `yaml-parser-not-loaded` for it and for
 * every later skill that needs it.
 *
 * @param context The scan's shared state.
 * @param retry Loads the skill again.
 */
export function* loadParserAndRetry(
  context: LoadContext,
  retry: () => void,
): Generator<ScanStep, void, ScanReply> {
  context.needsParser = false;
  const reply = yield LOAD_YAML;
  if (reply instanceof Error) context.parserUnavailable = true;
  retry();
}

/** Lists a directory sorted by name, in slices so huge directories do not block. */
export function* readDirSorted(
  dir: string,
  context: LoadContext,
): Generator<ScanStep, Deno.DirEntry[], ScanReply> {
  const reply = yield { list: dir };
  if (reply === undefined || reply instanceof Error) {
    context.diagnostics.push({
      level: "warning",
      code: "dir-read-failed",
      message: `Cannot list directory "${dir}": ${
        reply === undefined ? "no listing was given" : messageOf(reply)
      }`,
      path: dir,
    });
    return [];
  }
  return yield* sortByKey(reply, nameOf);
}

const nameOf = (entry: Deno.DirEntry): string => entry.name;

/** Items sorted per this many before the sorted runs are merged. */
const SORT_RUN = 2048;

/**
 * Sorts items by a unique key in code-unit order: the keys alone, by the
 * default sort (about 3x faster than a comparator), in runs of
 * {@linkcode SORT_RUN} merged pairwise, then the items looked up by key.
 * Yields between slices, so sorting 100,000 items never holds the event loop
 * for long.
 *
 * @param items The items (names in one directory, paths in one scan: unique).
 * @param keyOf The key of an item.
 * @returns The sorted items (as the generator's return value).
 */
export function* sortByKey<T>(
  items: T[],
  keyOf: (item: T) => string,
): Generator<ScanStep, T[], ScanReply> {
  const itemOf = new Map<string, T>();
  const keys: string[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const key = keyOf(item);
    keys[i] = key;
    itemOf.set(key, item);
    if ((i & 4095) === 4095) yield;
  }
  let sorted: string[];
  if (keys.length <= SORT_RUN) {
    sorted = keys.sort();
  } else {
    let runs: string[][] = [];
    for (let i = 0; i < keys.length; i += SORT_RUN) {
      runs.push(keys.slice(i, i + SORT_RUN).sort());
      yield;
    }
    while (runs.length > 1) {
      const merged: string[][] = [];
      for (let i = 0; i < runs.length; i += 2) {
        const a = runs[i]!;
        const b = runs[i + 1];
        if (b === undefined) {
          merged.push(a);
          continue;
        }
        const out: string[] = new Array(a.length + b.length);
        let x = 0;
        let y = 0;
        let k = 0;
        while (x < a.length && y < b.length) {
          out[k++] = a[x]! <= b[y]! ? a[x++]! : b[y++]!;
          if ((k & 8191) === 0) yield;
        }
        while (x < a.length) out[k++] = a[x++]!;
        while (y < b.length) out[k++] = b[y++]!;
        merged.push(out);
        yield;
      }
      runs = merged;
    }
    sorted = runs[0]!;
  }
  const result: T[] = new Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    result[i] = itemOf.get(sorted[i]!)!;
    if ((i & 4095) === 4095) yield;
  }
  return result;
}
