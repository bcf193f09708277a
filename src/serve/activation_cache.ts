// Copyright 2026 the skillscope authors. MIT license.
/**
 * Activation payloads kept while their skill's files keep their identity: a
 * skill on disk is activated again with one `stat` per directory and entry
 * of its tree instead of reading `SKILL.md`, walking the tree and rendering
 * again. What may be kept is the skill's content's to say: one held in
 * memory is kept as long as the skill; a remote skill or an approved one is
 * never kept (each read fetches and verifies, or is checked against its
 * approval).
 *
 * One cache per process, shared by every `SkillSet`, on purpose: its byte
 * budget bounds what the process keeps however many sets it opens (as the
 * one budget of web artifacts does). Entries are keyed by the skill object,
 * so a set never sees another set's skills, and a set's skills dropped with
 * it free their entries.
 *
 * @module
 */
import { isCurrent, type TreeStamp } from "../shared/tree_stamp.ts";
import type { Skill } from "../shared/types.ts";
import { renderActivation } from "./activation.ts";
import {
  RESOURCE_DEPTH,
  type SkillResources,
} from "../content/skill_content.ts";
import { contentOf } from "../content/content_of.ts";

/** Most entries of a skill's tree stamped; a larger skill is read on every activation. */
const MAX_STAMPED = 256;
/** Most bytes kept for all skills (strings counted at two bytes a character). */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

/** What is kept of one skill. */
interface Kept {
  /** What the files are checked against (`"constant"`: held in memory). */
  readonly stamp: TreeStamp | "constant";
  readonly body: string;
  readonly files: SkillResources;
  /** Its place in {@linkcode order}. */
  readonly id: number;
}

/**
 * The kept entries, by skill: an entry goes when its skill does (a set
 * refreshed or dropped), so what is counted is all that is held.
 */
const kept = new WeakMap<Skill, Kept>();
/** The entries kept, least recently activated first: their skills and sizes. */
const order = new Map<
  number,
  { readonly skill: WeakRef<Skill>; bytes: number }
>();
/** Forgets the size of an entry whose skill was collected. */
const collected = new FinalizationRegistry<number>((id) => _forget(id));
let keptBytes = 0;
let nextId = 0;
let reads = 0;

/**
 * The activation payload of a skill, from what is kept while none of its
 * files changed: `<skill_content name="…">` with its body, directory and
 * resources (see `renderActivation`).
 *
 * @example A second activation reads nothing, an edit is seen at once
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
 * import { activationReads, cachedActivation } from "./activation_cache.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * const file = `${root}/demo/SKILL.md`;
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(file, "---\nname: demo\ndescription: Demo\n---\n# Demo\n");
 * // A file changed within the last 2 s is not kept (its clock may not have ticked).
 * await new Promise((resolve) => setTimeout(resolve, 2_100));
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * const before = activationReads();
 * assert.match(await cachedActivation(skill!), /# Demo/);
 * assert.match(await cachedActivation(skill!), /# Demo/);
 * assert.equal(activationReads() - before, 1);
 * await Deno.writeTextFile(file, "---\nname: demo\ndescription: Demo\n---\n# New\n");
 * assert.match(await cachedActivation(skill!), /# New/);
 * ```
 *
 * @param skill The skill.
 * @param options `arguments`: what the user typed after the skill's name.
 * @returns The payload.
 * @throws {SkillAccessError} when the body cannot be read.
 */
export async function cachedActivation(
  skill: Skill,
  options: { arguments?: string } = {},
): Promise<string> {
  const hit = kept.get(skill);
  if (hit !== undefined) {
    if (hit.stamp === "constant" || isCurrent(hit.stamp)) {
      // Most recently activated: to the end of the order.
      const place = order.get(hit.id);
      if (place !== undefined) {
        order.delete(hit.id);
        order.set(hit.id, place);
      }
      return renderActivation(skill, hit.body, hit.files, options);
    }
    _drop(skill, hit);
  }
  const content = contentOf(skill);
  // Stamped before anything is read, checked again after: a change made
  // meanwhile is never kept.
  const stamp = content.local?.stamp({
    maxDepth: RESOURCE_DEPTH,
    maxEntries: MAX_STAMPED,
  });
  const [body, files] = await Promise.all([
    content.readBody(),
    content.listFiles(),
  ]);
  reads++;
  if (stamp === "constant" || (stamp !== undefined && isCurrent(stamp))) {
    _keep(skill, { stamp, body, files });
  }
  return renderActivation(skill, body, files, options);
}

/**
 * How many activations were read from the skills' files (a kept payload
 * reads none): for tests and benchmarks.
 *
 * @example An embedded skill is read once
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { activationReads } from "./activation_cache.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Hi", content: "# Hi\n" })] });
 * const before = activationReads();
 * await set.activate("hi");
 * await set.activate("hi");
 * assert.equal(activationReads() - before, 1);
 * ```
 *
 * @returns The count since the program started.
 */
export function activationReads(): number {
  return reads;
}

function _keep(
  skill: Skill,
  entry: Omit<Kept, "id">,
): void {
  const chars = entry.body.length +
    (entry.stamp === "constant"
      ? 0
      : entry.stamp.keys.reduce((n, key) => n + 2 * key.length, 0)) +
    entry.files.files.reduce((n, file) => n + file.length, 0);
  const bytes = 2 * chars + 256;
  if (bytes > MAX_KEPT_BYTES) return;
  // Activations of one skill that ran at once: the last one read is kept.
  const replaced = kept.get(skill);
  if (replaced !== undefined) _drop(skill, replaced);
  // The least recently activated skills make room.
  for (const [id, held] of order) {
    if (keptBytes + bytes <= MAX_KEPT_BYTES) break;
    const old = held.skill.deref();
    const entry = old === undefined ? undefined : kept.get(old);
    if (old !== undefined && entry !== undefined) _drop(old, entry);
    else _forget(id);
  }
  const id = nextId++;
  kept.set(skill, { ...entry, id });
  order.set(id, { skill: new WeakRef(skill), bytes });
  collected.register(skill, id, skill);
  keptBytes += bytes;
}

/** Removes a skill's entry and its size. */
function _drop(skill: Skill, entry: Kept): void {
  kept.delete(skill);
  collected.unregister(skill);
  _forget(entry.id);
}

/** Removes an entry's size and place (its skill gone or its entry dropped). */
function _forget(id: number): void {
  const place = order.get(id);
  if (place === undefined) return;
  order.delete(id);
  keptBytes -= place.bytes;
}
