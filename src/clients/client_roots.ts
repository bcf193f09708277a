// Copyright 2026 the skillscope authors. MIT license.
/**
 * Where a client profile's roots are on this machine: a root's path from its
 * alternatives (`~/…`, `$NAME/…`, absolute), the directory `install --client`
 * writes to, and the directory suffixes a recorded install target may name —
 * all from the same table entry discovery and `doctor` read.
 *
 * @module
 */
import { join, resolve } from "../shared/path.ts";
import {
  CLIENT_TABLE,
  type ClientEntry,
  type ClientRootEntry,
} from "./clients_table.ts";
import { clientEntry, rootsOf } from "./client_profile.ts";

/**
 * A root's path: a project root below `projectDir`; any other the first
 * alternative whose variable is set (`$NAME/…`), or below the home (`~/…`),
 * or as written (absolute).
 *
 * @example Usage
 * ```ts
 * import { rootPath } from "./client_roots.ts";
 * import assert from "node:assert/strict";
 *
 * const root = { scope: "user", path: ["$CODEX_HOME/skills", "~/.codex/skills"], source: "" } as const;
 * assert.equal(rootPath(root, { home: "/h", env: () => undefined }), "/h/.codex/skills");
 * assert.equal(rootPath(root, { home: "/h", env: () => "/c" }), "/c/skills");
 * ```
 *
 * @param root The root.
 * @param context The project directory (project roots), the home directory and an environment reader.
 * @returns The absolute path, or `undefined` when no alternative is usable.
 */
export function rootPath(
  root: ClientRootEntry,
  context: {
    readonly projectDir?: string | undefined;
    readonly home: string | undefined;
    readonly env: (name: string) => string | undefined;
    /** A directory standing in for `/` under the absolute (system and admin) paths: tests set it to keep off the machine's own `/etc`. */
    readonly systemRoot?: string | undefined;
  },
): string | undefined {
  if (typeof root.path === "string") {
    return context.projectDir === undefined
      ? undefined
      : join(context.projectDir, root.path);
  }
  for (const alternative of root.path) {
    const path = alternativePath(
      alternative,
      context.home,
      context.env,
      context.systemRoot,
    );
    if (path !== undefined) return resolve(path);
  }
  return undefined;
}

function alternativePath(
  alternative: string,
  home: string | undefined,
  env: (name: string) => string | undefined,
  systemRoot?: string,
): string | undefined {
  if (alternative.startsWith("~/")) {
    return home === undefined ? undefined : join(home, alternative.slice(2));
  }
  if (alternative.startsWith("$")) {
    const slash = alternative.indexOf("/");
    const name = alternative.slice(1, slash === -1 ? undefined : slash);
    const value = env(name);
    if (value === undefined) return undefined;
    return slash === -1 ? value : join(value, alternative.slice(slash + 1));
  }
  return systemRoot === undefined ? alternative : join(systemRoot, alternative);
}

/**
 * The skills directory `install --client` writes to: the client's root
 * marked `install` in that scope, else its first root there; a project root
 * below `projectRoot`. Reads the same table entry as discovery and `doctor`.
 *
 * @example Usage
 * ```ts
 * import { clientSkillsDir } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 *
 * const context = { projectRoot: "/work/app", home: "/home/me", env: () => undefined };
 * assert.equal(clientSkillsDir("claude", "project", context), "/work/app/.claude/skills");
 * assert.equal(clientSkillsDir("codex", "user", context), "/home/me/.codex/skills");
 * assert.equal(clientSkillsDir("zero", "project", context), undefined);
 * ```
 *
 * @param client The client (name or alias), or `"agents"`.
 * @param scope `"project"` or `"user"`.
 * @param context The project root, the home directory and an environment reader (the caller checks permissions).
 * @returns The directory, or `undefined` when the client has none in that scope.
 * @throws {TypeError} for an unknown client name.
 */
export function clientSkillsDir(
  client: string,
  scope: "project" | "user",
  context: {
    readonly projectRoot: string;
    readonly home: string | undefined;
    readonly env: (name: string) => string | undefined;
  },
): string | undefined {
  const roots = rootsOf(clientEntry(client)).filter((r) => r.scope === scope);
  const root = roots.find((r) => r.install === true) ?? roots[0];
  if (root === undefined) return undefined;
  // Not spread: `home` may be a getter that reads (and checks) HOME, which a
  // project root never needs.
  return rootPath(root, {
    get home(): string | undefined {
      return context.home;
    },
    env: context.env,
    projectDir: context.projectRoot,
  });
}

/**
 * Every directory suffix a client's skills directory can end with, relative
 * to a project root or to the home directory: what a recorded install
 * target must look like. Derived from the table's project roots and its
 * user roots below the home, without repeats, in table order.
 *
 * @example Usage
 * ```ts
 * import { clientDirSuffixes } from "./client_roots.ts";
 * import assert from "node:assert/strict";
 *
 * const suffixes = clientDirSuffixes();
 * assert.ok(suffixes.includes(".config/opencode/skills"));
 * assert.ok(!suffixes.includes(".codex/skills/.system"));
 * ```
 *
 * @returns The suffixes.
 */
export function clientDirSuffixes(): string[] {
  const suffixes = new Set<string>();
  for (const entry of Object.values(CLIENT_TABLE) as ClientEntry[]) {
    for (const root of entry.roots) {
      if (root.scope === "project" && typeof root.path === "string") {
        suffixes.add(root.path);
      } else if (root.scope === "user" && typeof root.path !== "string") {
        for (const alternative of root.path) {
          if (alternative.startsWith("~/")) suffixes.add(alternative.slice(2));
        }
      }
    }
  }
  return [...suffixes];
}
