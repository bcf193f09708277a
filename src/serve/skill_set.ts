// Copyright 2026 the skillscope authors. MIT license.
/**
 * {@linkcode SkillSet}: a discovery kept up to date for a long-running agent.
 *
 * @module
 */
import { defaultSkillCache } from "../discover/scan_cache.ts";
import { type CatalogOptions, renderCatalog } from "./catalog.ts";
import { skillIdentity } from "../discover/dedup.ts";
import { SkillIndex } from "./skill_index.ts";
import { cachedActivation } from "./activation_cache.ts";
import { contentOf } from "../content/content_of.ts";
import { matchSkills } from "./match.ts";
import type { SkillResources } from "../content/skill_content.ts";
import { type SearchHit, searchSkills } from "./search.ts";
import { policyOf } from "./policy.ts";
import {
  discoverFor,
  type SkillSetOptions,
  withoutDisabled,
} from "./skill_set_options.ts";
import { discoverSync } from "../discover/discover.ts";
import type {
  Diagnostic,
  Discovery,
  Shadowed,
  Skill,
} from "../shared/types.ts";
import { type SkillChange, type WatchOptions, watchSkillSet } from "./watch.ts";

/**
 * The skills of a list of sources, with lookup by name, refresh and live
 * reload.
 *
 * @example Usage
 * ```ts
 * import { directorySource, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * for (const [name, description, extra] of [
 *   ["pdf-tools", "Fill and read PDF forms", ""],
 *   ["sql-review", "Review SQL migrations", "globs: ['db/**']\n"],
 * ]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(
 *     `${root}/${name}/SKILL.md`,
 *     `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n`,
 *   );
 * }
 * const set = await SkillSet.open({ sources: [directorySource(root)] });
 * assert.equal(set.get("pdf-tools")?.description, "Fill and read PDF forms");
 * assert.equal(await set.read("sql-review"), "# sql-review\n");
 * ```
 */
export class SkillSet {
  #options: SkillSetOptions;
  #discovery: Discovery;
  #byName: SkillIndex;
  #active = new Set<string>();
  #visible: readonly Skill[] | undefined;

  /**
   * Wraps a discovery. Prefer {@linkcode SkillSet.open}.
   *
   * @param options The options the discovery was made with (used by `refresh`).
   * @param discovery The discovery.
   */
  constructor(options: SkillSetOptions, discovery: Discovery) {
    this.#options = options;
    // Skills an override turns off are not part of the set at all.
    discovery = withoutDisabled(discovery, options.overrides);
    this.#discovery = discovery;
    this.#byName = new SkillIndex(discovery.skills);
  }

  /**
   * Discovers the skills of `options.sources`.
   *
   * @param options Sources, filters, cache.
   * @returns The skill set.
   */
  static async open(options: SkillSetOptions): Promise<SkillSet> {
    return new SkillSet(options, await discoverFor(options));
  }

  /**
   * Synchronous {@linkcode SkillSet.open}.
   *
   * @param options Sources, filters, cache.
   * @returns The skill set.
   */
  static openSync(options: SkillSetOptions): SkillSet {
    if (options.requireApproval === true) {
      throw new TypeError(
        "requireApproval hashes every skill's files: use SkillSet.open(), not openSync()",
      );
    }
    if (options.view !== undefined) {
      throw new TypeError(
        "view is asynchronous: use SkillSet.open(), not openSync()",
      );
    }
    return new SkillSet(options, discoverSync(options));
  }

  /** The options the set was opened with. */
  get options(): SkillSetOptions {
    return this.#options;
  }

  /** The current discovery. */
  get discovery(): Discovery {
    return this.#discovery;
  }

  /** Every diagnostic of the current discovery. */
  get diagnostics(): readonly Diagnostic[] {
    return this.#discovery.diagnostics;
  }

  /** Shadowed skills of the current discovery. */
  get shadowed(): readonly Shadowed[] {
    return this.#discovery.shadowed;
  }

  /**
   * The skills, first source first.
   *
   * @returns The skills.
   */
  list(): readonly Skill[] {
    return this.#discovery.skills;
  }

  /**
   * A skill by name.
   *
   * @param name The name.
   * @returns The skill, or `undefined` (also for filtered-out names).
   */
  get(name: string): Skill | undefined {
    return this.#byName.get(name);
  }

  /**
   * A skill by name, or a `skill-not-found` error listing close names.
   *
   * @param name The name.
   * @returns The skill.
   * @throws {SkillAccessError} `skill-not-found`.
   */
  require(name: string): Skill {
    return this.#byName.require(name);
  }

  /**
   * The Markdown body of a skill (frontmatter stripped), read on demand.
   *
   * @param name The skill's name.
   * @param options `maxBytes`: largest SKILL.md read (default 1 MiB).
   * @returns The body.
   * @throws {SkillAccessError} `skill-not-found`, `body-too-large`, `read-failed`.
   * @throws {PermissionDeniedError} when the skill directory may not be read.
   */
  read(name: string, options: { maxBytes?: number } = {}): Promise<string> {
    return attempt(() => this.require(name)).then((skill) =>
      contentOf(skill).readBody(options)
    );
  }

  /**
   * A file bundled with a skill, as bytes. Relative paths only, no `..`,
   * and the real path must stay inside the skill's real directory.
   *
   * @param name The skill's name.
   * @param path The file's path relative to the skill directory.
   * @param options `maxBytes` (default 1 MiB).
   * @returns The bytes.
   * @throws {SkillAccessError} for an unknown skill or a refused, missing, non-regular or oversized file.
   * @throws {PermissionDeniedError} when the skill directory may not be read.
   */
  readAsset(
    name: string,
    path: string,
    options: { maxBytes?: number; allowHidden?: boolean } = {},
  ): Promise<Uint8Array> {
    return attempt(() => this.require(name)).then((skill) =>
      contentOf(skill).readFile(path, options)
    );
  }

