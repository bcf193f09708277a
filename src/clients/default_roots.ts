// Copyright 2026 the skillscope authors. MIT license.
/**
 * Default skill roots of the agents skillscope interoperates with, from the
 * one client table (`clients_table.ts`, read through `client_profile.ts`):
 * each root with its scope, in the precedence of the first client named,
 * scanned as the clients that read it scan it; with `detect`, the agents
 * installed on this machine are added (`detect_clients.ts`). The only module
 * that reads environment variables, the home directory or the cwd — and only
 * when called.
 *
 * @module
 */
import { resolve } from "../shared/path.ts";
import { canReadEnv } from "../shared/permissions.ts";
import type { Diagnostic } from "../shared/types.ts";
import {
  CLIENT_TABLE,
  type ClientEntry,
  type RootScope,
} from "./clients_table.ts";
import {
  clientEntry,
  clientName,
  combineScans,
  DEFAULT_PRECEDENCE,
  type RootScan,
  rootScan,
  rootsOf,
} from "./client_profile.ts";
import { rootPath } from "./client_roots.ts";
import { detectClients, type DetectedClient } from "./detect_clients.ts";
import { gitRoot, projectDirs, walkedDirs } from "./project_dirs.ts";
import type { SettingsContext, SettingsRoot } from "./client_settings.ts";
import { settingsReader } from "./settings_readers.ts";
import { homeDirectory } from "../shared/home_directory.ts";

export { type ClientName, CLIENTS } from "./client_profile.ts";
export type { DetectedClient } from "./detect_clients.ts";
export { type ClientRules, clientRules } from "./client_rules.ts";
export { clientDirSuffixes, clientSkillsDir } from "./client_roots.ts";

/**
 * Options of {@linkcode defaultRoots} and {@linkcode defaultSources}.
 *
 * @example Usage
 * ```ts
 * import { type DefaultRootsOptions } from "@skillscope/skills";
 * import { defaultRoots } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 *
 * const options: DefaultRootsOptions = { cwd: "/p", home: "/h", ancestors: false, clients: ["gemini"] };
 * assert.ok(defaultRoots(options).roots.some((r) => r.path === "/p/.gemini/skills"));
 * ```
 */
export interface DefaultRootsOptions {
  /** The project directory. Default: the process's cwd. */
  cwd?: string;
  /** The home directory. Default: `$HOME` (or `$USERPROFILE`). */
  home?: string;
  /**
   * Agents whose roots and scan rules to add besides the shared
   * `.agents/skills` (names or aliases: see {@linkcode CLIENTS}). The first
   * one's precedence orders the scopes.
   */
  clients?: readonly string[];
  /** Look in every directory from the git root down to `cwd` (default `true`), not only `cwd`. */
  ancestors?: boolean;
  /** Include project roots (default `true`); `false` for an untrusted folder. */
  trustProject?: boolean;
  /** Leave out the shared `.agents/skills` roots the clients do not list themselves (default `false`). */
  onlyClients?: boolean;
  /**
   * Also add every agent installed on this machine, found by its own
   * directory (`~/.claude`, `~/.codex`, …: the client table's `detect`),
   * after `clients` (default `false`). Scopes keep the order of the first
   * of `clients`, else the Agent Skills default (project first).
   */
  detect?: boolean;
  /**
   * A directory standing in for `/` under the table's absolute roots (the
   * admin roots `/etc/codex/skills`, `/etc/claude-code/.claude/skills`, …)
   * and absolute `detect` paths. Default: `$SKILLSCOPE_SYSTEM_ROOT` when set
   * and granted, else `/` itself. Tests set it so that the machine's own
   * system-wide agent configuration is never read.
   */
  systemRoot?: string;
}

/**
 * What {@linkcode defaultRoots} returns.
 *
 * @example Usage
 * ```ts
 * import { defaultRoots, type DefaultRoots } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 *
 * const result: DefaultRoots = defaultRoots({ cwd: "/p", home: "/h", ancestors: false, detect: true });
 * assert.equal(result.roots[0]?.path, "/p/.agents/skills");
 * assert.ok(result.detected.every((d) => d.path !== ""));
 * ```
 */
