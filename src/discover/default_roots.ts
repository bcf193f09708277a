// Copyright 2026 the skillscope authors. MIT license.
/**
 * Default skill roots of the agents skillscope interoperates with. The only
 * module that reads environment variables, the home directory or the cwd —
 * and only when called.
 *
 * @module
 */
import { dirname, join, resolve } from "../shared/path.ts";
import { canReadEnv } from "../shared/permissions.ts";
import { directorySource, type SkillSource } from "./sources.ts";
import type { Diagnostic } from "../shared/types.ts";

/**
 * Options of {@linkcode defaultRoots} and {@linkcode defaultSources}.
 *
 * @example Usage
 * ```ts
 * import { defaultRoots, type DefaultRootsOptions } from "@skillscope/skills";
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
  /** Agents whose roots to add besides the shared `.agents/skills`: see {@linkcode CLIENTS}. */
  clients?: readonly string[];
  /** Look in every directory from the git root down to `cwd` (default `true`), not only `cwd`. */
  ancestors?: boolean;
  /** Include project roots (default `true`); `false` for an untrusted folder. */
  trustProject?: boolean;
}

/**
 * One default root.
 *
 * @example Usage
 * ```ts
 * import { type DefaultRoot, defaultRoots } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const [first]: DefaultRoot[] = defaultRoots({ home: "/home/me", trustProject: false }).roots;
 * assert.equal(first?.scope, "user");
 * assert.equal(first?.client, "agents");
 * ```
 */
export interface DefaultRoot {
  /** Absolute path. */
  readonly path: string;
  /** `"project"`, `"user"` or `"admin"`. */
  readonly scope: "project" | "user" | "admin";
  /** The agent convention it comes from (`"agents"` for the shared one). */
  readonly client: string;
}

interface ClientPreset {
  readonly project: readonly string[];
  readonly user: (
    env: EnvReader,
    home: string | undefined,
  ) => (string | undefined)[];
  readonly admin?: readonly string[];
  readonly env: readonly string[];
  /** How the client scans (for `doctor`); `undefined` fields are not known for sure. */
  readonly rules: ClientRules;
}

/**
 * How one agent scans its roots, as far as its documentation and source say
 * (see the README's client table for the sources). A field left `undefined`
 * is not known for sure; `doctor` says so instead of guessing.
 *
 * @example Usage
 * ```ts
 * import { clientRules } from "@skillscope/skills";
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
  /** Levels below a root it looks for `SKILL.md` (1 = immediate subdirectories). */
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

type EnvReader = (name: string) => string | undefined;

/**
 * The name of an agent with a root preset (see {@linkcode CLIENTS}).
 *
 * @example Usage
 * ```ts
 * import { type ClientName, CLIENTS } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const client: ClientName = "codex";
 * assert.ok(CLIENTS.includes(client));
 * ```
 */
export type ClientName =
  | "claude"
  | "codex"
  | "gemini"
  | "opencode"
  | "cursor"
  | "zero"
  | "copilot"
  | "goose"
  | "amp"
  | "pi";

