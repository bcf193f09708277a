// Copyright 2026 the skillscope authors. MIT license.
/**
 * Comparing what a client offered its model with what skillscope says it
 * offers: the same names (as a multiset: a client may offer every copy of a
 * name), the same description for each after whitespace normalisation, and
 * the order (a difference fails only for a client that sorts its listing).
 * And `doctor`: its verdict for each skill folder matches whether the client
 * listed it; `unknown` counts as a disagreement.
 *
 * @module
 */
import type { ListedSkill, Listing } from "./types.ts";

/** skillscope's names of the clients that sort their listing by name. */
export const CLIENTS_THAT_SORT: ReadonlySet<string> = new Set([
  "opencode",
  "qwen-code",
]);

/** A description that differs for one name. */
export interface DescriptionDiff {
  readonly name: string;
  readonly client: string | undefined;
  readonly skillscope: string | undefined;
}

/** How a client's listing compares with skillscope's. */
export interface ListingComparison {
  /** Names, names and descriptions agree (and the order, where it counts). */
  readonly agree: boolean;
  /** Names the client offered that skillscope does not (one per extra copy). */
  readonly missing: readonly string[];
  /** Names skillscope lists that the client did not offer (one per extra copy). */
  readonly extra: readonly string[];
  /** Names both list whose descriptions differ. */
  readonly descriptions: readonly DescriptionDiff[];
  /** Whether the order of the common names differs. */
  readonly orderDiffers: boolean;
  /** Whether an order difference fails the comparison. */
  readonly orderCounts: boolean;
}

/** doctor's verdict on one folder compared with the client's listing. */
export interface DoctorComparison {
  readonly folder: string;
  readonly name: string | undefined;
  /** doctor's verdict: `yes`, `no` or `unknown`. */
  readonly sees: string;
  /** Whether the client listed the skill. */
  readonly listed: boolean;
  readonly agree: boolean;
}

/**
 * A description with runs of whitespace made one space, trimmed.
 *
 * @param text The description.
 * @returns The normalised text (`""` for undefined).
 */
