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
    "the client's own nondeterminism: opencode 1.18.33 reads every copy of a name at once and keeps the one whose read finishes last, so which of two copies it offers varies between runs of the same tree. In the previous round's eight runs (2026-12-06, 12:37 to 15:05) it offered the first folder's copy six times and the second's twice; in this round's six (full runs from 16:58 and 17:43, and four repeats of the duplicates scenarios from 17:15) the first folder's every time. skillscope keeps its most frequent choice (view rule duplicates: top-down) and doctor says that the choice varies (view rule duplicatesVary).",
  "opencode/duplicates/two-user-roots":
    "the client's own nondeterminism (every copy read at once, the last read to finish kept): in the previous round's eight runs opencode 1.18.33 offered the first user root's copy five times and the second's three times; in this round's six (full runs from 16:58 and 17:43, and four repeats from 17:15) the first root's five times. skillscope keeps its most frequent choice (view rule duplicates: top-down) and doctor says that the choice varies (view rule duplicatesVary).",
  "opencode/duplicates/two-project-roots":
    "the client's own nondeterminism (every copy read at once, the last read to finish kept): in the previous round's eight runs opencode 1.18.33 offered the first project root's copy four times and the second's four times; in this round's six (full runs from 16:58 and 17:43, and four repeats from 17:15) the first root's four times and the second's twice (the 16:58 full run and the second repeat). skillscope keeps the first (view rule duplicates: top-down) and doctor says that the choice varies (view rule duplicatesVary).",
  "opencode/duplicates/project-and-user":
    "the client's own nondeterminism (every copy read at once, the last read to finish kept): in the previous round's five full runs opencode 1.18.33 offered the project copy four times and the user copy once; in this round's six (full runs from 16:58 and 17:43, and four repeats from 17:15) the project copy four times and the user copy twice. skillscope keeps the project copy (view rule duplicates: top-down) and doctor says that the choice varies (view rule duplicatesVary).",
  "opencode/duplicates/name-is-other-folder":
    "the client's own nondeterminism (every copy read at once, the last read to finish kept): the folder taken/ and another folder whose frontmatter names it taken. In the previous round's full runs opencode 1.18.33 offered the copy in taken/ every time; in this round's six runs (full runs from 16:58 and 17:43, and four repeats from 17:15, each with other work loading the machine) it offered the other folder's copy every time. skillscope keeps the first found (view rule duplicates: top-down) and doctor says that the choice varies (view rule duplicatesVary).",
  "opencode/duplicates/cwd-and-git-root":
    "the client's own nondeterminism (every copy read at once, the last read to finish kept): in this round's six runs (full runs from 16:58 and 17:43, and four repeats from 17:15) opencode 1.18.33 offered the git root's copy five times and the nested cwd's once. skillscope keeps the git root's (view rule duplicates: top-down) and doctor says that the choice varies (view rule duplicatesVary).",
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