const PRESETS: Readonly<Record<"agents" | ClientName, ClientPreset>> = {
  agents: {
    project: [".agents/skills"],
    user: (_env, home) => [home && join(home, ".agents/skills")],
    env: [],
    rules: { label: "the .agents/skills convention", readsAgentsDir: true },
  },
  claude: {
    project: [".claude/skills"],
    user: (env, home) => [
      env("CLAUDE_CONFIG_DIR")
        ? join(env("CLAUDE_CONFIG_DIR")!, "skills")
        : home && join(home, ".claude/skills"),
    ],
    env: ["CLAUDE_CONFIG_DIR"],
    // Claude Code docs (skills): one level per root; does not read .agents/skills (late 2026).
    // Listing budget: 1% of the context window (200k assumed), 1536 characters per entry.
    rules: {
      label: "Claude Code",
      readsAgentsDir: false,
      depth: 1,
      followsSymlinkedSkillMd: true,
      requiresNameMatch: false,
      strictYaml: false,
      budget: { contextWindow: 200_000, fraction: 0.01 },
    },
  },
  codex: {
    project: [".codex/skills"],
    user: (env, home) => [
      env("CODEX_HOME")
        ? join(env("CODEX_HOME")!, "skills")
        : home && join(home, ".codex/skills"),
    ],
    admin: ["/etc/codex/skills"],
    env: ["CODEX_HOME"],
    // openai/codex skills loader: recursive, depth 6, 2000 dirs; skips a symlinked SKILL.md.
    // Listing budget: 2% of the window, 8000 characters when it is unknown.
    rules: {
      label: "Codex",
      readsAgentsDir: true,
      depth: 6,
      followsSymlinkedSkillMd: false,
      requiresNameMatch: false,
      strictYaml: false,
      budget: { chars: 8000 },
    },
  },
  gemini: {
    project: [".gemini/skills"],
    user: (_env, home) => [home && join(home, ".gemini/skills")],
    env: [],
    // Gemini CLI docs: one level per root; .agents/skills in trusted folders.
    rules: {
      label: "Gemini CLI",
      readsAgentsDir: true,
      depth: 1,
      strictYaml: false,
    },
  },
  opencode: {
    project: [".opencode/skills", ".claude/skills"],
    user: (env, home) => [
      env("XDG_CONFIG_HOME")
        ? join(env("XDG_CONFIG_HOME")!, "opencode/skills")
        : home && join(home, ".config/opencode/skills"),
      home && join(home, ".claude/skills"),
    ],
    env: ["XDG_CONFIG_HOME"],
    // opencode: **/SKILL.md under each root; name must equal the directory.
    rules: {
      label: "opencode",
      readsAgentsDir: true,
      depth: 32,
      requiresNameMatch: true,
      strictYaml: false,
    },
  },
  cursor: {
    // Cursor docs: its own directory plus the Claude and Codex ones.
    project: [".cursor/skills", ".claude/skills", ".codex/skills"],
    user: (_env, home) => [home && join(home, ".cursor/skills")],
    env: [],
    rules: { label: "Cursor" },
  },
  zero: {
    project: [],
    user: (env, home) => [
      env("ZERO_SKILLS_DIR") ??
        (env("XDG_DATA_HOME")
          ? join(env("XDG_DATA_HOME")!, "zero/skills")
          : home && join(home, ".local/share/zero/skills")),
    ],
    env: ["ZERO_SKILLS_DIR", "XDG_DATA_HOME"],
    rules: { label: "Zero", readsAgentsDir: true },
  },
  // GitHub Copilot / VS Code docs (agent skills).
  copilot: {
    project: [".github/skills", ".claude/skills"],
    user: (_env, home) => [
      home && join(home, ".copilot/skills"),
      home && join(home, ".claude/skills"),
    ],
    env: [],
    rules: { label: "GitHub Copilot", readsAgentsDir: true },
  },
  // Goose docs: later roots win; ~/.config/agents/skills for user skills.
  goose: {
    project: [".claude/skills"],
    user: (_env, home) => [
      home && join(home, ".config/agents/skills"),
      home && join(home, ".config/goose/skills"),
      home && join(home, ".claude/skills"),
    ],
    env: [],
    rules: { label: "Goose", readsAgentsDir: true },
  },
  // Amp docs: .agents/skills and ~/.config/agents/skills.
  amp: {
    project: [],
    user: (_env, home) => [home && join(home, ".config/agents/skills")],
    env: [],
    rules: { label: "Amp", readsAgentsDir: true },
  },
  // Pi docs: .pi/skills (its user root is not documented for sure: none added).
  pi: {
    project: [".pi/skills"],
    user: () => [],
    env: [],
    rules: { label: "Pi" },
  },
};

/**
 * How a client scans its roots (see {@linkcode ClientRules}).
 *
 * @param client A client name, or `"agents"`.
 * @returns Its rules (unknown fields left out).
 * @throws {TypeError} for an unknown client.
 */
export function clientRules(client: string): ClientRules {
  if (client !== "agents" && !(CLIENTS as readonly string[]).includes(client)) {
    throw new TypeError(`Unknown client "${client}"`);
  }
  return PRESETS[client as "agents" | ClientName].rules;
}

