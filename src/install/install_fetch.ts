// Copyright 2026 the skillscope authors. MIT license.
/**
 * The first step of a locked install: the directory the skill is picked
 * from. A local source is checked in place; a website or a git repository
 * is fetched into a scratch directory inside the skills directory.
 *
 * @module
 */
import { join, resolve } from "../shared/path.ts";
import { InstallError } from "./errors.ts";
import { type FetchedWebSkill, fetchWebSource } from "./fetch_web.ts";
import { fetchGit } from "./fetch_git.ts";
import { type InstallSource, stripCredentials } from "./install_source.ts";
import type { FrozenTarget, InstallOptions } from "./install_types.ts";
import { type DirIdentity, workName } from "./owner.ts";

/** What {@linkcode fetchSkillRoot} needs besides the source. */
export interface FetchContext {
  /** The skills directory (absolute), where a fetched source is put. */
  readonly dir: string;
  /** Its identity, which names the scratch directory. */
  readonly identity: DirIdentity;
  /** The install options (skill wanted, git runner, limits). */
  readonly options: InstallOptions;
  /** The lock entry to rebuild exactly, if any. */
  readonly frozen: FrozenTarget | undefined;
  /** Scratch paths for the caller to remove: a clone is added before it is fetched. */
  readonly work: string[];
  /** Reports progress. */
  readonly progress: (message: string) => void;
}

/** Where the skill's files are, and what the lock records of where they came from. */
export interface FetchedRoot {
  /** The directory holding the skill, or the skills to pick from. */
  readonly root: string;
  /** The source as the lock records it: a local path made absolute, a website by its index. */
  readonly source: InstallSource;
  /** The commit fetched, for a git source. */
  readonly commit?: string;
  /** What the website gave, for a web source (its notes included). */
  readonly web?: FetchedWebSkill;
}

/**
 * The directory a skill is installed from: a local directory as it is
 * (refused with `source-missing` when it is not one), a website's skill
 * written once every check passed (see `fetch_web.ts`), or a git clone (at
 * the locked commit when `frozen`), narrowed to its sub-path.
 *
 * @example A local directory is used in place
 * ```ts
 * import { fetchSkillRoot } from "./install_fetch.ts";
 * import { dirIdentitySync } from "./owner.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const path = await Deno.makeTempDir();
 * const fetched = await fetchSkillRoot({ kind: "local", path }, {
 *   dir,
 *   identity: dirIdentitySync(dir),
 *   options: { source: path, dir },
 *   frozen: undefined,
 *   work: [],
 *   progress: () => {},
 * });
 * assert.equal(fetched.root, path);
 * assert.deepEqual(fetched.source, { kind: "local", path });
 * ```
 *
 * @param parsed The source.
 * @param context The skills directory, options and scratch list.
 * @returns The root and the source as recorded.
 * @throws {InstallError} `source-missing`, and whatever fetching throws.
 */
export async function fetchSkillRoot(
  parsed: InstallSource,
  context: FetchContext,
): Promise<FetchedRoot> {
  const { dir, identity, options, frozen, work, progress } = context;
  if (parsed.kind === "local") {
    const root = resolve(parsed.path);
    try {
      if (!Deno.statSync(root).isDirectory) {
        throw new InstallError(
          "source-missing",
          `Source "${root}" is not a directory`,
        );
      }
    } catch (error) {
      if (error instanceof InstallError) throw error;
      throw new InstallError(
        "source-missing",
        `Source "${root}" does not exist`,
      );
    }
    return { root, source: { kind: "local", path: root } };
  }
  const clone = join(dir, workName(identity, "clone"));
  work.push(clone);
  if (parsed.kind === "web") {
    progress(`Fetching from ${stripCredentials(parsed.url)}…`);
    const web = await fetchWebSource(parsed, clone, {
      ...options,
      wanted: options.skill ?? options.expectedName,
      locked: frozen?.entry,
    });
    return {
      root: clone,
      source: { kind: "web", url: stripCredentials(web.index) },
      web,
    };
  }
  progress(
    `Fetching ${stripCredentials(parsed.url)}${
      parsed.ref ? ` (${parsed.ref})` : ""
    }…`,
  );
  const commit = await fetchGit(parsed, clone, options, frozen?.entry.commit);
  return {
    root: parsed.subpath === undefined ? clone : join(clone, parsed.subpath),
    source: parsed,
    commit,
  };
}
