// Copyright 2026 the skillscope authors. MIT license.
/**
 * `install SOURCE` of a source with several skills, guided: which skills,
 * then which agents (the ones detected on this machine preselected), then
 * which scope, a summary and a confirmation before anything is written.
 * With `--yes`, the defaults without a prompt: every skill, the shared
 * directory and the detected agents that do not read it, the default scope.
 *
 * @module
 */
import { clientEntry } from "../clients/client_profile.ts";
import { CLIENTS } from "../clients/default_roots.ts";
import type { OfferedSkill } from "../install/mod.ts";
import { UsageError } from "./errors.ts";
import {
  agentDirs,
  defaultAgents,
  detectedAgents,
  SHARED,
} from "./install_agents.ts";
import { type Choice, PromptCancelled, type Prompts } from "./prompt.ts";
import { defaultScope } from "./skill_scope.ts";
import {
  namedScope,
  type Scope,
  scopeDirs,
  type ScopeValues,
  type SkillsDirs,
} from "./skills_dir_options.ts";

/** What to install, and where. */
export interface InstallChoice {
  /** The skills, by name. */
  readonly skills: readonly string[];
  /** The directories, the lock's first. */
  readonly dirs: SkillsDirs;
}

/**
 * Chooses skills, agents and scope for a source with several skills: with
 * `prompts`, by asking (a step the options already answer is skipped),
 * without, the defaults.
 *
 * @param source The source, as given.
 * @param offered The skills it holds.
 * @param values Parsed option values (`--client`, `--project`, `--global`, `--dir`, `--copy`).
 * @param prompts The prompts, or `undefined` for the defaults (`--yes`).
 * @returns The choice, confirmed.
 * @throws {PromptCancelled} when the user cancels or declines.
 */
export async function chooseInstall(
  source: string,
  offered: readonly OfferedSkill[],
  values: ScopeValues & { readonly copy: boolean | undefined },
  prompts: Prompts | undefined,
): Promise<InstallChoice> {
  const named = namedScope(values);
  const givenClients = values.client ?? [];
  const detected = detectedAgents();
  const skills = prompts === undefined
    ? offered.map((s) => s.name)
    : await prompts.pickMany(
      `Which skills of ${source}?`,
      offered.map((s) => ({
        value: s.name,
        label: s.name,
        hint: shorten(s.description, 60),
      })),
      [],
    );
  let clients: readonly string[] | undefined = givenClients.length > 0 ||
      named === "dir"
    ? undefined
    : defaultAgents(named ?? defaultScope(), detected);
  if (prompts !== undefined && clients !== undefined) {
    clients = await prompts.pickMany(
      "Which agents should see them?",
      agentChoices(detected),
      clients,
    );
  }
  let scope: Scope | "dir" = named ?? defaultScope();
  if (prompts !== undefined && named === undefined) {
    scope = await prompts.pickOne(
      "Where?",
      (["project", "global"] as const).map((s) => ({
        value: s,
        label: s === "project" ? "This project" : "Your user (every project)",
        hint: where(values, s),
      })),
      scope,
    );
  }
  const { dirs, left } = dirsFor(values, scope, clients);
  if (prompts !== undefined) {
    const text = [
      `skills   ${skills.join(", ")}`,
      `from     ${source}`,
      `scope    ${dirs.scope ?? "--dir"}`,
      ...dirs.dirs.map((dir, i) =>
        `${i === 0 ? "into" : "    "}     ${dir} (${
          i === 0 ? "skills.lock" : values.copy === true ? "copy" : "symlink"
        })`
      ),
      ...(left.length === 0
        ? []
        : [`left out ${left.join(", ")} (no ${scope} skills directory)`]),
    ].join("\n");
    const yes = await prompts.confirm(
      "Summary",
      text,
      `Install ${skills.length} skill${skills.length === 1 ? "" : "s"}?`,
    );
    if (!yes) throw new PromptCancelled();
  }
  return { skills, dirs };
}

/** The shared directory, the detected agents, then every other, by label. */
function agentChoices(detected: readonly string[]): Choice<string>[] {
  const others = CLIENTS.filter((c) => !detected.includes(c));
  return [
    {
      value: SHARED,
      label: ".agents/skills",
      hint: "the shared directory many agents read",
    },
    ...[...detected, ...others].map((name) => ({
      value: name,
      label: clientEntry(name).label,
      ...(detected.includes(name) ? { hint: "detected" } : {}),
    })),
  ];
}

/** The directories of the agents chosen in `scope`, without those that have none there. */
function dirsFor(
  values: ScopeValues,
  scope: Scope | "dir",
  clients: readonly string[] | undefined,
): { dirs: SkillsDirs; left: string[] } {
  if (clients === undefined || scope === "dir") {
    return { dirs: scopeDirs(values, scope), left: [] };
  }
  return agentDirs(values, scope, clients);
}

/** Where a scope's skills go, for its choice; empty when its agents have no directory there. */
function where(values: ScopeValues, scope: Scope): string {
  try {
    return scopeDirs(values, scope).dirs[0];
  } catch (error) {
    if (error instanceof UsageError) return "";
    throw error;
  }
}

function shorten(text: string, width: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}