/**
 * The agents with root presets, besides the shared `.agents/skills`
 * convention that is always included.
 *
 * @example Usage
 * ```ts
 * import { CLIENTS } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual([...CLIENTS], ["claude", "codex", "gemini", "opencode", "cursor", "zero", "copilot", "goose", "amp", "pi"]);
 * ```
 */
export const CLIENTS: readonly ClientName[] = Object.freeze([
  "claude",
  "codex",
  "gemini",
  "opencode",
  "cursor",
  "zero",
  "copilot",
  "goose",
  "amp",
  "pi",
]);

/**
 * The default skill roots, project roots first (deepest directory first),
 * then user roots, then admin roots. Reads the cwd, `HOME` and the
 * client-specific variables — each variable only after checking that Deno
 * grants it; an ungranted one is skipped with a diagnostic.
 *
 * @example Usage
 * ```ts
 * import { defaultRoots } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const { roots } = defaultRoots({ cwd: "/work/project", home: "/home/me", ancestors: false });
 * assert.deepEqual(roots.map((r) => `${r.scope} ${r.path}`), [
 *   "project /work/project/.agents/skills",
 *   "user /home/me/.agents/skills",
 * ]);
 * ```
 *
 * @param options cwd, home, clients, ancestors, trustProject.
 * @returns The roots and any diagnostics.
 * @throws {TypeError} for an unknown client name.
 */