export interface DefaultRoots {
  /** The roots, in precedence order. */
  roots: DefaultRoot[];
  /** Variables that could not be read (`permission-skipped`). */
  diagnostics: Diagnostic[];
  /** With `detect`: the agents found on this machine, in table order. */
  detected: DetectedClient[];
  /** Where the agents' own settings were read from (their view reads them again). */
  context?: SettingsContext;
}

/**
 * One default root.
 *
 * @example Usage
 * ```ts
 * import { type DefaultRoot, defaultRoots } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 *
 * const [first]: DefaultRoot[] = defaultRoots({ home: "/home/me", trustProject: false }).roots;
 * assert.equal(first?.scope, "user");
 * assert.equal(first?.client, "agents");
 * assert.equal(first?.scan.recursive, false);
 * ```
 */
export interface DefaultRoot {
  /** Absolute path. */
  readonly path: string;
  /** `"project"`, `"user"`, `"system"` (an agent's bundled skills) or `"admin"`. */
  readonly scope: RootScope;
  /** The agent convention it comes from (`"agents"` for the shared one). */
  readonly client: string;
  /** Every client asked for that reads it (`"agents"` included when the shared convention does). */
  readonly clients: readonly string[];
  /** How it is scanned: what any of those clients sees. */
  readonly scan: RootScan;
  /** How each of those clients scans it, by client. */
  readonly scans: Readonly<Record<string, RootScan>>;
}

type EnvReader = (name: string) => string | undefined;

/**
 * The default skill roots, in precedence order: the scopes in the order of
 * the first client named (the Agent Skills default, project first, when
 * none is or its order is not known); project roots deepest directory
 * first; within a scope the first client's roots in its own order, then the
 * others' (with `detect`, then the agents found on this machine), then the
 * shared `.agents/skills`. Reads the cwd, `HOME` and the client-specific
 * variables — each only after checking that Deno grants it; an ungranted one
 * is skipped with a diagnostic (silently where it only helps detection).
 *
 * @example Usage
 * ```ts
 * import { defaultRoots } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 *
 * const { roots } = defaultRoots({ cwd: "/work/project", home: "/home/me", ancestors: false });
 * assert.deepEqual(roots.map((r) => `${r.scope} ${r.path}`), [
 *   "project /work/project/.agents/skills",
 *   "user /home/me/.agents/skills",
 * ]);
 * ```
 *
 * @param options cwd, home, clients, ancestors, trustProject, onlyClients, detect.
 * @returns The roots, any diagnostics and the agents detected.
 * @throws {TypeError} for an unknown client name.
 */
