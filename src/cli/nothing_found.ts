// Copyright 2026 the skillscope authors. MIT license.
/**
 * What `list` says when it finds no skill: where it looked (the roots named,
 * or the default roots with the agents detected) and how to look elsewhere.
 *
 * @module
 */
import type { DefaultRoots } from "../clients/default_roots.ts";
import { clientEntry } from "../clients/client_profile.ts";
import { field } from "./io.ts";
import type { RootSelection } from "./root_options.ts";
import type { RootValues } from "./root_option_defs.ts";
import { detectedLine, rootsTable } from "./roots.ts";

/**
 * The message for a discovery that found nothing.
 *
 * @param selection The roots that were read.
 * @param values Parsed option values (`--recursive`).
 * @returns The lines, each ending in `\n`.
 */
export function nothingFound(
  selection: RootSelection,
  values: Pick<RootValues, "recursive" | "client">,
): string {
  const { defaults } = selection;
  if (defaults === undefined) {
    const paths = selection.options.sources.flatMap((s) =>
      s.kind === "directory"
        ? [field(s.path)]
        : s.kind === "remote"
        ? [field(s.key)]
        : []
    );
    const deeper = values.recursive === true
      ? ""
      : "; --recursive looks below the immediate subdirectories";
    // The directory hint means nothing for a website.
    const hint = selection.options.sources.some((s) => s.kind === "directory")
      ? ` (a skill is a directory holding a SKILL.md${deeper})`
      : "";
    return `No skills found in ${paths.join(", ")}${hint}\n`;
  }
  return [
    "No skills found. Looked in:\n",
    rootsTable(defaults, "  "),
    defaults.detected.length > 0 || values.client === undefined
      ? agentsFound(defaults)
      : "",
    'Look elsewhere with --root DIR (a skills directory), --client NAME (an agent\'s roots; "skillscope help roots" lists them), or see every default root with "skillscope roots"\n',
  ].join("");
}

/**
 * The agents detected, by the labels install and doctor use
 * (`Agents found on this machine: Claude Code (~/.claude)`), or the line
 * {@linkcode detectedLine} prints when none was.
 *
 * @example Usage
 * ```ts
 * import { agentsFound } from "./nothing_found.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   agentsFound({
 *     roots: [],
 *     diagnostics: [],
 *     detected: [{ client: "claude", path: "/h/.claude" }],
 *   }),
 *   "Agents found on this machine: Claude Code (/h/.claude)\n",
 * );
 * ```
 *
 * @param found The default roots, with the agents detected.
 * @returns The line, ending in `\n`.
 */
export function agentsFound(found: DefaultRoots): string {
  if (found.detected.length === 0) return detectedLine(found);
  return `Agents found on this machine: ${
    found.detected.map((d) =>
      `${clientEntry(d.client).label} (${field(d.path)})`
    ).join(", ")
  }\n`;
}
