// Copyright 2026 the skillscope authors. MIT license.
/**
 * Publishing a directory of skills as a static site: the skills found the
 * way `--root` finds them, each read and checked as a client will check
 * it, the ones that pass built into a site ({@linkcode buildSite}) and
 * written into the output directory, the others reported and left out.
 *
 * @module
 */
import { discover } from "../discover/discover.ts";
import { directorySource } from "../discover/sources.ts";
import { isInside } from "../shared/containment.ts";
import { isFileSync } from "../shared/fs_checks.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { basename, dirname, join, resolve } from "../shared/path.ts";
import type { Diagnostic } from "../shared/types.ts";
import type { PublishedEntry } from "./index_writer.ts";
import {
  type PublishLimits,
  readPublishableSkill,
  skipped,
} from "./publish_skill.ts";
import { buildSite, type SiteOptions, type SiteSkill } from "./site.ts";
import { assertSitePermissions, writeSite } from "./site_write.ts";

/**
 * Options of {@linkcode publishSkills}.
 *
 * @example Publish the v0.1 index too
 * ```ts
 * import { publishSkills, type PublishOptions } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/skills/hi`, { recursive: true });
 * await Deno.writeTextFile(`${root}/skills/hi/SKILL.md`, "---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const options: PublishOptions = { legacy: true, origin: "https://docs.example.com" };
 * const result = await publishSkills(`${root}/skills`, `${root}/site`, options);
 * assert.ok(result.written.includes(".well-known/skills/index.json"));
 * ```
 */
export interface PublishOptions extends SiteOptions, PublishLimits {
  /** Find skills at any depth below the directory (default: its immediate subdirectories). */
  readonly recursive?: boolean | undefined;
}

/**
 * What {@linkcode publishSkills} did.
 *
 * @example A skill left out
 * ```ts
 * import { publishSkills, type PublishResult } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/skills/hi`, { recursive: true });
 * await Deno.writeTextFile(`${root}/skills/hi/SKILL.md`, "---\nname: hi\n---\n# No description\n");
 * const result: PublishResult = await publishSkills(`${root}/skills`, `${root}/site`);
 * assert.equal(result.skipped, 1);
 * assert.equal(result.diagnostics[0]?.level, "error");
 * ```
 */
export interface PublishResult {
  /** The published skills' index entries, sorted by name. */
  readonly entries: readonly PublishedEntry[];
  /** The directory each published skill came from, in the order of `entries`. */
  readonly dirs: readonly string[];
  /** How many skill directories were left out. */
  readonly skipped: number;
  /** Every problem found (errors for the skills left out). */
  readonly diagnostics: readonly Diagnostic[];
  /** Files written, relative to the output. */
  readonly written: readonly string[];
  /** Files that already held the same bytes. */
  readonly unchanged: readonly string[];
}

/**
 * Thrown when the output directory lies inside a skill being published
 * (its own files would be published, and change on every run).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { PublishOutputError } from "./publish.ts";
 *
 * const error = new PublishOutputError("/s/a/site", "/s/a");
 * assert.equal(error.code, "web-publish-output-inside");
 * ```
 */
export class PublishOutputError extends RangeError {
  /** Always `"web-publish-output-inside"`. */
  readonly code = "web-publish-output-inside";

  /**
   * Constructs a new instance.
   *
   * @param out The output directory.
   * @param dir The skill directory it is in.
   */
  constructor(out: string, dir: string) {
    super(
      `The output "${out}" is inside the skill "${dir}": choose an output outside every skill directory`,
    );
    this.name = "PublishOutputError";
  }
}

