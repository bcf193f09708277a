// Copyright 2026 the skillscope authors. MIT license.
/**
 * The one table of agents: for each, its skill roots (scope, path, the order
 * it reads them in) and how it scans them, with the source of every fact.
 * Data only: `client_profile.ts` turns an entry into roots and scan options,
 * and discovery (`--client`, `defaultSources`), `install --client` and
 * `doctor` all read the same entry. A rule left out is not known; `doctor`
 * answers `unknown` for it and discovery applies the Agent Skills default.
 *
 * Root paths: a project root is relative to each project directory (from the
 * git root down to the cwd). Any other root is a list of alternatives, the
 * first usable one wins: `~/…` is below the home directory, `$NAME/…` below
 * the environment variable `NAME` (skipped when it is unset, empty or not
 * granted), anything else is absolute. A directory-name variant (opencode's
 * `skill` beside `skills`) is a root of its own.
 *
 * `detect` names the directories an agent keeps on a machine it is installed
 * on (`~/.claude`, `~/.codex`, …): a plain `skillscope list` adds the roots of
 * every agent found that way.
 *
 * @module
 */

/**
 * A rule of an agent and where it comes from (a URL, a file of the agent's
 * source, or a peer test by name).
 *
 * @example Usage
 * ```ts
 * import type { ClientFact } from "./clients_table.ts";
 * import assert from "node:assert/strict";
 *
 * const depth: ClientFact<number> = { value: 6, source: "openai/codex loader.rs" };
 * assert.equal(depth.value, 6);
 * ```
 */
export interface ClientFact<T> {
  /** The rule. */
  readonly value: T;
  /** Where it comes from. */
  readonly source: string;
}

/**
 * The scope of a root: a project's own, the user's, the agent's bundled
 * (`system`) or an administrator's.
 *
 * @example Usage
 * ```ts
 * import type { RootScope } from "./clients_table.ts";
 * import assert from "node:assert/strict";
 *
 * const scope: RootScope = "system";
 * assert.equal(scope, "system");
 * ```
 */
export type RootScope = "project" | "user" | "system" | "admin";

/**
 * One skill root of an agent, as the table writes it.
 *
 * @example Usage
 * ```ts
 * import type { ClientRootEntry } from "./clients_table.ts";
 * import assert from "node:assert/strict";
 *
 * const root: ClientRootEntry = { scope: "user", path: ["$CODEX_HOME/skills", "~/.codex/skills"], source: "codex" };
 * assert.equal(root.scope, "user");
 * ```
 */
export interface ClientRootEntry {
  /** Its scope. */
  readonly scope: RootScope;
  /** Project scope: relative to a project directory. Others: the alternatives (see the module doc). */
  readonly path: string | readonly string[];
  /** Only on these systems (`Deno.build.os` values). */
  readonly os?: readonly string[];
  /** `install --client` writes here in this scope (default: the scope's first root). */
  readonly install?: true;
  /** This root's own symlink rule, where it differs from the agent's. */
  readonly followsSymlinkedDirs?: ClientFact<boolean>;
  /** Where the root comes from. */
  readonly source: string;
}

/**
 * One agent of the table. Every rule is optional: left out, it is not known.
 *
 * @example Usage
 * ```ts
 * import { CLIENT_TABLE, type ClientEntry } from "./clients_table.ts";
 * import assert from "node:assert/strict";
 *
 * const codex: ClientEntry = CLIENT_TABLE.codex;
 * assert.equal(codex.depth?.value, 6);
 * ```
 */
export interface ClientEntry {
  /** The agent's name as people know it. */
  readonly label: string;
  /** Other names it goes by (the vercel-labs/skills agent ids). */
  readonly aliases?: readonly string[];
  /** Its roots, in the order it reads them within each scope (earlier wins). */
  readonly roots: readonly ClientRootEntry[];
  /**
   * Where it keeps its own files on a machine it is installed on: it counts
   * as installed when any of these exists (`~/…`, `$NAME/…` and absolute
   * paths as for roots; a relative path is looked for in the project
   * directories).
   */
  readonly detect?: ClientFact<readonly string[]>;
  /** Scopes, highest precedence first (an earlier scope wins a name clash). */
  readonly precedence?: ClientFact<readonly RootScope[]>;
  /** Levels below a root it looks for `SKILL.md` (1 = immediate subdirectories; `"any"` = no limit of its own). */
  readonly depth?: ClientFact<number | "any">;
  /** Whether it follows a symlinked directory below a root. */
  readonly followsSymlinkedDirs?: ClientFact<boolean>;
  /** Whether it opens a `SKILL.md` that is a symlink. */
  readonly followsSymlinkedSkillMd?: ClientFact<boolean>;
  /** Whether it reads the shared `.agents/skills` roots it does not list (`false`: it does not). */
  readonly readsAgentsDir?: ClientFact<boolean>;
  /** Whether it rejects a skill whose `name` differs from its directory. */
  readonly requiresNameMatch?: ClientFact<boolean>;
  /** Whether it keeps two skills of one name (skillscope keeps the first). */
  readonly keepsDuplicateNames?: ClientFact<boolean>;
  /** Whether its YAML parser drops a frontmatter with an unquoted `: ` in a value. */
  readonly strictYaml?: ClientFact<boolean>;
  /** A skill without `description`: left out, or described by the first paragraph of its body. */
  readonly withoutDescription?: ClientFact<"skip" | "first-paragraph">;
  /** Whether it reads Codex's `agents/openai.yaml` beside each skill. */
  readonly readsCodexMetadata?: ClientFact<boolean>;
  /** Its skill-listing budget: characters, or a share of an assumed context window in tokens. */
  readonly budget?: ClientFact<
    {
      readonly chars?: number;
      readonly contextWindow?: number;
      readonly fraction?: number;
    }
  >;
  /** The version of its binary the harness (`deno task agree`) ran the profile against; none: from documentation only. */
  readonly verified?: ClientFact<string>;
  /** Which project directories it reads its project roots in (default `"git-root"`). */
  readonly projectWalk?: ClientFact<ProjectWalk>;
  /**
   * What it does after discovery, measured on its binary: which skills it
   * loads, the name and description it offers each under, which it hides
   * from the model, and the order (see `client_view.ts`).
   */
  readonly view?: ClientViewRules;
}

/**
 * Which project directories an agent reads its project roots in:
 * `"git-root"` every directory from the git root down to the cwd (the cwd
 * alone outside a repository), `"cwd"` the cwd alone, `"git-root-else-top"`
 * as `"git-root"` but every ancestor up to `/` outside a repository.
 *
 * @example Usage
 * ```ts
 * import type { ProjectWalk } from "./clients_table.ts";
 * import assert from "node:assert/strict";
 *
 * const walk: ProjectWalk = "cwd";
 * assert.equal(walk, "cwd");
 * ```
 */
export type ProjectWalk = "git-root" | "cwd" | "git-root-else-top";

/**
 * The rules of an agent's client view, each with the binary run that showed
 * it. A rule left out is the Agent Skills default.
 *
 * @example Usage
 * ```ts
 * import { CLIENT_TABLE } from "./clients_table.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(CLIENT_TABLE.codex.view.disableModelInvocation.value, "ignored");
 * ```
 */
