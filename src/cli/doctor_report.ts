// Copyright 2026 the skillscope authors. MIT license.
/**
 * The shapes of `doctor`'s whole-setup report: the agents checked, the
 * roots they read, every skill with who sees it and why not, and the
 * problems with their next steps (what `--json` prints).
 *
 * @module
 */
import type { SkillOverride } from "../serve/policy.ts";

/** An agent the setup is checked for. */
export interface SetupAgent {
  /** The client table's name. */
  readonly client: string;
  /** Its name as people know it. */
  readonly label: string;
  /** The directory that gave it away on this machine, when detected. */
  readonly path?: string;
}

/** A root of the setup. */
export interface SetupRoot {
  /** Its absolute path. */
  readonly path: string;
  /** `project`, `user`, `system` or `admin`. */
  readonly scope: string;
  /** The checked agents that read it (table names). */
  readonly clients: readonly string[];
  /** Whether it is a directory. */
  readonly exists: boolean;
  /** The skill directories found in it. */
  readonly skills: number;
}

/** What one agent says about a skill it does not (or may not) see. */
export interface AgentReason {
  /** The client table's name. */
  readonly client: string;
  /** Why. */
  readonly reasons: readonly string[];
}

/** One skill of the setup (all its copies: one name). */
export interface SetupSkill {
  /** Its name. */
  readonly name: string;
  /** The scopes of its copies. */
  readonly scopes: readonly string[];
  /** Its directories (several when copies sit in several agents' roots). */
  readonly dirs: readonly string[];
  /** The agents that see it. */
  readonly seenBy: readonly string[];
  /** The agents that may see it: a rule they depend on is not known. */
  readonly maybe: readonly AgentReason[];
  /** The agents that do not, and why. */
  readonly notSeenBy: readonly AgentReason[];
  /** Why no agent loads it at all (a skill skipped by discovery). */
  readonly skipped?: string;
  /** Its copies another skill of its name hides from some agents. */
  readonly shadowed?: readonly SetupShadow[];
}

/** A problem of the setup, with what to do about it. */
export interface SetupProblem {
  /**
   * `error`: an agent does not load the skill, or a strict one rejects it;
   * `warning`: it loads, but not as meant (a placeholder description, a
   * copy another skill of its name hides).
   */
  readonly level: "error" | "warning";
  /** The skill it is about. */
  readonly skill?: string;
  /** The agent it is about. */
  readonly client?: string;
  /** The agents it is about, when several (a shadowed copy). */
  readonly clients?: readonly string[];
  /** The file or directory it is about. */
  readonly path?: string;
  /** What is wrong. */
  readonly message: string;
  /** What to do: a command, or an edit. */
  readonly next: string;
}

/** What `doctor` finds in the whole setup. */
export interface SetupReport {
  /** The agents checked. */
  readonly agents: readonly SetupAgent[];
  /** Their roots, in precedence order. */
  readonly roots: readonly SetupRoot[];
  /** Every skill, those with a problem first. */
  readonly skills: readonly SetupSkill[];
  /** The problems, in the order of the skills. */
  readonly problems: readonly SetupProblem[];
}

/** How the agents to check were chosen. */
export interface SetupChoice {
  /** Named with `--client` (table names), or `"all"`, or `undefined` for those detected. */
  readonly clients: readonly string[] | "all" | undefined;
  /** The user's overrides. */
  readonly overrides: readonly SkillOverride[];
}

/** A copy of a skill another skill of its name hides from some agents. */
export interface SetupShadow {
  /** The hidden copy's directory. */
  readonly dir: string;
  /** The directory of the copy those agents read instead. */
  readonly by: string;
  /** The agents (table names). */
  readonly clients: readonly string[];
}
