// Copyright 2026 the skillscope authors. MIT license.
/**
 * The shapes the agreement harness shares: a scenario (a generated tree and
 * how a client is run in it), what the stand-in model API recorded, a
 * client's driver, and the listing read from what the client sent.
 *
 * The harness (`deno task agree`) runs each real agent offline, in a network
 * namespace with only loopback, against a stand-in model API on 127.0.0.1,
 * reads the skills it offered its model from the request it sent, and
 * compares them with `skillscope list --client NAME --json` and `doctor`.
 *
 * @module
 */

/** A file of a scenario: its text, or a symlink to a path (as written). */
export type TreeEntry = string | { readonly symlink: string };

/**
 * A generated tree and how one client is run in it. Paths are relative to
 * the scenario's root, which holds `home/` (the client's `HOME`) and
 * `project/` (a git repository when `git` is true).
 */
export interface Scenario {
  /** Stable id, `CLIENT/dimension/case`. */
  readonly id: string;
  /** skillscope's name of the client (`claude`, `codex`, …). */
  readonly client: string;
  /** What the scenario shows, one line. */
  readonly title: string;
  /** The dimension of issue 41 §2 it covers (`roots`, `parsing`, …). */
  readonly dimension: string;
  /** Files below the scenario root (`home/.claude/skills/a/SKILL.md`, …). */
  readonly files: Readonly<Record<string, TreeEntry>>;
  /** Whether `project/` is a git repository (`git init`). */
  readonly git: boolean;
  /** The working directory, relative to the root (`project`, `project/sub`). */
  readonly cwd: string;
  /** Extra environment for the client and for skillscope (values may use `$ROOT`). */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * A git worktree: `main` (relative to the root) is made a repository with
   * one commit and `at` a worktree of it, before the files are written.
   */
  readonly worktree?: { readonly main: string; readonly at: string };
}

/** One request the stand-in model API received. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query (`/v1/messages?beta=true`). */
  readonly path: string;
  /** The JSON body, or `null` when there was none or it was not JSON. */
  readonly body: unknown;
}

/** A skill as a client offered it to its model. */
export interface ListedSkill {
  /** The name the model would use to invoke it. */
  readonly name: string;
  /** The description as rendered (undefined when listed by name only). */
  readonly description?: string | undefined;
  /** Where the client says it is (a path, a level, a scope), if it says. */
  readonly location?: string | undefined;
}

/** What a client offered its model in one run, in the order it sent it. */
export interface Listing {
  readonly skills: readonly ListedSkill[];
}

/** What a driver's command needs to know about the run. */
export interface RunContext {
  /** The directory the client's npm packages are installed in. */
  readonly cacheDir: string;
  /** The scenario's root (absolute). */
  readonly root: string;
  /** The client's `HOME` (absolute, `ROOT/home`). */
  readonly home: string;
  /** The project (absolute, `ROOT/project`). */
  readonly project: string;
  /** The working directory (absolute). */
  readonly cwd: string;
  /** The stand-in API's port on 127.0.0.1. */
  readonly port: number;
  /** The scenario. */
  readonly scenario: Scenario;
}

/** The process a driver runs for one turn. */
export interface ClientCommand {
  readonly cmd: string;
  readonly args: readonly string[];
  /** The whole environment (nothing else is inherited but `PATH`). */
  readonly env: Readonly<Record<string, string>>;
}

/** How the harness drives one real agent. */
export interface ClientDriver {
  /** skillscope's name of the client (`--client NAME`). */
  readonly name: string;
  /** The version measured. */
  readonly version: string;
  /** npm specs installed into the cache (`@openai/codex@0.169.0`). */
  readonly packages: readonly string[];
  /** Writes the client's own config files for a run (into `home`, …). */
  prepare(context: RunContext): Promise<void>;
  /** The command of one non-interactive turn. */
  command(context: RunContext): ClientCommand;
  /**
   * Reads the listing from the recorded requests.
   *
   * @throws {Error} when no request holds a listing (the run failed).
   */
  extract(requests: readonly RecordedRequest[]): Listing;
  /** Names of skills the client ships itself (left out of comparisons). */
  readonly builtins?: readonly string[];
}
