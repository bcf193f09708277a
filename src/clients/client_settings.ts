// Copyright 2026 the skillscope authors. MIT license.
/**
 * What an agent's own settings do to the skills it offers, as measured on
 * its binary (`deno task agree`, dimension `settings`): the skills folders a
 * setting adds (pi's `skills` paths, opencode's `skills.paths`, Qwen Code's
 * `skills.directories`), the table roots a setting turns off (opencode's
 * `OPENCODE_DISABLE_*`), and the rules that turn a skill off or shorten its
 * entry (Claude Code's `skillOverrides`, Codex's `[[skills.config]]`,
 * Gemini CLI's `skills.disabled`, opencode's `permission.skill`, pi's `!`
 * patterns, Qwen Code's `skills.disabled`). Each agent's reader is in
 * `settings/`, found by `settings_readers.ts`; settings files are read only
 * for the default roots, a file that is missing, unreadable or not the
 * expected format being left out.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import type { RootScope } from "./clients_table.ts";

/** Where an agent's settings are read from: its default roots' context. */
export interface SettingsContext {
  /** The home directory, if known. */
  readonly home: string | undefined;
  /** The working directory (absolute), or `undefined` when the project is not trusted. */
  readonly cwd: string | undefined;
  /** The project's root (its git root, else the working directory), or `undefined` when not trusted. */
  readonly projectRoot: string | undefined;
  /** Reads an environment variable (permission checked); `undefined` when unset or empty. */
  readonly env: (name: string) => string | undefined;
  /** A directory standing in for `/` under system paths (`/etc/…`), as for the table's admin roots. */
  readonly systemRoot?: string | undefined;
}

/** A skills folder a setting adds. */
export interface SettingsRoot {
  /** Absolute path: a skills folder, or a skill folder itself. */
  readonly path: string;
  /** The scope the agent gives it. */
  readonly scope: RootScope;
  /** The deepest level read below it (`1`: its immediate subfolders; `0`: it is one skill). */
  readonly maxDepth: number;
  /** The file and key (or variable) that adds it. */
  readonly from: string;
}

/** What a settings rule does to a skill it matches. */
export type SettingsAction = "off" | "name-only" | "on";

/** A setting as written, and where. */
export interface SettingEntry {
  /** The entry as written (`"u-off": "off"`, `!glob-*`). */
  readonly entry: string;
  /** The file and key (or variable) it is written in, as said to a person. */
  readonly from: string;
  /** The settings file it is in; none for an environment variable. */
  readonly file?: string;
}

/** One rule of an agent's settings: the last that matches a skill decides. */
export interface SettingsRule extends SettingEntry {
  /** What it does to a skill it matches. */
  readonly action: SettingsAction;
  /**
   * Whether it speaks of a skill.
   *
   * @param skill The skill as discovered.
   * @param name The name the agent offers it under.
   * @returns Whether the rule applies.
   */
  matches(skill: Skill, name: string): boolean;
}

/** What an agent's settings say about its skills. */
export interface ClientSettings {
  /** The rules, in order (the last that matches a skill decides). */
  readonly rules: readonly SettingsRule[];
  /** A setting that turns every skill off: the agent sends no listing. */
  readonly none?: SettingEntry;
}

/** One agent's reader of its own settings (see `settings/`). */
export interface SettingsReader {
  /** What it reads, in one line (for `docs/clients.md`). */
  readonly reads: string;
  /** The binary version and the agree scenarios that showed it. */
  readonly evidence: string;
  /** The skills folders its settings add (synchronous: default roots are). */
  roots?(context: SettingsContext): SettingsRoot[];
  /**
   * Why a root of its table is not read under these settings, or
   * `undefined` when it is.
   */
  skipsRoot?(context: SettingsContext, path: string): string | undefined;
  /** Its rules. */
  rules?(context: SettingsContext): Promise<ClientSettings>;
}

/** No rules. */
export const NO_SETTINGS: ClientSettings = Object.freeze({ rules: [] });

/**
 * The rule that decides a skill: the last that matches it.
 *
 * @param settings The agent's settings.
 * @param skill The skill.
 * @param name The name the agent offers it under.
 * @returns The rule, or `undefined` when none speaks of it.
 */
export function decidingRule(
  settings: ClientSettings,
  skill: Skill,
  name: string,
): SettingsRule | undefined {
  for (let i = settings.rules.length - 1; i >= 0; i--) {
    const rule = settings.rules[i]!;
    if (rule.matches(skill, name)) return rule;
  }
  return undefined;
}
