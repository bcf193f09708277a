// Copyright 2026 the skillscope authors. MIT license.
/**
 * A flat view of a client profile: the scan rules `doctor` and library users
 * ask about, unknown ones left out.
 *
 * @module
 */
import { clientProfile } from "./client_profile.ts";

/**
 * How one agent scans its roots, as far as its documentation and source say
 * (a flat view of {@linkcode clientProfile}; the README's client table has
 * the sources). A field left `undefined` is not known for sure; `doctor`
 * says so instead of guessing.
 *
 * @example Usage
 * ```ts
 * import { clientRules } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(clientRules("codex").depth, 6);
 * assert.equal(clientRules("claude").readsAgentsDir, false);
 * ```
 */
export interface ClientRules {
  /** The agent's name as people know it. */
  readonly label: string;
  /** Whether it reads the shared `.agents/skills` roots. */
  readonly readsAgentsDir?: boolean;
  /** Levels below a root it looks for `SKILL.md` (1 = immediate subdirectories; `Infinity` = any depth). */
  readonly depth?: number;
  /** Whether it opens a `SKILL.md` that is a symlink. */
  readonly followsSymlinkedSkillMd?: boolean;
  /** Whether it rejects a skill whose `name` differs from its directory. */
  readonly requiresNameMatch?: boolean;
  /** Whether its YAML parser drops a frontmatter with an unquoted `: ` in a value. */
  readonly strictYaml?: boolean;
  /**
   * Its skill-listing budget by default: characters, or a share of an
   * assumed context window in tokens (see `CatalogBudget`).
   */
  readonly budget?: {
    readonly chars?: number;
    readonly contextWindow?: number;
    readonly fraction?: number;
  };
}

/**
 * How a client scans its roots (see {@linkcode ClientRules}).
 *
 * @param client A client name or alias, or `"agents"`.
 * @returns Its rules (unknown fields left out).
 * @throws {TypeError} for an unknown client.
 */
export function clientRules(client: string): ClientRules {
  const profile = clientProfile(client);
  const rules: Record<string, unknown> = { label: profile.label };
  const known = <T>(key: string, value: T | "unknown"): void => {
    if (value !== "unknown") rules[key] = value;
  };
  known("readsAgentsDir", profile.readsAgentsDir);
  known(
    "depth",
    profile.depth === "any" ? Number.POSITIVE_INFINITY : profile.depth,
  );
  known("followsSymlinkedSkillMd", profile.followsSymlinkedSkillMd);
  known("requiresNameMatch", profile.requiresNameMatch);
  known("strictYaml", profile.strictYaml);
  known("budget", profile.budget);
  return rules as unknown as ClientRules;
}
