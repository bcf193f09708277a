// Copyright 2026 the skillscope authors. MIT license.
/**
 * Why a scenario still differs, by scenario id: the client's own
 * nondeterminism (with the repeated runs that show it) or a client bug we
 * choose not to copy. `docs/agreement.md` prints the reason under each
 * difference; a difference without one is marked as not yet explained.
 *
 * @module
 */

/** The reason for each scenario that is known to differ, by id. */
export const REASONS: Readonly<Record<string, string>> = {
  "opencode/duplicates/two-folders":
    "the client's own nondeterminism: which of two copies of one name opencode 1.18.33 offers varies between runs of the same tree. In eight runs (the 12:37 full run before this round, the 14:05, 14:34, 14:52 and 15:05 full runs and three repeats of the duplicates scenarios at 14:31, all on 2026-12-06) it offered the first folder's copy six times and the second's twice (12:37 and 15:05). skillscope keeps its most frequent choice (view rule duplicates: top-down) and doctor says that the choice varies (view rule duplicatesVary).",
  "opencode/duplicates/two-user-roots":
    "the client's own nondeterminism: in eight runs of the same tree (the 12:37 full run before this round, the 14:05, 14:34, 14:52 and 15:05 full runs and three repeats of the duplicates scenarios at 14:31, all on 2026-12-06) opencode 1.18.33 offered the first user root's copy five times and the second's three times (12:37, 14:52, 15:05). skillscope keeps its most frequent choice (view rule duplicates: top-down) and doctor says that the choice varies (view rule duplicatesVary).",
  "opencode/duplicates/two-project-roots":
    "the client's own nondeterminism: in eight runs of the same tree (the 12:37 full run before this round, the 14:05, 14:34, 14:52 and 15:05 full runs and three repeats of the duplicates scenarios at 14:31, all on 2026-12-06) opencode 1.18.33 offered the first project root's copy four times and the second's four times. skillscope keeps the first (view rule duplicates: top-down) and doctor says that the choice varies (view rule duplicatesVary).",
  "opencode/duplicates/project-and-user":
    "the client's own nondeterminism: in five full runs of the same tree opencode 1.18.33 offered the project copy four times and the user copy once (14:34). skillscope keeps the project copy (view rule duplicates: top-down) and doctor says that the choice varies (view rule duplicatesVary).",
};

/**
 * The reason a scenario differs, if one is written down.
 *
 * @example Usage
 * ```ts
 * import { reasonFor } from "./reasons.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(reasonFor("nobody/none/none"), undefined);
 * ```
 *
 * @param id The scenario id.
 * @param reasons The table (default: {@linkcode REASONS}).
 * @returns The reason, or `undefined`.
 */
export function reasonFor(
  id: string,
  reasons: Readonly<Record<string, string>> = REASONS,
): string | undefined {
  return reasons[id];
}
