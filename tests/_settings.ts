// Copyright 2026 the skillscope authors. MIT license.
// Shared pieces of the agents' settings tests: a settings context of a
// temporary machine, and `list --client X --json` run as the real CLI with
// its own permission set, a temporary HOME and none of the machine's agent
// variables.
import assert from "node:assert/strict";
import { join } from "node:path";
import type { SettingsContext } from "../src/clients/client_settings.ts";
import { runCli } from "./_helpers.ts";
import { UNSET } from "./_cli_user.ts";

/** Every variable a settings reader reads, unset. */
export const SETTINGS_UNSET: Record<string, string> = {
  ...UNSET,
  OPENCODE_CONFIG: "",
  OPENCODE_DISABLE_CLAUDE_CODE: "",
  OPENCODE_DISABLE_CLAUDE_CODE_SKILLS: "",
  OPENCODE_DISABLE_EXTERNAL_SKILLS: "",
  OPENCODE_DISABLE_PROJECT_CONFIG: "",
  GEMINI_PROMPT_AGENTSKILLS: "",
  QWEN_HOME: "",
  SKILLSCOPE_SYSTEM_ROOT: "",
};

/**
 * The settings context of a machine below `root`: `root/home`, the project
 * `root/project` (a `cwd` below `root` when given), no project when
 * untrusted; `projectRoot: "cwd"` makes the cwd the project's root.
 */
export function settingsContext(
  root: string,
  options: {
    env?: Record<string, string>;
    cwd?: string;
    trusted?: boolean;
    projectRoot?: "project" | "cwd";
  } = {},
): SettingsContext {
  const vars = options.env ?? {};
  const trusted = options.trusted ?? true;
  const cwd = join(root, options.cwd ?? "project");
  const project = options.projectRoot === "cwd" ? cwd : join(root, "project");
  return {
    home: join(root, "home"),
    cwd: trusted ? cwd : undefined,
    projectRoot: trusted ? project : undefined,
    env: (name) => vars[name],
  };
}

/** A skill as `list --json` writes it. */
export interface ListedSkill {
  name: string;
  description: string;
}

/** `list --client CLIENT --json` in `cwd` with HOME `home` and `env`: the skills. */
export async function listedSkills(
  client: string,
  cwd: string,
  home: string,
  env: Record<string, string> = {},
): Promise<ListedSkill[]> {
  const run = await runCli(["list", "--client", client, "--json"], {
    cwd,
    env: { ...SETTINGS_UNSET, HOME: home, ...env },
    permissions: ["-P=cli"],
    signal: AbortSignal.timeout(120_000),
  });
  assert.equal(run.code, 0, run.stderr);
  return (JSON.parse(run.stdout) as { skills: ListedSkill[] }).skills;
}

/** {@linkcode listedSkills}' names, sorted. */
export async function listedNames(
  client: string,
  cwd: string,
  home: string,
  env: Record<string, string> = {},
): Promise<string[]> {
  return (await listedSkills(client, cwd, home, env)).map((s) => s.name)
    .sort();
}
