// Copyright 2026 the skillscope authors. MIT license.
/**
 * Client profiles: one entry of the agents table (`clients_table.ts`) read as
 * what skillscope does with it — the agent's roots resolved to paths, its
 * scan rules turned into `directorySource` options (recursive, depth,
 * symlinks, description fallback), the directory `install --client` writes
 * to, and the rules `doctor` checks, `"unknown"` where the table has none.
 *
 * @module
 */
import {
  CLIENT_TABLE,
  type ClientEntry,
  type ClientRootEntry,
  type RootScope,
} from "./clients_table.ts";
import type { DirectorySourceOptions } from "../discover/sources.ts";

/**
 * The name of an agent in the client table (see {@linkcode CLIENTS}).
 *
 * @example Usage
 * ```ts
 * import { type ClientName, CLIENTS } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 *
 * const client: ClientName = "codex";
 * assert.ok(CLIENTS.includes(client));
 * ```
 */
export type ClientName = Exclude<keyof typeof CLIENT_TABLE, "agents">;

/**
 * Every agent of the client table, besides the shared `.agents/skills`
 * convention (`"agents"`) that is always included.
 *
 * @example Usage
 * ```ts
 * import { CLIENTS } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(CLIENTS.slice(0, 3), ["claude", "codex", "gemini"]);
 * assert.ok(CLIENTS.length > 75);
 * ```
 */
export const CLIENTS: readonly ClientName[] = Object.freeze(
  (Object.keys(CLIENT_TABLE) as (keyof typeof CLIENT_TABLE)[]).filter((
    name,
  ): name is ClientName => name !== "agents"),
);

/** The deepest level scanned for an agent that looks at any depth (the scan stays bounded). */
export const ANY_DEPTH_BOUND = 32;

/** Scope precedence where the agent's is not known: the Agent Skills client guide's. */
export const DEFAULT_PRECEDENCE: readonly RootScope[] = Object.freeze([
  "project",
  "user",
  "system",
  "admin",
]);

/**
 * A rule's value, or `"unknown"` when the table has none.
 *
 * @example Usage
 * ```ts
 * import { clientProfile, type KnownRule } from "./client_profile.ts";
 * import assert from "node:assert/strict";
 *
 * // Measured on the binary for pi; from documentation only for Cursor.
 * const depth: KnownRule<number | "any"> = clientProfile("pi").depth;
 * assert.equal(depth, "any");
 * assert.equal(clientProfile("cursor").depth, "unknown");
 * ```
 */
export type KnownRule<T> = T | "unknown";

/**
 * One agent's profile, as skillscope applies it: its roots on this system
 * and every rule, `"unknown"` where the table has none, with the source of
 * each known one.
 *
 * @example Usage
 * ```ts
 * import { clientProfile, type ClientProfile } from "./client_profile.ts";
 * import assert from "node:assert/strict";
 *
 * const claude: ClientProfile = clientProfile("claude-code");
 * assert.equal(claude.name, "claude");
 * assert.deepEqual(claude.precedence, ["admin", "user", "project"]);
 * assert.equal(clientProfile("windsurf").depth, "unknown");
 * ```
 */
export interface ClientProfile {
  /** The table's name for it. */
  readonly name: "agents" | ClientName;
  /** The agent's name as people know it. */
  readonly label: string;
  /** Other names it goes by. */
  readonly aliases: readonly string[];
  /** Its roots on this system, in the table's order. */
  readonly roots: readonly ClientRootEntry[];
  /** Scopes, highest precedence first. */
  readonly precedence: KnownRule<readonly RootScope[]>;
  /** Levels below a root it looks. */
  readonly depth: KnownRule<number | "any">;
  /** Whether it follows a symlinked directory. */
  readonly followsSymlinkedDirs: KnownRule<boolean>;
  /** Whether it opens a symlinked `SKILL.md`. */
  readonly followsSymlinkedSkillMd: KnownRule<boolean>;
  /** Whether it reads the shared `.agents/skills` roots. */
  readonly readsAgentsDir: KnownRule<boolean>;
  /** Whether it rejects a name that differs from the directory. */
  readonly requiresNameMatch: KnownRule<boolean>;
  /** Whether it keeps two skills of one name. */
  readonly keepsDuplicateNames: KnownRule<boolean>;
  /** Whether its YAML parser drops an unquoted `: `. */
  readonly strictYaml: KnownRule<boolean>;
  /** What it does with a skill without `description`. */
  readonly withoutDescription: KnownRule<"skip" | "first-paragraph">;
  /** Whether it reads `agents/openai.yaml`. */
  readonly readsCodexMetadata: KnownRule<boolean>;
  /** Its listing budget. */
  readonly budget: KnownRule<
    {
      readonly chars?: number;
      readonly contextWindow?: number;
      readonly fraction?: number;
    }
  >;
  /** The source of each known rule, by rule name. */
  readonly sources: Readonly<Record<string, string>>;
}