export function normalise(text: string | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/**
 * The client's listing without its built-in skills (a built-in name that
 * skillscope also lists stays: a skill on disk took it).
 *
 * @param listing The client's listing.
 * @param builtins The client's built-in names.
 * @param skillscope skillscope's skills.
 * @returns The skills to compare.
 */
export function withoutBuiltins(
  listing: Listing,
  builtins: readonly string[],
  skillscope: readonly ListedSkill[],
): ListedSkill[] {
  const ours = new Set(skillscope.map((s) => s.name));
  const bundled = new Set(builtins);
  return listing.skills.filter((s) => !bundled.has(s.name) || ours.has(s.name));
}

/**
 * Compares a client's listing (built-ins already left out) with skillscope's
 * model-visible skills.
 *
 * @param client What the client offered, in its order.
 * @param ours What skillscope lists, in its order.
 * @param options Whether the client sorts (an order difference then fails).
 * @returns The comparison.
 */
export function compareListing(
  client: readonly ListedSkill[],
  ours: readonly ListedSkill[],
  options: { readonly sorts?: boolean } = {},
): ListingComparison {
  const theirs = groupByName(client);
  const mine = groupByName(ours);
  const missing: string[] = [];
  const extra: string[] = [];
  const descriptions: DescriptionDiff[] = [];
  for (const [name, copies] of theirs) {
    const other = mine.get(name) ?? [];
    for (let i = other.length; i < copies.length; i++) missing.push(name);
  }
  for (const [name, copies] of mine) {
    const other = theirs.get(name) ?? [];
    for (let i = other.length; i < copies.length; i++) extra.push(name);
    if (other.length === 0) continue;
    const a = other.map((s) => normalise(s.description)).sort();
    const b = copies.map((s) => normalise(s.description)).sort();
    const count = Math.min(a.length, b.length);
    for (let i = 0; i < count; i++) {
      if (a[i] !== b[i]) {
        descriptions.push({ name, client: a[i], skillscope: b[i] });
      }
    }
  }
  const common = new Set([...theirs.keys()].filter((n) => mine.has(n)));
  const orderA = dedupe(client.map((s) => s.name).filter((n) => common.has(n)));
  const orderB = dedupe(ours.map((s) => s.name).filter((n) => common.has(n)));
  const orderDiffers = orderA.join("\n") !== orderB.join("\n");
  const orderCounts = options.sorts === true;
  return {
    agree: missing.length === 0 && extra.length === 0 &&
      descriptions.length === 0 && !(orderDiffers && orderCounts),
    missing,
    extra,
    descriptions,
    orderDiffers,
    orderCounts,
  };
}

function groupByName(
  skills: readonly ListedSkill[],
): Map<string, ListedSkill[]> {
  const map = new Map<string, ListedSkill[]>();
  for (const skill of skills) {
    const list = map.get(skill.name);
    if (list === undefined) map.set(skill.name, [skill]);
    else list.push(skill);
  }
  return map;
}

function dedupe(names: readonly string[]): string[] {
  return [...new Set(names)];
}

/**
 * Whether a client listed a skill folder: by location when the client gives
 * absolute paths for that name, else by name.
 *
 * @param listing The client's skills.
 * @param folder The folder (absolute).
 * @param name The skill's name (doctor's, or the folder's).
 * @returns Whether it was listed.
 */
export function listedFolder(
  listing: readonly ListedSkill[],
  folder: string,
  name: string,
  description?: string,
  real?: string,
): boolean {
  const named = listing.filter((s) => s.name === name);
  const located = named.filter((s) => s.location?.startsWith("/") === true);
  if (located.length === 0) {
    // Without paths, a description tells copies of one name apart.
    if (description === undefined) return named.length > 0;
    return named.some((s) =>
      normalise(s.description) === normalise(description)
    );
  }
  return located.some((s) =>
    [folder, ...real === undefined ? [] : [real]].some((f) =>
      s.location === f || s.location === `${f}/SKILL.md`
    )
  );
}

/**
 * Compares doctor's verdicts with the client's listing: `yes` must mean
 * listed, `no` not listed; `unknown` never agrees.
 *
 * @param verdicts doctor's verdict per folder (relative to `root`).
 * @param listing The client's skills (built-ins left out).
 * @param root The scenario root.
 * @returns One comparison per folder.
 */
export function compareDoctor(
  verdicts: readonly {
    readonly folder: string;
    readonly name?: string | undefined;
    readonly sees: string;
    readonly description?: string | undefined;
    readonly real?: string | undefined;
  }[],
  listing: readonly ListedSkill[],
  root: string,
): DoctorComparison[] {
  const nameOf = (v: (typeof verdicts)[number]) =>
    v.name ?? v.folder.slice(v.folder.lastIndexOf("/") + 1);
  return verdicts.map((v) => {
    const name = nameOf(v);
    // Copies of one name: told apart by description when the client gives
    // no paths (doctor says what each copy would be offered as); a copy
    // doctor gives no description for takes a listed entry no other copy's
    // description matched, if there is one.
    const group = verdicts.filter((o) => nameOf(o) === name);
    let listed: boolean;
    if (group.length > 1 && v.description === undefined) {
      const entries = listing.filter((s) => s.name === name);
      const located = entries.some((s) => s.location?.startsWith("/"));
      if (located) {
        listed = listedFolder(
          listing,
          `${root}/${v.folder}`,
          name,
          undefined,
          v.real,
        );
      } else {
        const matched = entries.filter((s) =>
          group.some((o) =>
            o.description !== undefined &&
            normalise(o.description) === normalise(s.description)
          )
        ).length;
        listed = entries.length > matched;
      }
    } else {
      listed = listedFolder(
        listing,
        `${root}/${v.folder}`,
        name,
        group.length > 1 ? v.description : undefined,
        v.real,
      );
    }
    const agree = (v.sees === "yes" && listed) || (v.sees === "no" && !listed);
    return { folder: v.folder, name: v.name, sees: v.sees, listed, agree };
  });
}