export interface ClientViewRules {
  /** Which `disable-model-invocation` values hide a skill from its model (default `"boolean"`). */
  readonly disableModelInvocation?: ClientFact<
    "ignored" | "boolean" | "boolean-or-string"
  >;
  /** Whether a skill with a `paths:` condition waits until a matching file is touched (not offered at start). */
  readonly conditionalPaths?: ClientFact<boolean>;
  /** The name it offers a skill under: its frontmatter `name` (default) or its folder's name. */
  readonly identity?: ClientFact<"frontmatter" | "folder">;
  /**
   * Copies of one name: the first kept (default), the last kept, every copy
   * offered, or `"top-down"`: the first found reading project directories
   * from the git root down (roots in order, folders in order).
   */
  readonly duplicates?: ClientFact<"first" | "last" | "all" | "top-down">;
  /** Whether the copy it keeps varies from run to run (the `duplicates` rule is then its most frequent choice only). */
  readonly duplicatesVary?: ClientFact<boolean>;
  /** Whether it skips a `SKILL.md` that starts with a byte order mark. */
  readonly rejectsBom?: ClientFact<boolean>;
  /** The longest name it loads. */
  readonly maxNameLength?: ClientFact<number>;
  /** Whether it skips a skill whose name holds whitespace. */
  readonly rejectsSpacedName?: ClientFact<boolean>;
  /** Whether it skips a skill without a frontmatter `name`. */
  readonly requiresName?: ClientFact<boolean>;
  /** Whether it skips a skill whose `description` is not a YAML string (`42`). */
  readonly requiresStringDescription?: ClientFact<boolean>;
  /** Whether it skips a skill whose YAML only parses after a repair (an unquoted `: `). */
  readonly rejectsRepairedYaml?: ClientFact<boolean>;
  /** A skill without `description`: described by the first line of its body, heading marks stripped. */
  readonly firstLineFallback?: ClientFact<boolean>;
  /** A skill with an empty `description`: described by its name. */
  readonly emptyDescriptionIsName?: ClientFact<boolean>;
  /** `when_to_use` appended to the description after this separator. */
  readonly whenToUse?: ClientFact<string>;
  /** The scope of its root appended as ` (SCOPE)`. */
  readonly scopeSuffix?: ClientFact<boolean>;
  /** `<` and `>` written as `&lt;` and `&gt;` in the listing. */
  readonly escapesAngles?: ClientFact<boolean>;
  /** A description over this length is cut, the marker appended within it. */
  readonly truncate?: ClientFact<
    { readonly chars: number; readonly marker: string }
  >;
  /** The listing's order: by name (`localeCompare`), or as found (default). */
  readonly order?: ClientFact<"name" | "found">;
  /** Frontmatter YAML that does not parse is read line by line (`key: value`). */
  readonly invalidYamlLines?: ClientFact<boolean>;
  /** A frontmatter never closed: the whole file is the body (`"body"`), or the frontmatter runs to the end (`"to-end"`). */
  readonly unclosedFrontmatter?: ClientFact<"body" | "to-end">;
  /** A `SKILL.md` without frontmatter is loaded, described by its first line. */
  readonly loadsWithoutFrontmatter?: ClientFact<boolean>;
  /** A skill whose `description` is empty is loaded (described by `""`, or by its name with `emptyDescriptionIsName`). */
  readonly keepsEmptyDescription?: ClientFact<boolean>;
  /** Skill folders whose name starts with `.` are loaded. */
  readonly readsHiddenDirs?: ClientFact<boolean>;
  /** Skills below a `node_modules` folder of a root are loaded. */
  readonly readsNodeModules?: ClientFact<boolean>;
  /** A `SKILL.md` directly in a root: loaded beside the root's folders (`"also"`), or as the root's one skill (`"only"`). */
  readonly rootSkillMd?: ClientFact<"also" | "only">;
  /** A loose `NAME.md` directly in a root is a skill (its frontmatter `name`, else `NAME`). */
  readonly looseMarkdown?: ClientFact<boolean>;
  /** Markdown command files (`commands/**.md` beside each `skills` root) are offered as skills named by their path (`a/b.md` → `a:b`). */
  readonly legacyCommands?: ClientFact<boolean>;
  /**
   * A listing over `chars` characters (the client's own bundled skills
   * counted, each by the length of its entry) lists every other skill with
   * the first line of its description only (see `client_budget.ts`).
   */
  readonly listingBudget?: ClientFact<{
    readonly chars: number;
    readonly builtins: Readonly<Record<string, number>>;
  }>;
}

// Sources, named once.
const SPEC =
  "https://agentskills.io/client-implementation/adding-skills-support";
const VERCEL =
  "vercel-labs/skills src/agents.ts (commit 007a533): skillsDir, globalSkillsDir";
const VERCEL_OLD = "vercel-labs/skills src/agents.ts (commit 271196b)";
const CLAUDE = "https://code.claude.com/docs/en/skills";
const CLAUDE_MANAGED =
  "https://code.claude.com/docs/en/settings (managed settings directory) + .claude/skills";
const CODEX = "openai/codex codex-rs/core-skills/src/loader.rs";
const CODEX_ORDER =
  "openai/codex loader_tests.rs: skill_roots_from_layer_stack_maps_user_to_user_and_system_cache_and_system_to_admin, skill_roots_include_admin_with_lowest_priority";
const CODEX_SYMLINKS =
  "openai/codex loader_tests.rs: loads_skills_via_symlinked_subdir_for_user_scope, loads_skills_via_symlinked_subdir_for_repo_scope, does_not_loop_on_symlink_cycle_for_user_scope";
const CODEX_SYSTEM =
  "openai/codex loader_tests.rs: loads_skills_from_system_cache_when_present, system_scope_ignores_symlinked_subdir";
const GEMINI =
  "https://geminicli.com/docs/cli/using-agent-skills/ (discovery tiers; .agents/skills wins over .gemini/skills within a tier)";
const GEMINI_DEPTH =
  "https://geminicli.com/docs/cli/skills (skills/<name>/SKILL.md)";
const OPENCODE =
  "anomalyco/opencode packages/opencode/src/skill/index.ts ({skill,skills}/**/SKILL.md and skills/**/SKILL.md, symlink: true)";
const OPENCODE_DOCS =
  'https://opencode.ai/docs/skills/ (name must match the directory; its loader test "properly resolves directories that skills live in" loads one that does not)';
const CURSOR = "https://cursor.com/docs/context/skills (Skill directories)";
const COPILOT =
  "https://code.visualstudio.com/docs/copilot/customization/agent-skills";
const GOOSE =
  "block/goose documentation/docs/guides/context-engineering/using-skills.md (Skill Locations, backward compatibility)";
const GOOSE_OLD =
  "block/goose using-skills.md, earlier version (~/.config/agents/skills, ~/.config/goose/skills)";
const AMP = "https://ampcode.com/manual#agent-skills";
const ZERO =
  "Zero docs (ZERO_SKILLS_DIR, XDG_DATA_HOME/zero/skills, then ~/.agents/skills)";