/**
 * Publishes the skills of `dir` (a skill directory, or a directory of
 * skills) into `out`: `.well-known/agent-skills/index.json` with one
 * verified artifact per skill, `skills/index.html`, and with `legacy` the
 * v0.1 index and files. A skill that cannot be published — a parse error,
 * no description, a name an index cannot carry or one already published,
 * a symlink or special file in it, over the caps — is left out with an
 * error diagnostic (counted in `skipped`). Hidden files and `node_modules`
 * are never published. The same skills write the same bytes; files that
 * already hold them are not touched; nothing is written outside `out`.
 *
 * Permissions: read for `dir`; write for `out`, and read for `out` and the
 * directories above it (the containment checks resolve each of them).
 *
 * @example Publish one skill
 * ```ts
 * import assert from "node:assert/strict";
 * import { publishSkills } from "./publish.ts";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/skills/hi`, { recursive: true });
 * await Deno.writeTextFile(`${root}/skills/hi/SKILL.md`, "---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const result = await publishSkills(`${root}/skills`, `${root}/site`);
 * assert.deepEqual(result.entries.map((e) => [e.name, e.type, e.url]), [["hi", "skill-md", "hi/SKILL.md"]]);
 * assert.ok(result.written.includes(".well-known/agent-skills/index.json"));
 * assert.equal((await publishSkills(`${root}/skills`, `${root}/site`)).written.length, 0);
 * ```
 *
 * @param dir The skills.
 * @param out The site directory (created when missing).
 * @param options v0.1 files, origin for the page, depth, caps.
 * @returns The entries, the diagnostics, what was written.
 * @throws {PermissionDeniedError} for a missing read or write grant.
 * @throws {PublishOutputError} when `out` is inside a skill.
 * @throws {ContainmentError} when a directory of `out` leads outside it.
 */
export async function publishSkills(
  dir: string,
  out: string,
  options: PublishOptions = {},
): Promise<PublishResult> {
  assertReadPermission(dir);
  const output = resolve(out);
  assertSitePermissions(output);
  const found = await skillDirs(dir, options.recursive === true);
  for (const skillDir of found.dirs) {
    if (isInside(skillDir, output, { orEqual: true })) {
      throw new PublishOutputError(output, skillDir);
    }
  }
  const diagnostics = [...found.diagnostics];
  const skills: SiteSkill[] = [];
  const from = new Map<string, string>();
  let left = 0;
  for (const skillDir of found.dirs) {
    const read = await readPublishableSkill(skillDir, options);
    diagnostics.push(...read.diagnostics);
    const skill = read.skill;
    if (skill === undefined) {
      left++;
      continue;
    }
    const first = from.get(skill.name);
    if (first !== undefined) {
      diagnostics.push(
        skipped(
          skillDir,
          `"${skill.name}" is already published from "${first}"`,
        ),
      );
      left++;
      continue;
    }
    from.set(skill.name, skillDir);
    skills.push(skill);
  }
  const site = await buildSite(skills, options);
  const { written, unchanged } = writeSite(output, site.files);
  return {
    entries: site.entries,
    dirs: site.entries.map((e) => from.get(e.name)!),
    skipped: left,
    diagnostics,
    written,
    unchanged,
  };
}

/**
 * The skill directories of `root` as `--root` finds them (itself when it
 * holds a `SKILL.md`), those that fail to load included, sorted; and the
 * discovery's diagnostics that are not about one of them (each is read and
 * reported again when it is published).
 */
async function skillDirs(
  root: string,
  recursive: boolean,
): Promise<{ dirs: string[]; diagnostics: Diagnostic[] }> {
  if (isFileSync(join(root, "SKILL.md"))) {
    return { dirs: [resolve(root)], diagnostics: [] };
  }
  const found = await discover({
    sources: [directorySource(root, { recursive, required: true })],
    cache: false,
  });
  const dirs = new Set<string>();
  const add = (path: string | undefined): void => {
    if (path !== undefined && basename(path) === "SKILL.md") {
      dirs.add(dirname(path));
    }
  };
  for (const skill of found.skills) add(skill.path);
  for (const d of found.diagnostics) add(d.path);
  for (const s of found.shadowed) add(s.loser);
  const sorted = [...dirs].sort();
  const diagnostics = found.diagnostics.filter((d) =>
    d.path === undefined ||
    !sorted.some((s) =>
      d.path === s || isInside(s, d.path!, { resolved: true })
    )
  );
  return { dirs: sorted, diagnostics };
}
