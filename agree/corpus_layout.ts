// Copyright 2026 the skillscope authors. MIT license.
/**
 * What the corpus builds its trees from: a client's roots as paths below a
 * scenario root (from skillscope's client table), a `SKILL.md` writer and a
 * scenario builder.
 *
 * @module
 */
import { clientEntry, rootsOf } from "../src/clients/client_profile.ts";
import type { Scenario, TreeEntry } from "./types.ts";

/** A client's roots as paths relative to a scenario root. */
export interface Layout {
  /** skillscope's name of the client. */
  readonly client: string;
  /** Project roots relative to the project (`.claude/skills`), table order. */
  readonly projectRoots: readonly string[];
  /** User roots relative to the home (`.claude/skills`), table order. */
  readonly userRoots: readonly string[];
  /** User roots named by a variable: the variable and the path below it. */
  readonly variableRoots: readonly {
    readonly name: string;
    readonly below: string;
  }[];
  /** The first project root (`project/.claude/skills`). */
  readonly p: string;
  /** The first user root (`home/.claude/skills`). */
  readonly u: string;
}

/** Each client's own directory variables (issue 41 §2) and the skills path below each. */
export const DIRECTORY_VARIABLES: Readonly<
  Record<string, readonly { readonly name: string; readonly below: string }[]>
> = {
  claude: [{ name: "CLAUDE_CONFIG_DIR", below: "skills" }],
  codex: [{ name: "CODEX_HOME", below: "skills" }],
  gemini: [{ name: "GEMINI_CLI_HOME", below: ".gemini/skills" }],
  opencode: [
    { name: "OPENCODE_CONFIG_DIR", below: "skills" },
    { name: "XDG_CONFIG_HOME", below: "opencode/skills" },
  ],
  pi: [{ name: "PI_CODING_AGENT_DIR", below: "skills" }],
  "qwen-code": [{ name: "QWEN_HOME", below: "skills" }],
};

/**
 * A client's layout from skillscope's client table.
 *
 * @param client skillscope's name of the client.
 * @returns Its layout (the shared `.agents/skills` when it has no root of a scope).
 */
export function layoutOf(client: string): Layout {
  const roots = rootsOf(clientEntry(client), "linux");
  const projectRoots: string[] = [];
  const userRoots: string[] = [];
  const variableRoots: { name: string; below: string }[] = [];
  for (const root of roots) {
    if (root.scope === "project" && typeof root.path === "string") {
      projectRoots.push(root.path);
    } else if (root.scope === "user" && typeof root.path !== "string") {
      for (const alternative of root.path) {
        if (alternative.startsWith("~/")) {
          userRoots.push(alternative.slice(2));
          break;
        }
      }
      for (const alternative of root.path) {
        const match = /^\$([A-Z_]+)\/(.+)$/.exec(alternative);
        if (match !== null && !variableRoots.some((v) => v.name === match[1])) {
          variableRoots.push({ name: match[1]!, below: match[2]! });
        }
      }
    }
  }
  for (const variable of DIRECTORY_VARIABLES[client] ?? []) {
    if (!variableRoots.some((v) => v.name === variable.name)) {
      variableRoots.push(variable);
    }
  }
  const firstProject = projectRoots[0] ?? ".agents/skills";
  const firstUser = userRoots[0] ?? ".agents/skills";
  return {
    client,
    projectRoots: projectRoots.length > 0 ? projectRoots : [firstProject],
    userRoots: userRoots.length > 0 ? userRoots : [firstUser],
    variableRoots,
    p: `project/${firstProject}`,
    u: `home/${firstUser}`,
  };
}

/**
 * A `SKILL.md` with a frontmatter of `name`, `description` and extra lines.
 *
 * @param name The `name` (undefined: left out).
 * @param description The `description` (undefined: left out), written as is.
 * @param extra Extra frontmatter lines and, after a blank line, a body.
 * @returns The text.
 */
export function skillMd(
  name: string | undefined,
  description: string | undefined,
  extra: { readonly lines?: readonly string[]; readonly body?: string } = {},
): string {
  const lines = ["---"];
  if (name !== undefined) lines.push(`name: ${name}`);
  if (description !== undefined) lines.push(`description: ${description}`);
  lines.push(...(extra.lines ?? []), "---", "");
  return lines.join("\n") + (extra.body ?? `# ${name ?? "skill"}\n\nBody.\n`);
}

/**
 * The default description of a generated skill.
 *
 * @param name The skill's name.
 * @returns A short sentence.
 */
export function describe(name: string): string {
  return `Use ${name} when the scenario asks for ${name}.`;
}

/**
 * A plain skill: `DIR/SKILL.md` named by the folder, with the default description.
 *
 * @param dir The folder (relative to the scenario root).
 * @returns The tree entry.
 */
export function plain(dir: string): Record<string, TreeEntry> {
  const name = dir.slice(dir.lastIndexOf("/") + 1);
  return { [`${dir}/SKILL.md`]: skillMd(name, describe(name)) };
}

/**
 * A settings file's text: `value` as indented JSON.
 *
 * @param value The settings.
 * @returns The text.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

/** The parts of a scenario a case gives. */
export interface Case {
  readonly dimension: string;
  readonly name: string;
  readonly title: string;
  readonly files: Readonly<Record<string, TreeEntry>>;
  readonly git?: boolean;
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly worktree?: { readonly main: string; readonly at: string };
}

/**
 * One case of a dimension.
 *
 * @param dimension The dimension of issue 41 §2 it covers.
 * @param name Its name within the dimension.
 * @param title What it shows, one line.
 * @param files Its tree.
 * @param more Anything else of the case (git, cwd, env).
 * @returns The case.
 */
export function one(
  dimension: string,
  name: string,
  title: string,
  files: Record<string, TreeEntry>,
  more: Partial<Case> = {},
): Case {
  return { dimension, name, title, files, ...more };
}

/**
 * A scenario of a client from a case (git by default, cwd `project`).
 *
 * @param client skillscope's name of the client.
 * @param c The case.
 * @returns The scenario.
 */
export function scenarioOf(client: string, c: Case): Scenario {
  return {
    id: `${client}/${c.dimension}/${c.name}`,
    client,
    title: c.title,
    dimension: c.dimension,
    files: c.files,
    git: c.git ?? true,
    cwd: c.cwd ?? "project",
    ...(c.env === undefined ? {} : { env: c.env }),
    ...(c.worktree === undefined ? {} : { worktree: c.worktree }),
  };
}

/**
 * A URL-safe slug of a root path (`.claude/skills` → `claude-skills`).
 *
 * @param path The path.
 * @returns The slug.
 */
export function slug(path: string): string {
  return path.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");
}