  /**
   * A file bundled with a skill, decoded as UTF-8 (invalid bytes become U+FFFD).
   *
   * @param name The skill's name.
   * @param path The file's path relative to the skill directory.
   * @param options `maxBytes` (default 1 MiB).
   * @returns The text.
   * @throws {SkillAccessError} as {@linkcode SkillSet.prototype.readAsset}.
   */
  async readAssetText(
    name: string,
    path: string,
    options: { maxBytes?: number; allowHidden?: boolean } = {},
  ): Promise<string> {
    return new TextDecoder().decode(await this.readAsset(name, path, options));
  }

  /**
   * The files bundled with a skill (relative paths, hidden entries skipped,
   * capped) — listed, never read.
   *
   * @param name The skill's name.
   * @param options `max` files (default 200).
   * @returns The files and whether the list was cut.
   * @throws {SkillAccessError} `skill-not-found`.
   */
  resources(
    name: string,
    options: { max?: number } = {},
  ): Promise<SkillResources> {
    return attempt(() => this.require(name)).then((skill) =>
      contentOf(skill).listFiles(options)
    );
  }

  /**
   * Skills whose globs match any of `paths`, plus every `alwaysApply` skill.
   *
   * @param paths File paths relative to the project.
   * @returns The matching skills.
   */
  match(paths: readonly string[]): Skill[] {
    return matchSkills(this.#discovery.skills, paths);
  }

  /**
   * Skills ranked by relevance to `query` (BM25 over name and description).
   *
   * @param query Free text.
   * @param options `limit` (default 10).
   * @returns Hits, best first.
   */
  search(query: string, options: { limit?: number } = {}): SearchHit[] {
    return searchSkills(this.#discovery.skills, query, options);
  }

  /**
   * The catalog for the system prompt (see {@linkcode renderCatalog}).
   *
   * @param options Format and budget.
   * @returns The catalog text; empty when there are no skills.
   */
  catalog(options: CatalogOptions = {}): string {
    return renderCatalog(this.#discovery.skills, {
      ...(this.#options.overrides === undefined
        ? {}
        : { overrides: this.#options.overrides }),
      ...options,
    });
  }

  /**
   * The skills the model may see: those whose policy is `on` or `name-only`
   * (see `policyOf`). The tools' name enums list only these; `get`,
   * `read` and `activate` still reach every skill of the set, so the user
   * can invoke a `user-only` one.
   *
   * @returns The model-visible skills, first source first.
   */
  modelVisible(): readonly Skill[] {
    if (this.#visible === undefined) {
      const overrides = this.#options.overrides ?? [];
      const all = this.#discovery.skills;
      const visible = all.filter((s) => policyOf(s, overrides).modelVisible);
      this.#visible = visible.length === all.length
        ? all
        : Object.freeze(visible);
    }
    return this.#visible;
  }

  /**
   * The activation payload of a skill, and marks it active for this set.
   *
   * @param name The skill's name.
   * @param options `arguments`: what the user typed after the skill's name
   *   (`/deploy prod`), substituted into the body (see `substituteArguments`).
   * @returns `<skill_content name="…">` with body, directory and resources.
   * @throws {SkillAccessError} as {@linkcode SkillSet.prototype.read}.
   */
  activate(
    name: string,
    options: { arguments?: string } = {},
  ): Promise<string> {
    return attempt(() => this.require(name)).then(async (skill) => {
      const payload = await cachedActivation(skill, options);
      this.#active.add(skillIdentity(name));
      return payload;
    });
  }

  /**
   * Whether {@linkcode SkillSet.prototype.activate} already ran for `name` in
   * this set, so an agent can avoid injecting the same skill twice.
   *
   * @param name The skill's name.
   * @returns `true` once activated (until {@linkcode SkillSet.prototype.deactivate}).
   */
  isActive(name: string): boolean {
    return this.#active.has(skillIdentity(name));
  }

  /**
   * Forgets activations: of one skill, or all.
   *
   * @param name The skill's name; omitted = all.
   */
  deactivate(name?: string): void {
    if (name === undefined) this.#active.clear();
    else this.#active.delete(skillIdentity(name));
  }

  /**
   * Drops the cached scans of this set's sources and discovers again.
   *
   * @returns The new discovery.
   */
  async refresh(): Promise<Discovery> {
    const cache = this.#options.cache === false
      ? undefined
      : this.#options.cache ?? defaultSkillCache;
    for (const source of this.#options.sources) cache?.invalidate(source);
    this.#replace(await discoverFor(this.#options));
    return this.#discovery;
  }

  /**
   * Watches the directory sources with `Deno.watchFs` and yields debounced
   * changes (added, changed, removed skills) after reloading the set. End it
   * with `break`, or with `options.signal`.
   *
   * @example Live reload
   * ```ts ignore
   * for await (const change of set.watch()) console.log(change.type, change.name);
   * ```
   *
   * @param options Debounce interval and abort signal.
   * @returns The changes.
   */
  watch(options: WatchOptions = {}): AsyncIterableIterator<SkillChange> {
    return watchSkillSet(this, options);
  }

  #replace(discovery: Discovery): void {
    discovery = withoutDisabled(discovery, this.#options.overrides);
    this.#discovery = discovery;
    this.#visible = undefined;
    this.#byName = new SkillIndex(discovery.skills);
    for (const name of this.#active) {
      if (this.#byName.get(name) === undefined) this.#active.delete(name);
    }
  }
}

function attempt<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error);
  }
}