export function defaultRoots(
  options: DefaultRootsOptions = {},
): { roots: DefaultRoot[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const clients: ("agents" | ClientName)[] = ["agents"];
  for (const client of options.clients ?? []) {
    if (client === "agents") continue; // always included
    if (!(CLIENTS as readonly string[]).includes(client)) {
      throw new TypeError(
        `Unknown client "${client}": expected one of ${CLIENTS.join(", ")}`,
      );
    }
    clients.push(client as ClientName);
  }
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
  const home = options.home ?? env("HOME") ??
    (Deno.build.os === "windows" ? env("USERPROFILE") : undefined);
  const seen = new Set<string>();
  const roots: DefaultRoot[] = [];
  const add = (
    path: string | undefined,
    scope: DefaultRoot["scope"],
    client: string,
  ) => {
    if (path === undefined) return;
    const absolute = resolve(path);
    if (seen.has(absolute)) return;
    seen.add(absolute);
    roots.push(Object.freeze({ path: absolute, scope, client }));
  };

  if (options.trustProject ?? true) {
    const cwd = resolve(options.cwd ?? Deno.cwd());
    for (const dir of projectDirs(cwd, options.ancestors ?? true)) {
      for (const client of clients) {
        for (const sub of PRESETS[client]!.project) {
          add(join(dir, sub), "project", client);
        }
      }
    }
  }
  for (const client of clients) {
    for (const path of PRESETS[client]!.user(env, home)) {
      add(path, "user", client);
    }
  }
  for (const client of clients) {
    for (const path of PRESETS[client]!.admin ?? []) add(path, "admin", client);
  }
  return { roots, diagnostics };
}

/**
 * Directory sources for the default roots (see {@linkcode defaultRoots}).
 * A root Deno may not read, or one that is not a readable directory (a
 * folder may ship `.agents` as a file or a symlink loop), is skipped with a
 * warning instead of failing.
 *
 * @example Usage
 * ```ts ignore
 * import { defaultSources, discover } from "@skillscope/skills";
 *
 * const { skills } = await discover({ sources: defaultSources({ clients: ["claude", "codex"] }) });
 * ```
 *
 * @param options cwd, home, clients, ancestors, trustProject.
 * @returns The sources, in precedence order.
 */
export function defaultSources(
  options: DefaultRootsOptions = {},
): SkillSource[] {
  const { roots, diagnostics } = defaultRoots(options);
  const sources: SkillSource[] = roots.map((root) =>
    directorySource(root.path, {
      scope: root.scope,
      onPermissionDenied: "skip",
      onInvalidRoot: "skip",
      // Codex reads its agents/openai.yaml beside each skill of its roots.
      ...(root.client === "codex" ? { codexMetadata: true } : {}),
    })
  );
  if (diagnostics.length > 0) {
    sources.unshift(Object.freeze({ kind: "notice", diagnostics }));
  }
  return sources;
}

/**
 * The skills directory `install --client` writes to for a client: the first
 * project directory of its preset below `projectRoot` (project scope), or
 * its first user directory (user scope). `"agents"` is the shared
 * `.agents/skills` convention. Uses the same table as {@linkcode defaultRoots}.
 *
 * @example Usage
 * ```ts
 * import { clientSkillsDir } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const context = { projectRoot: "/work/app", home: "/home/me", env: () => undefined };
 * assert.equal(clientSkillsDir("claude", "project", context), "/work/app/.claude/skills");
 * assert.equal(clientSkillsDir("codex", "user", context), "/home/me/.codex/skills");
 * assert.equal(clientSkillsDir("zero", "project", context), undefined);
 * ```
 *
 * @param client The client, or `"agents"`.
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
  if (client !== "agents" && !(CLIENTS as readonly string[]).includes(client)) {
    throw new TypeError(
      `Unknown client "${client}": expected agents or one of ${
        CLIENTS.join(", ")
      }`,
    );
  }
  const preset = PRESETS[client as "agents" | ClientName];
  if (scope === "project") {
    const sub = preset.project[0];
    return sub === undefined ? undefined : join(context.projectRoot, sub);
  }
  const path = preset.user(context.env, context.home)[0];
  return path === undefined ? undefined : resolve(path);
}

/**
 * Every directory suffix a client's skills directory can end with (relative
 * to a project root or to the home directory), from the one client table:
 * what a recorded install target must look like.
 *
 * @example Usage
 * ```ts
 * import { CLIENT_DIR_SUFFIXES } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * assert.ok(CLIENT_DIR_SUFFIXES.includes(".claude/skills"));
 * assert.ok(CLIENT_DIR_SUFFIXES.includes(".config/opencode/skills"));
 * ```
 */
export const CLIENT_DIR_SUFFIXES: readonly string[] = Object.freeze([
  // Written out rather than computed when the module loads: computing it ran
  // every preset's root function at import time, which every program that
  // imports the main entry paid for. `clientDirSuffixes()` derives the same
  // list from the presets, and a test keeps the two equal.
  ".agents/skills",
  ".claude/skills",
  ".codex/skills",
  ".gemini/skills",
  ".opencode/skills",
  ".config/opencode/skills",
  ".cursor/skills",
  ".local/share/zero/skills",
  ".github/skills",
  ".copilot/skills",
  ".config/agents/skills",
  ".config/goose/skills",
  ".pi/skills",
]);

/**
 * The client directory suffixes derived from the presets: their project
 * directories and their user directories under `/` with no environment
 * variable set, without repeats, in preset order. Not exported from the
 * main entry; {@linkcode CLIENT_DIR_SUFFIXES} is this list written out.
 *
 * @returns The suffixes.
 */
export function clientDirSuffixes(): string[] {
  return [
    ...new Set(
      (Object.values(PRESETS) as ClientPreset[]).flatMap((preset) => [
        ...preset.project,
        ...preset.user(() => undefined, "/").flatMap((path) =>
          path === undefined ? [] : [path.slice(1)]
        ),
      ]),
    ),
  ];
}

/** cwd and its ancestors up to the git root (deepest first); only cwd when there is no git root. */
function projectDirs(cwd: string, ancestors: boolean): string[] {
  if (!ancestors) return [cwd];
  const chain: string[] = [];
  for (let dir = cwd;; dir = dirname(dir)) {
    chain.push(dir);
    const git = join(dir, ".git");
    if (
      Deno.permissions.querySync({ name: "read", path: git }).state !==
        "granted"
    ) break;
    try {
      Deno.lstatSync(git);
      return chain;
    } catch {
      // not the git root
    }
    if (dirname(dir) === dir) break;
  }
  return [cwd];
}