const PI = "Pi docs (.pi/skills)";
const VERCEL_DETECT =
  "vercel-labs/skills src/agents.ts (commit 007a533): detectInstalled";
const ZERO_DETECT = `${ZERO} (the directories its skills root is in)`;
const OLD_TABLE = "skillscope's earlier client table (doctor rules, round 2)";

/**
 * A fact measured on an agent's binary by `deno task agree`: the version
 * run and the scenario that shows it (see docs/agreement.md).
 */
function measured(version: string, ...scenarios: string[]): string {
  return `${version} binary, agree scenario ${scenarios.join(", ")}`;
}
const CLAUDE_BIN = "Claude Code 2.1.328";
const CODEX_BIN = "Codex 0.169.0";
const GEMINI_BIN = "Gemini CLI 0.61.0";
const OPENCODE_BIN = "opencode 1.18.33";
const PI_BIN = "pi 0.73.1";
const QWEN_BIN = "Qwen Code 0.24.4";
const REAL_CLIENTS = "docs/agreement.md (request bodies of the binaries)";
const AGREEMENT = "docs/agreement.md (deno task agree)";

/** Every agent skillscope knows, by name; `agents` is the shared `.agents/skills` convention. */
export const CLIENT_TABLE = {
  agents: {
    label: "the .agents/skills convention",
    roots: [
      { scope: "project", path: ".agents/skills", source: SPEC },
      { scope: "user", path: ["~/.agents/skills"], source: SPEC },
    ],
    precedence: { value: ["project", "user", "system", "admin"], source: SPEC },
    readsAgentsDir: { value: true, source: SPEC },
  },
  claude: {
    verified: { value: "2.1.328", source: AGREEMENT },
    label: "Claude Code",
    aliases: ["claude-code"],
    detect: {
      value: ["$CLAUDE_CONFIG_DIR", "~/.claude"],
      source: VERCEL_DETECT,
    },
    roots: [
      {
        scope: "admin",
        path: ["/etc/claude-code/.claude/skills"],
        os: ["linux"],
        source: CLAUDE_MANAGED,
      },
      {
        scope: "admin",
        path: ["/Library/Application Support/ClaudeCode/.claude/skills"],
        os: ["darwin"],
        source: CLAUDE_MANAGED,
      },
      {
        scope: "user",
        path: ["$CLAUDE_CONFIG_DIR/skills", "~/.claude/skills"],
        source: CLAUDE,
      },
      { scope: "project", path: ".claude/skills", source: CLAUDE },
    ],
    precedence: {
      value: ["admin", "user", "project"],
      source: `${CLAUDE} (enterprise > personal > project)`,
    },
    depth: { value: 1, source: CLAUDE },
    followsSymlinkedSkillMd: { value: true, source: OLD_TABLE },
    readsAgentsDir: { value: false, source: CLAUDE },
    requiresNameMatch: { value: false, source: OLD_TABLE },
    strictYaml: { value: false, source: OLD_TABLE },
    withoutDescription: {
      value: "first-paragraph",
      source:
        `${CLAUDE} (description: if omitted, the first paragraph of the content)`,
    },
    budget: {
      // 1% of the model's window at 3 or 4 bytes a token; with the default
      // model the listing of 60 skills of 500 characters stopped at 29,983.
      value: { chars: 30_000 },
      source:
        `${CLAUDE_BIN} binary with its default model (60 skills of 500 characters: a 29,983-character listing, the rest by name only; SLASH_COMMAND_TOOL_CHAR_BUDGET, skillListingBudgetFraction); depends on the model`,
    },
    projectWalk: {
      value: "git-root-else-top",
      source: measured(
        CLAUDE_BIN,
        "claude/walk/above-project-nogit",
        "claude/walk/above-project-git",
      ),
    },
    view: {
      disableModelInvocation: {
        value: "boolean-or-string",
        source: measured(
          CLAUDE_BIN,
          "claude/visibility/disable-model-invocation",
          "claude/visibility/disable-model-invocation-string",
        ),
      },
      conditionalPaths: {
        value: true,
        source: measured(CLAUDE_BIN, "claude/visibility/conditional-paths"),
      },
      identity: {
        value: "folder",
        source: measured(
          CLAUDE_BIN,
          "claude/parsing/name-differs",
          "claude/duplicates/two-folders",
        ),
      },
      firstLineFallback: {
        value: true,
        source: measured(
          CLAUDE_BIN,
          "claude/parsing/no-description",
          "claude/parsing/heading-only-body",
        ),
      },
      emptyDescriptionIsName: {
        value: true,
        source: measured(CLAUDE_BIN, "claude/parsing/empty-description"),
      },
      keepsEmptyDescription: {
        value: true,
        source: measured(CLAUDE_BIN, "claude/parsing/empty-description"),
      },
      whenToUse: {
        value: " - ",
        source: measured(CLAUDE_BIN, "claude/descriptions/when-to-use"),
      },
      escapesAngles: {
        value: true,
        source: measured(CLAUDE_BIN, "claude/parsing/description-xml"),
      },
      invalidYamlLines: {
        value: true,
        source: measured(CLAUDE_BIN, "claude/parsing/invalid-yaml"),
      },
      unclosedFrontmatter: {
        value: "body",
        source: measured(CLAUDE_BIN, "claude/parsing/unclosed-frontmatter"),
      },
      loadsWithoutFrontmatter: {
        value: true,
        source: measured(CLAUDE_BIN, "claude/parsing/no-frontmatter"),
      },
      readsHiddenDirs: {
        value: true,
        source: measured(CLAUDE_BIN, "claude/counts/hidden-dir"),
      },
      legacyCommands: {
        value: true,
        source: measured(
          CLAUDE_BIN,
          "claude/legacy/project-command",
          "claude/legacy/nested-command",
          "claude/legacy/user-command",
        ),
      },
    },
  },
  codex: {
    verified: { value: "0.169.0", source: AGREEMENT },
    label: "Codex",
    detect: {
      value: ["$CODEX_HOME", "~/.codex", "/etc/codex"],
      source: VERCEL_DETECT,
    },
    roots: [
      { scope: "project", path: ".codex/skills", source: CODEX },
      { scope: "project", path: ".agents/skills", source: CODEX },
      {
        scope: "user",
        path: ["$CODEX_HOME/skills", "~/.codex/skills"],
        source: CODEX_ORDER,
      },
      { scope: "user", path: ["~/.agents/skills"], source: CODEX_ORDER },
      {
        scope: "system",
        path: ["$CODEX_HOME/skills/.system", "~/.codex/skills/.system"],
        followsSymlinkedDirs: { value: false, source: CODEX_SYSTEM },
        source: CODEX_SYSTEM,
      },
      { scope: "admin", path: ["/etc/codex/skills"], source: CODEX_ORDER },
    ],
    precedence: {
      value: ["project", "user", "system", "admin"],
      source: `${CODEX} (scope_rank); ${CODEX_ORDER}`,
    },
    depth: {
      value: 6,
      source:
        `${CODEX} (MAX_SCAN_DEPTH, respects_max_scan_depth_for_user_scope)`,
    },
    followsSymlinkedDirs: { value: true, source: CODEX_SYMLINKS },
    followsSymlinkedSkillMd: {
      value: false,
      source:
        "openai/codex loader_tests.rs: ignores_symlinked_skill_file_for_user_scope",
    },
    readsAgentsDir: { value: true, source: CODEX },
    requiresNameMatch: {
      value: false,
      source:
        "openai/codex loader_tests.rs: falls_back_to_directory_name_when_skill_name_is_missing",
    },
    keepsDuplicateNames: {
      value: true,
      source:
        "openai/codex loader_tests.rs: keeps_duplicate_names_from_repo_and_user",
    },
    strictYaml: {
      value: false,
      source:
        "openai/codex loader_tests.rs: loads_unquoted_description_containing_colon_space",
    },
    readsCodexMetadata: { value: true, source: CODEX },
    budget: {
      // 2% of the model's window at 4 bytes a token: 272,000 tokens for a
      // model it does not know.
      value: { contextWindow: 272_000, fraction: 0.02 },
      source:
        `${CODEX_BIN} binary with a model it does not know (the skill lines totalled 21,755 bytes; 80 skills of 400 characters were shortened evenly, and with model_context_window = 20000 descriptions went and skills were dropped from the end); depends on the model`,
    },
    view: {
      disableModelInvocation: {
        value: "ignored",
        source: measured(
          CODEX_BIN,
          "codex/visibility/disable-model-invocation",
          "codex/visibility/both-flags",
        ),
      },
      duplicates: {
        value: "all",
        source: measured(
          CODEX_BIN,
          "codex/duplicates/project-and-user",
          "codex/duplicates/two-folders",
        ),
      },
      rejectsBom: {
        value: true,
        source: measured(CODEX_BIN, "codex/counts/bom"),
      },
      maxNameLength: {
        value: 64,
        source: measured(CODEX_BIN, "codex/parsing/name-long"),
      },
      truncate: {
        value: { chars: 1024, marker: "..." },
        source: measured(CODEX_BIN, "codex/descriptions/over-1024"),
      },
      invalidYamlLines: {
        value: true,
        source: measured(CODEX_BIN, "codex/parsing/invalid-yaml"),
      },
      readsNodeModules: {
        value: true,
        source: measured(CODEX_BIN, "codex/counts/node-modules"),
      },
    },
  },
  gemini: {
    verified: { value: "0.61.0", source: AGREEMENT },
    label: "Gemini CLI",
    aliases: ["gemini-cli"],
    detect: { value: ["~/.gemini"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: GEMINI },
      { scope: "project", path: ".gemini/skills", source: GEMINI },
      {
        scope: "user",
        path: ["$GEMINI_CLI_HOME/.agents/skills", "~/.agents/skills"],
        source: `${GEMINI}; ${
          measured(GEMINI_BIN, "gemini/roots/env-gemini-cli-home")
        }`,
      },
      {
        scope: "user",
        path: ["$GEMINI_CLI_HOME/.gemini/skills", "~/.gemini/skills"],
        source: `${GEMINI}; ${
          measured(GEMINI_BIN, "gemini/roots/env-gemini-cli-home")
        }`,
      },
    ],
    precedence: { value: ["project", "user"], source: GEMINI },
    depth: { value: 1, source: GEMINI_DEPTH },
    readsAgentsDir: { value: true, source: GEMINI },
    strictYaml: { value: false, source: OLD_TABLE },
    projectWalk: {
      value: "cwd",
      source: measured(
        GEMINI_BIN,
        "gemini/walk/nested-cwd-git",
        "gemini/walk/between-git-and-cwd",
      ),
    },
    view: {
      disableModelInvocation: {
        value: "ignored",
        source: measured(
          GEMINI_BIN,
          "gemini/visibility/disable-model-invocation",
          "gemini/visibility/both-flags",
        ),
      },
      rejectsBom: {
        value: true,
        source: measured(GEMINI_BIN, "gemini/counts/bom"),
      },
      requiresName: {
        value: true,
        source: measured(GEMINI_BIN, "gemini/parsing/name-missing"),
      },
      invalidYamlLines: {
        value: true,
        source: measured(GEMINI_BIN, "gemini/parsing/invalid-yaml"),
      },
      keepsEmptyDescription: {
        value: true,
        source: measured(GEMINI_BIN, "gemini/parsing/empty-description"),
      },
      rootSkillMd: {
        value: "also",
        source: measured(GEMINI_BIN, "gemini/counts/skill-md-at-root"),
      },
    },
  },
  opencode: {
    verified: { value: "1.18.33", source: AGREEMENT },
    label: "opencode",
    detect: {
      value: ["$XDG_CONFIG_HOME/opencode", "~/.config/opencode"],
      source: VERCEL_DETECT,
    },
    roots: [
      { scope: "project", path: ".opencode/skills", source: OPENCODE },
      { scope: "project", path: ".opencode/skill", source: OPENCODE },
      { scope: "project", path: ".claude/skills", source: OPENCODE },
      { scope: "project", path: ".agents/skills", source: OPENCODE },
      {
        scope: "user",
        path: ["$XDG_CONFIG_HOME/opencode/skills", "~/.config/opencode/skills"],
        source: OPENCODE,
      },
      {
        scope: "user",
        path: ["$XDG_CONFIG_HOME/opencode/skill", "~/.config/opencode/skill"],
        source: OPENCODE,
      },
      { scope: "user", path: ["~/.claude/skills"], source: OPENCODE },
      { scope: "user", path: ["~/.agents/skills"], source: OPENCODE },
      {
        scope: "user",
        path: ["$OPENCODE_CONFIG_DIR/skills"],
        source: measured(
          OPENCODE_BIN,
          "opencode/roots/env-opencode-config-dir",
        ),
      },
      {
        scope: "user",
        path: ["$OPENCODE_CONFIG_DIR/skill"],
        source:
          `${OPENCODE_BIN} binary (its config folders are read with {skill,skills}/**/SKILL.md)`,
      },
      {
        scope: "user",
        path: ["~/.opencode/skills"],
        source: measured(OPENCODE_BIN, "opencode/roots/user-opencode-skills"),
      },
      {
        scope: "user",
        path: ["~/.opencode/skill"],
        source: measured(OPENCODE_BIN, "opencode/roots/user-opencode-skill"),
      },
    ],
    depth: { value: "any", source: OPENCODE },
    followsSymlinkedDirs: { value: true, source: OPENCODE },
    followsSymlinkedSkillMd: { value: true, source: OPENCODE },
    readsAgentsDir: { value: true, source: OPENCODE },
    requiresNameMatch: {
      value: false,
      source: `${OPENCODE_DOCS}; ${
        measured(
          OPENCODE_BIN,
          "opencode/parsing/name-differs",
          "opencode/parsing/name-spaces",
        )
      }`,
    },
    strictYaml: { value: false, source: OLD_TABLE },
    withoutDescription: {
      value: "skip",
      source: `${OPENCODE} (fmt() lists only skills with a description)`,
    },
    projectWalk: {
      value: "git-root-else-top",
      source: measured(
        OPENCODE_BIN,
        "opencode/walk/above-project-nogit",
        "opencode/walk/above-project-git",
      ),
    },
    view: {
      disableModelInvocation: {
        value: "ignored",
        source: measured(
          OPENCODE_BIN,
          "opencode/visibility/disable-model-invocation",
          "opencode/visibility/both-flags",
        ),
      },
      duplicates: {
        value: "top-down",
        source: measured(
          OPENCODE_BIN,
          "opencode/duplicates/cwd-and-git-root (the git root's copy in 5 of 5 runs)",
          "opencode/duplicates/project-and-user (the project copy in 4 of 5 runs)",
          "opencode/duplicates/two-folders (the first copy in 6 of 8 runs)",
          "opencode/duplicates/two-user-roots (the first root's copy in 5 of 8 runs)",
        ),
      },
      duplicatesVary: {
        value: true,
        source: measured(
          OPENCODE_BIN,
          "opencode/duplicates/two-folders (8 runs: first copy 6, second 2)",
          "opencode/duplicates/two-project-roots (8 runs: first root 4, second 4)",
          "opencode/duplicates/two-user-roots (8 runs: first root 5, second 3)",
          "opencode/duplicates/project-and-user (5 runs: project 4, user 1)",
        ),
      },
      requiresName: {
        value: true,
        source: measured(OPENCODE_BIN, "opencode/parsing/name-missing"),
      },
      requiresStringDescription: {
        value: true,
        source: measured(OPENCODE_BIN, "opencode/parsing/description-number"),
      },
      unclosedFrontmatter: {
        value: "to-end",
        source: measured(OPENCODE_BIN, "opencode/parsing/unclosed-frontmatter"),
      },
      keepsEmptyDescription: {
        value: true,
        source: measured(OPENCODE_BIN, "opencode/parsing/empty-description"),
      },
      readsNodeModules: {
        value: true,
        source: measured(OPENCODE_BIN, "opencode/counts/node-modules"),
      },
      order: {
        value: "name",
        source: `${REAL_CLIENTS} (sorted by name)`,
      },
    },
  },
  cursor: {
    label: "Cursor",
    detect: { value: ["~/.cursor"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".cursor/skills", source: CURSOR },
      { scope: "project", path: ".agents/skills", source: CURSOR },
      { scope: "project", path: ".claude/skills", source: CURSOR },
      { scope: "project", path: ".codex/skills", source: CURSOR },
      { scope: "user", path: ["~/.cursor/skills"], source: CURSOR },
      { scope: "user", path: ["~/.agents/skills"], source: CURSOR },
      { scope: "user", path: ["~/.claude/skills"], source: CURSOR },
      { scope: "user", path: ["~/.codex/skills"], source: CURSOR },
    ],
    readsAgentsDir: { value: true, source: CURSOR },
  },
  zero: {
    label: "Zero",
    detect: {
      value: ["$ZERO_SKILLS_DIR", "$XDG_DATA_HOME/zero", "~/.local/share/zero"],
      source: ZERO_DETECT,
    },
    roots: [
      {
        scope: "user",
        path: [
          "$ZERO_SKILLS_DIR",
          "$XDG_DATA_HOME/zero/skills",
          "~/.local/share/zero/skills",
        ],
        source: ZERO,
      },
      { scope: "user", path: ["~/.agents/skills"], source: ZERO },
    ],
    readsAgentsDir: { value: true, source: ZERO },
  },
  copilot: {
    label: "GitHub Copilot",
    aliases: ["github-copilot"],
    detect: { value: ["~/.copilot"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".github/skills", source: COPILOT },
      { scope: "project", path: ".claude/skills", source: COPILOT },
      { scope: "project", path: ".agents/skills", source: COPILOT },
      { scope: "user", path: ["~/.copilot/skills"], source: COPILOT },
      { scope: "user", path: ["~/.claude/skills"], source: COPILOT },
      { scope: "user", path: ["~/.agents/skills"], source: COPILOT },
    ],
    readsAgentsDir: { value: true, source: COPILOT },
  },
  goose: {
    label: "Goose",
    detect: {
      value: ["$XDG_CONFIG_HOME/goose", "~/.config/goose"],
      source: VERCEL_DETECT,
    },
    roots: [
      { scope: "project", path: ".agents/skills", source: GOOSE },
      { scope: "project", path: ".goose/skills", install: true, source: GOOSE },
      { scope: "project", path: ".claude/skills", source: GOOSE },
      { scope: "user", path: ["~/.agents/skills"], source: GOOSE },
      {
        scope: "user",
        path: ["$XDG_CONFIG_HOME/goose/skills", "~/.config/goose/skills"],
        install: true,
        source: `${GOOSE} (platform-specific config directories); ${GOOSE_OLD}`,
      },
      { scope: "user", path: ["~/.config/agents/skills"], source: GOOSE_OLD },
      { scope: "user", path: ["~/.claude/skills"], source: GOOSE },
    ],
    readsAgentsDir: { value: true, source: GOOSE },
  },
  amp: {
    label: "Amp",
    detect: {
      value: ["$XDG_CONFIG_HOME/amp", "~/.config/amp"],
      source: VERCEL_DETECT,
    },
    roots: [
      { scope: "project", path: ".agents/skills", source: AMP },
      {
        scope: "user",
        path: ["$XDG_CONFIG_HOME/agents/skills", "~/.config/agents/skills"],
        source: `${AMP}; ${VERCEL}`,
      },
    ],
    readsAgentsDir: { value: true, source: AMP },
  },
  pi: {
    verified: { value: "0.73.1", source: AGREEMENT },
    label: "Pi",
    detect: { value: ["~/.pi/agent"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".pi/skills", source: PI },
      {
        scope: "project",
        path: ".agents/skills",
        source: measured(PI_BIN, "pi/roots/foreign-project-agents-skills"),
      },
      {
        scope: "user",
        path: ["$PI_CODING_AGENT_DIR/skills", "~/.pi/agent/skills"],
        source: `${VERCEL}; ${
          measured(PI_BIN, "pi/roots/env-pi-coding-agent-dir")
        }`,
      },
      {
        scope: "user",
        path: ["~/.agents/skills"],
        source: measured(PI_BIN, "pi/roots/foreign-user-agents-skills"),
      },
    ],
    depth: {
      value: "any",
      source: measured(PI_BIN, "pi/depth/project-seven", "pi/depth/user-seven"),
    },
    projectWalk: {
      value: "cwd",
      source: measured(
        PI_BIN,
        "pi/walk/nested-cwd-git",
        "pi/walk/between-git-and-cwd",
      ),
    },
    view: {
      disableModelInvocation: {
        value: "boolean",
        source: measured(
          PI_BIN,
          "pi/visibility/disable-model-invocation",
          "pi/visibility/disable-model-invocation-string",
        ),
      },
      rejectsBom: { value: true, source: measured(PI_BIN, "pi/counts/bom") },
      requiresStringDescription: {
        value: true,
        source: measured(PI_BIN, "pi/parsing/description-number"),
      },
      rejectsRepairedYaml: {
        value: true,
        source: measured(PI_BIN, "pi/parsing/unquoted-colon"),
      },
      rootSkillMd: {
        value: "only",
        source: measured(PI_BIN, "pi/counts/skill-md-at-root"),
      },
      looseMarkdown: {
        value: true,
        source: measured(PI_BIN, "pi/counts/loose-md"),
      },
    },
  },
  // The rest of the vercel-labs/skills agent table: roots only, rules not known.
  "aider-desk": {
    label: "AiderDesk",
    detect: { value: ["~/.aider-desk"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".aider-desk/skills", source: VERCEL },
      { scope: "user", path: ["~/.aider-desk/skills"], source: VERCEL },
    ],
  },
  antigravity: {
    label: "Antigravity",
    detect: { value: ["~/.gemini/antigravity"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      { scope: "user", path: ["~/.gemini/antigravity/skills"], source: VERCEL },
    ],
  },
  "antigravity-cli": {
    label: "Antigravity CLI",
    detect: { value: ["~/.gemini/antigravity-cli"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      {
        scope: "user",
        path: ["~/.gemini/antigravity-cli/skills"],
        source: VERCEL,
      },
    ],
  },
  astrbot: {
    label: "AstrBot",
    detect: { value: ["~/.astrbot"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: "data/skills", source: VERCEL },
      { scope: "user", path: ["~/.astrbot/data/skills"], source: VERCEL },
    ],
  },
  "autohand-code": {
    label: "Autohand Code CLI",
    detect: { value: ["$AUTOHAND_HOME", "~/.autohand"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".autohand/skills", source: VERCEL },
      {
        scope: "user",
        path: ["$AUTOHAND_HOME/skills", "~/.autohand/skills"],
        source: VERCEL,
      },
    ],
  },
  augment: {
    label: "Augment",
    detect: { value: ["~/.augment"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".augment/skills", source: VERCEL },
      { scope: "user", path: ["~/.augment/skills"], source: VERCEL },
    ],
  },
  bob: {
    label: "IBM Bob",
    detect: { value: ["~/.bob"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".bob/skills", source: VERCEL },
      { scope: "user", path: ["~/.bob/skills"], source: VERCEL },
    ],
  },
  openclaw: {
    label: "OpenClaw",
    aliases: ["moltbot", "clawdbot"],
    detect: {
      value: ["~/.openclaw", "~/.clawdbot", "~/.moltbot"],
      source: VERCEL_DETECT,
    },
    roots: [
      { scope: "project", path: "skills", source: VERCEL },
      {
        scope: "user",
        path: ["~/.openclaw/skills"],
        source:
          `${VERCEL} (~/.clawdbot/skills or ~/.moltbot/skills on older installs)`,
      },
    ],
  },
  cline: {
    label: "Cline",
    detect: { value: ["~/.cline"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      { scope: "user", path: ["~/.agents/skills"], source: VERCEL },
    ],
  },
  "codearts-agent": {
    label: "CodeArts Agent",
    detect: { value: ["~/.codeartsdoer"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".codeartsdoer/skills", source: VERCEL },
      { scope: "user", path: ["~/.codeartsdoer/skills"], source: VERCEL },
    ],
  },
  codebuddy: {
    label: "CodeBuddy",
    detect: { value: ["~/.codebuddy", ".codebuddy"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".codebuddy/skills", source: VERCEL },
      { scope: "user", path: ["~/.codebuddy/skills"], source: VERCEL },
    ],
  },
  codemaker: {
    label: "Codemaker",
    detect: { value: ["~/.codemaker"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".codemaker/skills", source: VERCEL },
      { scope: "user", path: ["~/.codemaker/skills"], source: VERCEL },
    ],
  },
  codestudio: {
    label: "Code Studio",
    detect: { value: ["~/.codestudio"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".codestudio/skills", source: VERCEL },
      { scope: "user", path: ["~/.codestudio/skills"], source: VERCEL },
    ],
  },
  codewhale: {
    label: "CodeWhale",
    detect: {
      value: ["$CODEWHALE_HOME", "~/.codewhale"],
      source: VERCEL_DETECT,
    },
    roots: [
      { scope: "project", path: ".codewhale/skills", source: VERCEL },
      {
        scope: "user",
        path: ["$CODEWHALE_HOME/skills", "~/.codewhale/skills"],
        source: VERCEL,
      },
    ],
  },
  "command-code": {
    label: "Command Code",
    detect: { value: ["~/.commandcode"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".commandcode/skills", source: VERCEL },
      { scope: "user", path: ["~/.commandcode/skills"], source: VERCEL },
    ],
  },
  continue: {
    label: "Continue",
    detect: { value: ["~/.continue", ".continue"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".continue/skills", source: VERCEL },
      { scope: "user", path: ["~/.continue/skills"], source: VERCEL },
    ],
  },
  cortex: {
    label: "Cortex Code",
    detect: { value: ["~/.snowflake/cortex"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".cortex/skills", source: VERCEL },
      { scope: "user", path: ["~/.snowflake/cortex/skills"], source: VERCEL },
    ],
  },
  crush: {
    label: "Crush",
    detect: { value: ["~/.config/crush"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".crush/skills", source: VERCEL },
      { scope: "user", path: ["~/.config/crush/skills"], source: VERCEL },
    ],
  },
  deepagents: {
    label: "Deep Agents",
    detect: { value: ["~/.deepagents"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      { scope: "user", path: ["~/.deepagents/agent/skills"], source: VERCEL },
    ],
  },
  devin: {
    label: "Devin for Terminal",
    detect: {
      value: ["$XDG_CONFIG_HOME/devin", "~/.config/devin"],
      source: VERCEL_DETECT,
    },
    roots: [
      { scope: "project", path: ".devin/skills", source: VERCEL },
      {
        scope: "user",
        path: ["$XDG_CONFIG_HOME/devin/skills", "~/.config/devin/skills"],
        source: VERCEL,
      },
    ],
  },
  dexto: {
    label: "Dexto",
    detect: { value: ["~/.dexto"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      { scope: "user", path: ["~/.agents/skills"], source: VERCEL },
    ],
  },
  droid: {
    label: "Droid",
    detect: { value: ["~/.factory"], source: VERCEL_DETECT },
    roots: [
      {
        scope: "project",
        path: ".agents/skills",
        install: true,
        source: VERCEL,
      },
      { scope: "project", path: ".factory/skills", source: VERCEL_OLD },
      { scope: "user", path: ["~/.factory/skills"], source: VERCEL },
      {
        scope: "user",
        path: ["~/.agents/skills"],
        source:
          `${VERCEL} (Droid reads .agents/skills and ~/.agents/skills as compatibility locations)`,
      },
    ],
  },
  eve: {
    label: "Eve",
    roots: [{ scope: "project", path: "agent/skills", source: VERCEL }],
  },
  firebender: {
    label: "Firebender",
    detect: { value: ["~/.firebender"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      { scope: "user", path: ["~/.firebender/skills"], source: VERCEL },
    ],
  },
  forgecode: {
    label: "ForgeCode",
    detect: { value: ["~/.forge"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".forge/skills", source: VERCEL },
      { scope: "user", path: ["~/.forge/skills"], source: VERCEL },
    ],
  },
  fx: {
    label: "fx",
    detect: { value: ["~/.fx"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".fx/skills", source: VERCEL },
      { scope: "user", path: ["~/.fx/skills"], source: VERCEL },
    ],
  },
  grok: {
    label: "Grok Build",
    detect: { value: ["$GROK_HOME", "~/.grok"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".grok/skills", source: VERCEL },
      {
        scope: "user",
        path: ["$GROK_HOME/skills", "~/.grok/skills"],
        source: VERCEL,
      },
    ],
  },
  "hermes-agent": {
    label: "Hermes Agent",
    detect: { value: ["$HERMES_HOME", "~/.hermes"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".hermes/skills", source: VERCEL },
      {
        scope: "user",
        path: ["$HERMES_HOME/skills", "~/.hermes/skills"],
        source: VERCEL,
      },
    ],
  },
  "inference-sh": {
    label: "inference.sh",
    detect: { value: ["~/.inferencesh"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".inferencesh/skills", source: VERCEL },
      { scope: "user", path: ["~/.inferencesh/skills"], source: VERCEL },
    ],
  },
  jazz: {
    label: "Jazz",
    detect: { value: ["~/.jazz", ".jazz"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".jazz/skills", source: VERCEL },
      { scope: "user", path: ["~/.jazz/skills"], source: VERCEL },
    ],
  },
  junie: {
    label: "Junie",
    detect: { value: ["~/.junie"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".junie/skills", source: VERCEL },
      { scope: "user", path: ["~/.junie/skills"], source: VERCEL },
    ],
  },
  "iflow-cli": {
    label: "iFlow CLI",
    detect: { value: ["~/.iflow"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".iflow/skills", source: VERCEL },
      { scope: "user", path: ["~/.iflow/skills"], source: VERCEL },
    ],
  },
  kilo: {
    label: "Kilo Code",
    aliases: ["kilo-code"],
    detect: { value: ["~/.kilo", "~/.kilocode"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      { scope: "user", path: ["~/.kilo/skills"], source: VERCEL },
    ],
  },
  kimchi: {
    label: "Kimchi",
    detect: { value: ["~/.config/kimchi"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".kimchi/skills", source: VERCEL },
      {
        scope: "user",
        path: ["~/.config/kimchi/harness/skills"],
        source: VERCEL,
      },
    ],
  },
  "kimi-code-cli": {
    label: "Kimi Code CLI",
    aliases: ["kimi-cli"],
    detect: { value: ["~/.kimi-code", "~/.kimi"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      { scope: "user", path: ["~/.agents/skills"], source: VERCEL },
    ],
  },
  "kiro-cli": {
    label: "Kiro CLI",
    detect: { value: ["~/.kiro"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".kiro/skills", source: VERCEL },
      { scope: "user", path: ["~/.kiro/skills"], source: VERCEL },
    ],
  },
  kode: {
    label: "Kode",
    detect: { value: ["~/.kode"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".kode/skills", source: VERCEL },
      { scope: "user", path: ["~/.kode/skills"], source: VERCEL },
    ],
  },
  lingma: {
    label: "Lingma",
    detect: { value: ["~/.lingma"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".lingma/skills", source: VERCEL },
      { scope: "user", path: ["~/.lingma/skills"], source: VERCEL },
    ],
  },
  loaf: {
    label: "Loaf",
    detect: { value: ["~/.loaf"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      { scope: "user", path: ["~/.agents/skills"], source: VERCEL },
    ],
  },
  mcpjam: {
    label: "MCPJam",
    detect: { value: ["~/.mcpjam"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".mcpjam/skills", source: VERCEL },
      { scope: "user", path: ["~/.mcpjam/skills"], source: VERCEL },
    ],
  },
  "minimax-code": {
    label: "MiniMax Code",
    detect: {
      value: ["~/.minimax", "/Applications/MiniMax Code.app"],
      source: VERCEL_DETECT,
    },
    roots: [
      { scope: "project", path: ".minimax/skills", source: VERCEL },
      { scope: "user", path: ["~/.minimax/skills"], source: VERCEL },
    ],
  },
  "mistral-vibe": {
    label: "Mistral Vibe",
    detect: { value: ["$VIBE_HOME", "~/.vibe"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".vibe/skills", source: VERCEL },
      {
        scope: "user",
        path: ["$VIBE_HOME/skills", "~/.vibe/skills"],
        source: VERCEL,
      },
    ],
  },
  moxby: {
    label: "Moxby",
    detect: { value: ["~/.moxby"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".moxby/skills", source: VERCEL },
      { scope: "user", path: ["~/.moxby/skills"], source: VERCEL },
    ],
  },
  mux: {
    label: "Mux",
    detect: { value: ["~/.mux"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".mux/skills", source: VERCEL },
      { scope: "user", path: ["~/.mux/skills"], source: VERCEL },
    ],
  },
  openhands: {
    label: "OpenHands",
    detect: { value: ["~/.openhands"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".openhands/skills", source: VERCEL },
      { scope: "user", path: ["~/.openhands/skills"], source: VERCEL },
    ],
  },
  ona: {
    label: "Ona",
    detect: { value: ["~/.ona"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".ona/skills", source: VERCEL },
      { scope: "user", path: ["~/.ona/skills"], source: VERCEL },
    ],
  },
  "posit-assistant": {
    label: "Posit Assistant",
    detect: {
      value: ["~/.posit/assistant", "~/.positai"],
      source: VERCEL_DETECT,
    },
    roots: [
      { scope: "project", path: ".posit/assistant/skills", source: VERCEL },
      { scope: "user", path: ["~/.posit/assistant/skills"], source: VERCEL },
    ],
  },
  qoder: {
    label: "Qoder",
    detect: { value: ["~/.qoder"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".qoder/skills", source: VERCEL },
      { scope: "user", path: ["~/.qoder/skills"], source: VERCEL },
    ],
  },
  "qoder-cn": {
    label: "Qoder CN",
    detect: { value: ["~/.qoder-cn"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".qoder/skills", source: VERCEL },
      { scope: "user", path: ["~/.qoder-cn/skills"], source: VERCEL },
    ],
  },
  "qwen-code": {
    verified: { value: "0.24.4", source: AGREEMENT },
    label: "Qwen Code",
    detect: { value: ["~/.qwen"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".qwen/skills", source: VERCEL },
      {
        scope: "project",
        path: ".agents/skills",
        source: measured(
          QWEN_BIN,
          "qwen-code/roots/foreign-project-agents-skills",
        ),
      },
      { scope: "user", path: ["~/.qwen/skills"], source: VERCEL },
      {
        scope: "user",
        path: ["~/.agents/skills"],
        source: measured(
          QWEN_BIN,
          "qwen-code/roots/foreign-user-agents-skills",
        ),
      },
    ],
    depth: {
      value: 1,
      source: measured(QWEN_BIN, "qwen-code/depth/project-two"),
    },
    projectWalk: {
      value: "cwd",
      source: measured(
        QWEN_BIN,
        "qwen-code/walk/nested-cwd-git",
        "qwen-code/walk/between-git-and-cwd",
      ),
    },
    view: {
      disableModelInvocation: {
        value: "boolean-or-string",
        source: measured(
          QWEN_BIN,
          "qwen-code/visibility/disable-model-invocation",
          "qwen-code/visibility/disable-model-invocation-string",
        ),
      },
      conditionalPaths: {
        value: true,
        source: measured(QWEN_BIN, "qwen-code/visibility/conditional-paths"),
      },
      whenToUse: {
        value: " — ",
        source: measured(QWEN_BIN, "qwen-code/descriptions/when-to-use"),
      },
      scopeSuffix: {
        value: true,
        source: measured(QWEN_BIN, "qwen-code/roots/project-qwen-skills"),
      },
      listingBudget: {
        // Each bundled skill's <skill> entry, measured in the request.
        value: {
          chars: 8000,
          builtins: {
            batch: 310,
            "browser-use": 212,
            "computer-use": 285,
            dataviz: 383,
            "extension-creator": 545,
            "goal-draft": 627,
            loop: 355,
            "new-app": 405,
            "qc-helper": 445,
            review: 785,
            simplify: 408,
            stuck: 331,
            "workflow-authoring": 414,
            "workflow-creator": 338,
          },
        },
        source: measured(
          QWEN_BIN,
          "qwen-code/budget/just-under",
          "qwen-code/budget/just-over",
          "qwen-code/budget/many",
        ),
      },
      readsHiddenDirs: {
        value: true,
        source: measured(QWEN_BIN, "qwen-code/counts/hidden-dir"),
      },
      invalidYamlLines: {
        value: true,
        source: measured(QWEN_BIN, "qwen-code/parsing/invalid-yaml"),
      },
      requiresName: {
        value: true,
        source: measured(QWEN_BIN, "qwen-code/parsing/name-missing"),
      },
      rejectsSpacedName: {
        value: true,
        source: measured(QWEN_BIN, "qwen-code/parsing/name-spaces"),
      },
      order: {
        value: "name",
        source: `${REAL_CLIENTS} (sorted by name)`,
      },
    },
  },
  replit: {
    label: "Replit",
    detect: { value: [".replit"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      {
        scope: "user",
        path: ["$XDG_CONFIG_HOME/agents/skills", "~/.config/agents/skills"],
        source: VERCEL,
      },
    ],
  },
  reasonix: {
    label: "Reasonix",
    detect: { value: ["~/.reasonix"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".reasonix/skills", source: VERCEL },
      { scope: "user", path: ["~/.reasonix/skills"], source: VERCEL },
    ],
  },
  rovodev: {
    label: "Rovo Dev",
    detect: { value: ["~/.rovodev"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".rovodev/skills", source: VERCEL },
      { scope: "user", path: ["~/.rovodev/skills"], source: VERCEL },
    ],
  },
  roo: {
    label: "Roo Code",
    aliases: ["roo-code"],
    detect: { value: ["~/.roo"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".roo/skills", source: VERCEL },
      { scope: "user", path: ["~/.roo/skills"], source: VERCEL },
    ],
  },
  "sarvam-code": {
    label: "Sarvam Code",
    detect: { value: ["$SARVAM_HOME", "~/.sarvam"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      { scope: "user", path: ["~/.agents/skills"], source: VERCEL },
    ],
  },
  "tabnine-cli": {
    label: "Tabnine CLI",
    detect: { value: ["~/.tabnine"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".tabnine/agent/skills", source: VERCEL },
      { scope: "user", path: ["~/.tabnine/agent/skills"], source: VERCEL },
    ],
  },
  terramind: {
    label: "Terramind",
    detect: { value: ["~/.terramind"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".terramind/skills", source: VERCEL },
      { scope: "user", path: ["~/.terramind/skills"], source: VERCEL },
    ],
  },
  tinycloud: {
    label: "Tinycloud",
    detect: { value: ["~/.tinycloud"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".tinycloud/skills", source: VERCEL },
      { scope: "user", path: ["~/.tinycloud/skills"], source: VERCEL },
    ],
  },
  trae: {
    label: "Trae",
    detect: { value: ["~/.trae"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".trae/skills", source: VERCEL },
      { scope: "user", path: ["~/.trae/skills"], source: VERCEL },
    ],
  },
  "trae-cn": {
    label: "Trae CN",
    detect: { value: ["~/.trae-cn"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".trae/skills", source: VERCEL },
      { scope: "user", path: ["~/.trae-cn/skills"], source: VERCEL },
    ],
  },
  warp: {
    label: "Warp",
    detect: { value: ["~/.warp"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      { scope: "user", path: ["~/.agents/skills"], source: VERCEL },
    ],
  },
  windsurf: {
    label: "Windsurf",
    detect: { value: ["~/.codeium/windsurf"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".windsurf/skills", source: VERCEL },
      { scope: "user", path: ["~/.codeium/windsurf/skills"], source: VERCEL },
    ],
  },
  zed: {
    label: "Zed",
    detect: {
      value: ["$XDG_CONFIG_HOME/zed", "~/.config/zed"],
      source: VERCEL_DETECT,
    },
    roots: [
      { scope: "project", path: ".agents/skills", source: VERCEL },
      { scope: "user", path: ["~/.agents/skills"], source: VERCEL },
    ],
  },
  zcode: {
    label: "ZCode",
    detect: {
      value: ["~/.zcode", "/Applications/ZCode.app"],
      source: VERCEL_DETECT,
    },
    roots: [
      { scope: "project", path: ".zcode/skills", source: VERCEL },
      { scope: "user", path: ["~/.zcode/skills"], source: VERCEL },
    ],
  },
  zencoder: {
    label: "Zencoder",
    detect: { value: ["~/.zencoder"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".zencoder/skills", source: VERCEL },
      { scope: "user", path: ["~/.zencoder/skills"], source: VERCEL },
    ],
  },
  zenflow: {
    label: "Zenflow",
    detect: { value: ["~/.zencoder"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".zencoder/skills", source: VERCEL },
      { scope: "user", path: ["~/.zencoder/skills"], source: VERCEL },
    ],
  },
  neovate: {
    label: "Neovate",
    detect: { value: ["~/.neovate"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".neovate/skills", source: VERCEL },
      { scope: "user", path: ["~/.neovate/skills"], source: VERCEL },
    ],
  },
  pochi: {
    label: "Pochi",
    detect: { value: ["~/.pochi"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".pochi/skills", source: VERCEL },
      { scope: "user", path: ["~/.pochi/skills"], source: VERCEL },
    ],
  },
  promptscript: {
    label: "PromptScript",
    detect: {
      value: [".promptscript", "promptscript.yaml"],
      source: VERCEL_DETECT,
    },
    roots: [{ scope: "project", path: ".agents/skills", source: VERCEL }],
  },
  adal: {
    label: "AdaL",
    detect: { value: ["~/.adal"], source: VERCEL_DETECT },
    roots: [
      { scope: "project", path: ".adal/skills", source: VERCEL },
      { scope: "user", path: ["~/.adal/skills"], source: VERCEL },
    ],
  },
} as const satisfies Readonly<Record<string, ClientEntry>>;
