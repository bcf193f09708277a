// Copyright 2026 the skillscope authors. MIT license.
/**
 * The command-line parser: `--name value`, `--name=value`, flags, one-letter
 * aliases (grouped flags `-qh`), repeatable options and `--`, with errors in
 * our own words and a "did you mean" for a mistyped option. It replaces
 * `node:util`'s `parseArgs`, whose import alone cost every run about 11 ms.
 *
 * @module
 */
import { UsageError } from "./errors.ts";

/** How one option parses. */
export interface ParseSpec {
  /** `boolean` (a flag) or `string` (takes a value). */
  readonly type: "boolean" | "string";
  /** May be given several times (values collected in order). */
  readonly multiple?: boolean;
  /** One-letter alias. */
  readonly short?: string;
}

/** Parsed option values by option name, for options not known by name. */
export type ParsedValues = Record<
  string,
  string | boolean | (string | boolean)[] | undefined
>;

/**
 * The value one declared option parses to: `boolean` for a flag, `string`
 * for an option with a value, the list of values for a repeatable one, and
 * `undefined` when it was not given.
 */
export type ValueOf<D extends ParseSpec> =
  | (D extends { readonly multiple: true }
    ? D extends { readonly type: "boolean" } ? boolean[] : string[]
    : D extends { readonly type: "boolean" } ? boolean
    : string)
  | undefined;

/**
 * The parsed values of an option table, typed from its declaration (declare
 * the table `as const`); {@linkcode ParsedValues} for a table whose names
 * are not known.
 *
 * @example Usage
 * ```ts
 * import { parseArguments, type ParseSpec, type ValuesOf } from "./parse_args.ts";
 * import assert from "node:assert/strict";
 *
 * const OPTIONS = {
 *   out: { type: "string" },
 *   json: { type: "boolean" },
 * } as const satisfies Record<string, ParseSpec>;
 * const values: ValuesOf<typeof OPTIONS> = parseArguments(["--json"], OPTIONS).values;
 * assert.equal(values.json, true);
 * assert.equal(values.out, undefined);
 * ```
 */
export type ValuesOf<O extends Readonly<Record<string, ParseSpec>>> =
  string extends keyof O ? ParsedValues
    : { readonly [K in keyof O]: ValueOf<O[K]> };

/**
 * Parses `args` against `options`.
 *
 * @example Usage
 * ```ts
 * import { parseArguments } from "./parse_args.ts";
 * import assert from "node:assert/strict";
 *
 * const { values, positionals } = parseArguments(
 *   ["--root", "a", "-q", "NAME"],
 *   { root: { type: "string", multiple: true }, quiet: { type: "boolean", short: "q" } },
 * );
 * assert.deepEqual(values.root, ["a"]);
 * assert.equal(values.quiet, true);
 * assert.deepEqual(positionals, ["NAME"]);
 * ```
 *
 * @param args The arguments.
 * @param options The options by name (without `--`).
 * @returns Option values, typed from `options`, and positionals, in order.
 * @throws {UsageError} on an unknown option, a missing or unexpected value,
 *   or a non-repeatable option given twice.
 */
export function parseArguments<
  const O extends Readonly<Record<string, ParseSpec>>,
>(
  args: readonly string[],
  options: O,
): { values: ValuesOf<O>; positionals: string[] } {
  const values: ParsedValues = Object.create(null);
  const positionals: string[] = [];
  const byShort = new Map<string, string>();
  for (const [name, spec] of Object.entries(options)) {
    if (spec.short !== undefined) byShort.set(spec.short, name);
  }
  const set = (name: string, value: string | boolean, as: string) => {
    const spec = options[name]!;
    if (spec.multiple === true) {
      const list = values[name];
      if (Array.isArray(list)) list.push(value);
      else values[name] = [value];
      return;
    }
    if (values[name] !== undefined && spec.type === "string") {
      throw new UsageError(
        `${as} was given twice; it takes one value`,
      );
    }
    values[name] = value;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      const spec = Object.hasOwn(options, name) ? options[name] : undefined;
      if (spec === undefined) throw unknownOption(`--${name}`, options);
      if (spec.type === "boolean") {
        if (eq !== -1) {
          throw new UsageError(`--${name} is a flag and takes no value`);
        }
        set(name, true, `--${name}`);
        continue;
      }
      if (eq !== -1) {
        set(name, arg.slice(eq + 1), `--${name}`);
        continue;
      }
      set(name, valueAfter(args, i, `--${name}`), `--${name}`);
      i++;
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      // -x, -xVALUE for a string alias, or grouped flags -qh
      for (let j = 1; j < arg.length; j++) {
        const letter = arg[j]!;
        const name = byShort.get(letter);
        if (name === undefined) throw unknownOption(`-${letter}`, options);
        const spec = options[name]!;
        if (spec.type === "boolean") {
          set(name, true, `-${letter}`);
          continue;
        }
        if (j + 1 < arg.length) {
          set(name, arg.slice(j + 1), `-${letter}`);
        } else {
          set(name, valueAfter(args, i, `-${letter}`), `-${letter}`);
          i++;
        }
        break;
      }
      continue;
    }
    positionals.push(arg);
  }
  // The values were set by the declarations of `options`, each as its type
  // says: what `ValuesOf` describes.
  return { values: values as ValuesOf<O>, positionals };
}

function valueAfter(args: readonly string[], i: number, flag: string): string {
  const next = args[i + 1];
  if (next === undefined) throw new UsageError(`${flag} needs a value`);
  if (next.startsWith("-") && next !== "-") {
    throw new UsageError(
      `${flag} needs a value, but "${next}" follows it (for a value that starts with "-", write ${flag}=${next})`,
    );
  }
  return next;
}

function unknownOption(
  flag: string,
  options: Readonly<Record<string, ParseSpec>>,
): UsageError {
  const names = Object.keys(options).map((name) => `--${name}`);
  const guess = closest(flag, names);
  return new UsageError(
    `Unknown option ${flag}${
      guess === undefined ? "" : ` (did you mean ${guess}?)`
    }`,
  );
}

/**
 * The candidate nearest to `word` by edit distance, when it is near enough
 * to be a likely typo (at most a third of its length, and at most 3 edits).
 *
 * @param word What was typed.
 * @param candidates What it may have meant.
 * @returns The suggestion, or `undefined`.
 */
export function closest(
  word: string,
  candidates: readonly string[],
): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance <= bestDistance) {
      if (distance < bestDistance || best === undefined) best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * ` (did you mean "X"?)` for the value closest to `word`, or `""`.
 *
 * @example Usage
 * ```ts
 * import { guessOf } from "./parse_args.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(guessOf("markdwn", ["xml", "markdown"]), ' (did you mean "markdown"?)');
 * assert.equal(guessOf("zzz", ["xml"]), "");
 * ```
 *
 * @param word What was given.
 * @param candidates The values allowed.
 * @returns The suggestion, with its leading space.
 */
export function guessOf(word: string, candidates: readonly string[]): string {
  const guess = closest(word, candidates);
  return guess === undefined ? "" : ` (did you mean "${guess}"?)`;
}

/** Edit distance between two short strings, a swap of neighbours counting as one edit. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from(
    { length: a.length + 1 },
    (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i === 0 ? j : i),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}