const RULE_NAMES = [
  "precedence",
  "depth",
  "followsSymlinkedDirs",
  "followsSymlinkedSkillMd",
  "readsAgentsDir",
  "requiresNameMatch",
  "keepsDuplicateNames",
  "strictYaml",
  "withoutDescription",
  "readsCodexMetadata",
  "budget",
] as const;

/** Aliases (and names) to table names, built on first use. */
let byAlias: Map<string, "agents" | ClientName> | undefined;

/**
 * The table's name for a client name or alias (`claude-code` → `claude`).
 *
 * @example Usage
 * ```ts
 * import { clientName } from "./client_profile.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(clientName("github-copilot"), "copilot");
 * assert.throws(() => clientName("nope"), TypeError);
 * ```
 *
 * @param name A client name, an alias, or `"agents"`.
 * @returns The table's name.
 * @throws {TypeError} for a name the table does not know.
 */
export function clientName(name: string): "agents" | ClientName {
  if (byAlias === undefined) {
    byAlias = new Map();
    for (const [key, entry] of Object.entries(CLIENT_TABLE)) {
      const table = key as "agents" | ClientName;
      byAlias.set(key, table);
      for (const alias of (entry as ClientEntry).aliases ?? []) {
        byAlias.set(alias, table);
      }
    }
  }
  const found = byAlias.get(name);
  if (found === undefined) {
    throw new TypeError(
      `Unknown client "${name}": expected agents or one of ${
        CLIENTS.join(", ")
      }`,
    );
  }
  return found;
}

/**
 * The table entry of a client (by name or alias).
 *
 * @param name A client name, an alias, or `"agents"`.
 * @returns The entry.
 * @throws {TypeError} for a name the table does not know.
 */
export function clientEntry(name: string): ClientEntry {
  return CLIENT_TABLE[clientName(name)];
}

/**
 * A client's roots on this system (roots for another system left out).
 *
 * @param entry The table entry.
 * @param os The system (default: this one).
 * @returns The roots, in the table's order.
 */
export function rootsOf(
  entry: ClientEntry,
  os: string = Deno.build.os,
): ClientRootEntry[] {
  return entry.roots.filter((root) =>
    root.os === undefined || root.os.includes(os)
  );
}

/**
 * A client's profile (see {@linkcode ClientProfile}).
 *
 * @example Usage
 * ```ts
 * import { clientProfile } from "./client_profile.ts";
 * import assert from "node:assert/strict";
 *
 * const codex = clientProfile("codex");
 * assert.equal(codex.depth, 6);
 * assert.equal(codex.followsSymlinkedSkillMd, false);
 * assert.ok(codex.roots.some((r) => r.scope === "system"));
 * ```
 *
 * @param name A client name, an alias, or `"agents"`.
 * @returns The profile.
 * @throws {TypeError} for a name the table does not know.
 */
export function clientProfile(name: string): ClientProfile {
  const table = clientName(name);
  const entry: ClientEntry = CLIENT_TABLE[table];
  const sources: Record<string, string> = {};
  const rules: Record<string, unknown> = {};
  for (const rule of RULE_NAMES) {
    const fact = entry[rule];
    rules[rule] = fact === undefined ? "unknown" : fact.value;
    if (fact !== undefined) sources[rule] = fact.source;
  }
  // A client that lists a shared root reads it, whatever the fact says.
  if (entry.roots.some(isSharedRoot)) rules.readsAgentsDir = true;
  return Object.freeze({
    name: table,
    label: entry.label,
    aliases: entry.aliases ?? [],
    roots: rootsOf(entry),
    ...rules,
    sources: Object.freeze(sources),
  } as unknown as ClientProfile);
}

/** Whether a root is one of the shared convention's (`.agents/skills`, `~/.agents/skills`). */
export function isSharedRoot(root: ClientRootEntry): boolean {
  return CLIENT_TABLE.agents.roots.some((shared) =>
    shared.scope === root.scope &&
    String(shared.path) === String(root.path)
  );
}

