// Copyright 2026 the skillscope authors. MIT license.
/**
 * The install targets of one install: those asked for now, each checked
 * where it resolves before anything is fetched, merged with those the lock
 * entry records.
 *
 * @module
 */
import { resolve } from "../shared/path.ts";
import type { InstallOptions } from "./install_types.ts";
import { checkTargets, type InstallTarget, targetOf } from "./target_path.ts";

/**
 * The targets asked for now (`targets`, each a copy with `copy` or when it
 * is one of `copyInto`, else a symlink), each checked where it resolves;
 * the skills directory itself is left out.
 *
 * @example Usage
 * ```ts
 * import { askedTargets } from "./asked_targets.ts";
 * import assert from "node:assert/strict";
 *
 * const project = await Deno.realPath(await Deno.makeTempDir());
 * const dir = `${project}/.agents/skills`;
 * assert.deepEqual(askedTargets({ targets: [dir] }, dir), []);
 * assert.deepEqual(
 *   askedTargets({
 *     targets: [`${project}/.claude/skills`, `${project}/.codex/skills`],
 *     copyInto: [`${project}/.claude/skills`],
 *   }, dir),
 *   [{ dir: "../../.claude/skills", copy: true }, { dir: "../../.codex/skills" }],
 * );
 * ```
 *
 * @param options The install options.
 * @param dir The skills directory (absolute).
 * @returns The targets, in the order asked.
 * @throws {InstallError} `bad-target`, `target-outside`.
 */
export function askedTargets(
  options: Pick<InstallOptions, "targets" | "copy" | "copyInto">,
  dir: string,
): InstallTarget[] {
  const copyInto = new Set((options.copyInto ?? []).map((p) => resolve(p)));
  const asked = (options.targets ?? [])
    .map((path) => resolve(path))
    .filter((path) => path !== dir)
    .map((path) =>
      targetOf(dir, path, options.copy === true || copyInto.has(path))
    );
  checkTargets(dir, asked);
  return asked;
}

/**
 * The recorded targets, plus the ones asked for now (their `copy` wins),
 * sorted by directory.
 *
 * @example Usage
 * ```ts
 * import { mergeTargets } from "./asked_targets.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(
 *   mergeTargets([{ dir: "../../.claude/skills" }], [{ dir: "../../.claude/skills", copy: true }, { dir: "../../.codex/skills" }]),
 *   [{ dir: "../../.claude/skills", copy: true }, { dir: "../../.codex/skills" }],
 * );
 * ```
 *
 * @param recorded The lock entry's targets.
 * @param asked The targets asked for now.
 * @returns The merged targets.
 */
export function mergeTargets(
  recorded: readonly InstallTarget[],
  asked: readonly InstallTarget[],
): InstallTarget[] {
  const merged = new Map<string, InstallTarget>();
  for (const target of [...recorded, ...asked]) merged.set(target.dir, target);
  return [...merged.values()].sort((a, b) =>
    a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0
  );
}
