// Copyright 2026 the skillscope authors. MIT license.
// A first day's machine for doctor, validate and init: a temporary HOME where
// Claude Code (~/.claude) and Codex (~/.codex) are installed, a skill in
// ~/.claude/skills, and a git project whose .agents/skills holds a good
// skill, a skill.md misnamed in lowercase and an unquoted colon.
import { join } from "node:path";
import {
  type CliRun,
  runCli,
  skillMd,
  tempDir,
  writeTree,
} from "./_helpers.ts";
import { sh } from "./_git.ts";

/** The machine: its HOME, the project, and a disposer. */
export interface FirstDay extends AsyncDisposable {
  readonly home: string;
  readonly project: string;
}

/**
 * Makes the machine; `skills: false` leaves the skills out (agents and an
 * empty git project only), `agents` names the agents' directories to make.
 */
export async function firstDay(
  options: { skills?: boolean; agents?: readonly string[] } = {},
): Promise<FirstDay> {
  const tmp = await tempDir();
  const home = join(tmp.path, "home");
  const project = join(tmp.path, "project");
  for (const agent of options.agents ?? [".claude", ".codex"]) {
    await Deno.mkdir(join(home, agent), { recursive: true });
  }
  await Deno.mkdir(home, { recursive: true });
  await Deno.mkdir(project, { recursive: true });
  await sh("git", ["init", "-q", project]);
  if (options.skills !== false) {
    await writeTree(home, {
      ".claude/skills/notes/SKILL.md": skillMd(
        "name: notes\ndescription: Keeps notes",
      ),
    });
    await writeTree(project, {
      ".agents/skills/pdf-fill/SKILL.md": skillMd(
        "name: pdf-fill\ndescription: Fills PDF forms",
      ),
      ".agents/skills/lower/skill.md": skillMd(
        "name: lower\ndescription: Misnamed",
      ),
      ".agents/skills/colon/SKILL.md": skillMd(
        "name: colon\ndescription: Use this: when a colon is unquoted",
      ),
    });
  }
  return { home, project, [Symbol.asyncDispose]: tmp[Symbol.asyncDispose] };
}

/** The CLI with its own permission set, in `cwd` (default: the project), HOME set, bounded. */
export function cliIn(
  m: FirstDay,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  return runCli(args, {
    cwd: options.cwd ?? m.project,
    env: {
      HOME: m.home,
      CODEX_HOME: "",
      CLAUDE_CONFIG_DIR: "",
      XDG_CONFIG_HOME: join(m.home, ".config"),
      XDG_DATA_HOME: join(m.home, ".local/share"),
      ...options.env,
    },
    permissions: ["-P=cli"],
    signal: AbortSignal.timeout(120_000),
  });
}