/**
 * How a root is scanned: what one agent's rules, or several agents' rules
 * combined, ask for.
 *
 * @example Usage
 * ```ts
 * import { CLIENT_TABLE } from "./clients_table.ts";
 * import { type RootScan } from "./client_profile.ts";
 * import { rootScan } from "./client_profile.ts";
 * import assert from "node:assert/strict";
 *
 * const codex = CLIENT_TABLE.codex;
 * const scan: RootScan = rootScan(codex, codex.roots[0]!);
 * assert.deepEqual([scan.recursive, scan.maxDepth, scan.followSymlinks], [true, 6, true]);
 * ```
 */
export interface RootScan {
  /** Below the immediate subdirectories too. */
  readonly recursive: boolean;
  /** The deepest level (when recursive). */
  readonly maxDepth: number;
  /** Follow symlinked directories (and `SKILL.md` files). */
  readonly followSymlinks: boolean;
  /** With `followSymlinks`, read a `SKILL.md` that is itself a symlink. */
  readonly followSymlinkedSkillMd: boolean;
  /** Read `agents/openai.yaml`. */
  readonly codexMetadata: boolean;
  /** Describe a skill without `description` by the first paragraph of its body. */
  readonly descriptionFallback: boolean;
}

/**
 * How one agent scans one of its roots. Unknown rules take the Agent Skills
 * default: the immediate subdirectories, symlinks followed.
 *
 * @param entry The agent's table entry.
 * @param root One of its roots.
 * @returns The scan.
 */
export function rootScan(entry: ClientEntry, root: ClientRootEntry): RootScan {
  const depth = entry.depth?.value ?? 1;
  const maxDepth = depth === "any" ? ANY_DEPTH_BOUND : depth;
  return {
    recursive: maxDepth > 1,
    maxDepth: maxDepth > 1 ? maxDepth : 6,
    followSymlinks:
      (root.followsSymlinkedDirs ?? entry.followsSymlinkedDirs)?.value ?? true,
    followSymlinkedSkillMd: entry.followsSymlinkedSkillMd?.value ?? true,
    codexMetadata: entry.readsCodexMetadata?.value === true,
    descriptionFallback: entry.withoutDescription?.value === "first-paragraph",
  };
}

/**
 * Two scans of one root by different agents combined: skillscope shows what
 * any of them sees (the deeper scan, symlinks followed if one follows them).
 *
 * @param a One scan.
 * @param b The other.
 * @returns The combined scan.
 */
export function combineScans(a: RootScan, b: RootScan): RootScan {
  const depths = [a, b].filter((s) => s.recursive).map((s) => s.maxDepth);
  return {
    recursive: a.recursive || b.recursive,
    maxDepth: depths.length === 0 ? 6 : Math.max(...depths),
    followSymlinks: a.followSymlinks || b.followSymlinks,
    followSymlinkedSkillMd: a.followSymlinkedSkillMd ||
      b.followSymlinkedSkillMd,
    codexMetadata: a.codexMetadata || b.codexMetadata,
    descriptionFallback: a.descriptionFallback || b.descriptionFallback,
  };
}

/**
 * The `directorySource` options of a scan.
 *
 * @param scan The scan.
 * @returns The options (only those that differ from the defaults).
 */
export function scanOptions(scan: RootScan): DirectorySourceOptions {
  return {
    ...(scan.recursive ? { recursive: true, maxDepth: scan.maxDepth } : {}),
    ...(scan.followSymlinks ? {} : { followSymlinks: false }),
    ...(scan.followSymlinks && !scan.followSymlinkedSkillMd
      ? { followSymlinkedSkillMd: false }
      : {}),
    ...(scan.codexMetadata ? { codexMetadata: true } : {}),
    ...(scan.descriptionFallback
      ? { descriptionFallback: "first-paragraph" as const }
      : {}),
  };
}

/**
 * Whether a client has a measured view in the client table.
 *
 * @example Usage
 * ```ts
 * import { hasClientView } from "./client_profile.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(hasClientView("qwen-code"), true);
 * assert.equal(hasClientView("windsurf"), false);
 * ```
 *
 * @param client A client name or alias.
 * @returns Whether its table entry has `view` rules.
 */
export function hasClientView(client: string): boolean {
  return clientEntry(client).view !== undefined;
}