export function defaultRoots(options: DefaultRootsOptions = {}): DefaultRoots {
  const diagnostics: Diagnostic[] = [];
  const names: string[] = [];
  for (const client of options.clients ?? []) {
    const name = clientName(client);
    if (!names.includes(name)) names.push(name);
  }
  const lead = names[0] === undefined ? undefined : clientEntry(names[0]);
  const env: EnvReader = (name) => {
    if (!canReadEnv(name)) {
      if (!diagnostics.some((d) => d.message.includes(`"${name}"`))) {
        diagnostics.push({
          level: "warning",
          code: "permission-skipped",
          message:
            `Environment variable "${name}" is not readable, so the roots it names were skipped: run Deno with --allow-env=${name}`,
        });
      }
      return undefined;
    }
    const value = Deno.env.get(name);
    return value === undefined || value === "" ? undefined : value;
  };
  const home = options.home ?? homeDirectory(env);
  const trust = options.trustProject ?? true;
  const cwd = trust ? resolve(options.cwd ?? Deno.cwd()) : "";
  const projectDirList = trust
    ? projectDirs(cwd, options.ancestors ?? true)
    : [];
  const systemRoot = options.systemRoot ?? quietEnv("SKILLSCOPE_SYSTEM_ROOT");
  const detected = options.detect === true
    ? detectClients({
      home,
      env: quietEnv,
      projectDirs: projectDirList,
      systemRoot,
    })
    : [];
  for (const { client } of detected) {
    if (!names.includes(client)) names.push(client);
  }
  if (options.onlyClients !== true && !names.includes("agents")) {
    names.push("agents");
  }
  // Each agent's own walk (with ancestors): the directories it reads its
  // project roots in; the union, deepest first, is the order of the scope.
  const entries = names.map((name) => {
    const entry = clientEntry(name);
    const walk = entry.projectWalk?.value;
    const dirs = !trust
      ? []
      : walk === undefined || options.ancestors === false
      ? projectDirList
      : walkedDirs(cwd, walk);
    return { name, entry, dirs };
  });
  const allDirs = [...new Set(entries.flatMap((e) => e.dirs))].sort((a, b) =>
    b.length - a.length
  );
  const found = new Map<string, MutableRoot>();
  const roots: MutableRoot[] = [];
  const add = (
    path: string | undefined,
    scope: RootScope,
    name: string,
    scan: RootScan,
  ): void => {
    if (path === undefined) return;
    const absolute = resolve(path);
    const seen = found.get(absolute);
    if (seen !== undefined) {
      if (!seen.clients.includes(name)) seen.clients.push(name);
      seen.scan = combineScans(seen.scan, scan);
      const own = seen.scans[name];
      seen.scans[name] = own === undefined ? scan : combineScans(own, scan);
      return;
    }
    const root = {
      path: absolute,
      scope,
      clients: [name],
      scan,
      scans: { [name]: scan },
    };
    found.set(absolute, root);
    roots.push(root);
  };
  // Each agent's own settings: the folders they add, the roots they turn off.
  const context: SettingsContext = Object.freeze({
    home,
    cwd: trust ? cwd : undefined,
    projectRoot: trust ? gitRoot(cwd) ?? cwd : undefined,
    env: quietEnv,
    systemRoot,
  });
  // Each agent's settings roots, read once for every scope.
  const settingsRoots = new Map<string, readonly SettingsRoot[]>();
  const settingsRootsOf = (name: string): readonly SettingsRoot[] => {
    let roots = settingsRoots.get(name);
    if (roots === undefined) {
      roots = settingsReader(name)?.roots?.(context) ?? [];
      settingsRoots.set(name, roots);
    }
    return roots;
  };
  for (const scope of scopeOrder(lead ?? CLIENT_TABLE.agents)) {
    const dirs = scope === "project" ? allDirs : [undefined];
    for (const projectDir of dirs) {
      for (const { name, entry, dirs: own } of entries) {
        if (projectDir !== undefined && !own.includes(projectDir)) continue;
        const reader = settingsReader(name);
        for (const root of rootsOf(entry)) {
          if (root.scope !== scope) continue;
          const path = rootPath(root, { projectDir, home, env, systemRoot });
          if (
            path !== undefined &&
            reader?.skipsRoot?.(context, resolve(path)) !== undefined
          ) continue;
          add(path, scope, name, rootScan(entry, root));
        }
      }
    }
    if (scope === "project" && !trust) continue;
    for (const { name, entry } of entries) {
      for (const extra of settingsRootsOf(name)) {
        if (extra.scope !== scope) continue;
        const scan = rootScan(entry, { scope, path: [], source: "" });
        add(extra.path, scope, name, {
          ...scan,
          recursive: extra.maxDepth !== 1,
          maxDepth: extra.maxDepth === 1 ? 6 : extra.maxDepth,
        });
      }
    }
  }
  return {
    roots: roots.map((root) =>
      Object.freeze({
        path: root.path,
        scope: root.scope,
        client: root.clients.includes("agents") ? "agents" : root.clients[0]!,
        clients: Object.freeze(root.clients),
        scan: Object.freeze(root.scan),
        scans: Object.freeze(root.scans),
      })
    ),
    diagnostics,
    detected,
    context,
  };
}

interface MutableRoot {
  path: string;
  scope: RootScope;
  clients: string[];
  scan: RootScan;
  scans: Record<string, RootScan>;
}

/** Reads a variable only when granted; ungranted or empty is `undefined`, without a diagnostic. */
const quietEnv: EnvReader = (name) => {
  if (!canReadEnv(name)) return undefined;
  const value = Deno.env.get(name);
  return value === "" ? undefined : value;
};

/** The scopes in a client's precedence, then any others in the default order. */
function scopeOrder(entry: ClientEntry | undefined): RootScope[] {
  const order = [...(entry?.precedence?.value ?? DEFAULT_PRECEDENCE)];
  for (const scope of DEFAULT_PRECEDENCE) {
    if (!order.includes(scope)) order.push(scope);
  }
  return order;
}
