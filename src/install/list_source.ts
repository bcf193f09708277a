// Copyright 2026 the skillscope authors. MIT license.
/**
 * What a source offers, without installing anything: the skills `install`
 * would find in a local directory or a git repository.
 *
 * @module
 */
import { join, relative, resolve } from "../shared/path.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { InstallError } from "./errors.ts";
import { fetchGit } from "./fetch_git.ts";
import {
  invalidNamed,
  type InvalidSkill,
  invalidSkillsBelow,
  skillsOffered,
} from "./locate_skill.ts";
import { type InstallSource, stripCredentials } from "./install_source.ts";
import { chooseInstallSource } from "./source_spec.ts";
import {
  afterGitFallback,
  chooseWebSource,
  pickWebEntry,
  webIndexOf,
} from "./web_source.ts";
import { displayUrl } from "../web/url_policy.ts";
import type { CommonInstallOptions } from "./options.ts";
import { loadYamlParser } from "../parse/yaml.ts";

/**
 * One skill a source offers.
 *
 * @example Usage
 * ```ts
 * import { listSource, type OfferedSkill } from "@skillscope/skills/install";
 * import { join } from "node:path";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.writeTextFile(
 *   join(source, "SKILL.md"),
 *   "---\nname: solo\ndescription: The only skill\n---\n",
 * );
 * const [only]: OfferedSkill[] = await listSource(source);
 * assert.deepEqual(only, { name: "solo", description: "The only skill", path: "." });
 * ```
 */
export interface OfferedSkill {
  /** Its name. */
  readonly name: string;
  /** Its description. */
  readonly description: string;
  /**
   * Its directory, relative to the source (`.` for the source itself); for
   * a website, the artifact's URL (v0.2) or the skill folder's (v0.1).
   */
  readonly path: string;
  /** The artifact's digest (a website with a v0.2 index). */
  readonly digest?: string;
}

/**
 * Options of {@linkcode listSource}.
 *
 * @example Include skills marked internal
 * ```ts
 * import { listSource, type ListSourceOptions } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.mkdir(`${source}/helper`);
 * await Deno.writeTextFile(
 *   `${source}/helper/SKILL.md`,
 *   "---\nname: helper\ndescription: For maintainers\nmetadata:\n  internal: true\n---\n",
 * );
 * assert.deepEqual(await listSource(source), []);
 * const options: ListSourceOptions = { internal: true };
 * assert.deepEqual((await listSource(source, options)).map((s) => s.name), ["helper"]);
 * ```
 */
export interface ListSourceOptions extends CommonInstallOptions {
  /**
   * List skills marked `metadata.internal: true` too (maintainer-only
   * skills of published collections, left out by default).
   */
  internal?: boolean;
  /** Hears of the skill directories left out as invalid (git and local sources). */
  onInvalid?: (skills: readonly InvalidSkill[]) => void;
}

/**
 * Lists the skills a source holds, exactly as `install` would take them:
 * the source's own `SKILL.md` when it has one (nothing nested is installed
 * from it), else every skill up to four levels below it, without those
 * marked `metadata.internal: true` unless `internal`; with `owner/repo@skill`,
 * only that skill. Installs nothing. A git source is fetched into a
 * temporary directory that is removed afterwards; of a website, only the
 * well-known index is read (every skill it lists, with its description).
 *
 * @example List a local collection
 * ```ts
 * import { listSource } from "@skillscope/skills/install";
 * import { join } from "node:path";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * for (const name of ["alpha", "beta"]) {
 *   await Deno.mkdir(join(source, name));
 *   await Deno.writeTextFile(
 *     join(source, name, "SKILL.md"),
 *     `---\nname: ${name}\ndescription: The ${name} skill\n---\n`,
 *   );
 * }
 * const offered = await listSource(source);
 * assert.deepEqual(offered.map((s) => s.name), ["alpha", "beta"]);
 * ```
 *
 * @param spec A local path or a git source, as for `install`.
 * @param options Git runner, timeout, `internal`.
 * @returns The skills, in path order.
 * @throws {InstallError} `source-refused`, `source-ambiguous`,
 *   `source-missing`, `git-failed`.
 */
export async function listSource(
  spec: string,
  options: ListSourceOptions = {},
): Promise<OfferedSkill[]> {
  await loadYamlParser(); // the skills found are validated synchronously
  const { source: parsed, fallback } = await chooseWebSource(
    chooseInstallSource(spec).source,
    options,
  );
  if (parsed.kind === "web") {
    // One index request: the artifacts are downloaded only to install.
    const index = await webIndexOf(parsed, options);
    // Nothing installable: the error says what the index left out, and why.
    if (index.entries.length === 0) pickWebEntry(index, undefined);
    return index.entries.map((e) => ({
      name: e.name,
      description: e.description,
      path: displayUrl(e.version === "0.2" ? e.url : e.base),
      ...(e.version === "0.2" ? { digest: e.digest } : {}),
    }));
  }
  if (parsed.kind === "local") {
    const root = resolve(parsed.path);
    assertReadPermission(root);
    return offered(root, spec, parsed, options);
  }
  const temp = await Deno.makeTempDir({ prefix: "skillscope-list-" });
  try {
    const clone = join(temp, "clone");
    await fetchGit(parsed, clone, options).catch((error) => {
      throw afterGitFallback(error, fallback);
    });
    const root = parsed.subpath === undefined
      ? clone
      : join(clone, parsed.subpath);
    return offered(root, stripCredentials(spec), parsed, options);
  } finally {
    await Deno.remove(temp, { recursive: true }).catch(() => {});
  }
}

function offered(
  root: string,
  label: string,
  source: InstallSource,
  options: ListSourceOptions,
): OfferedSkill[] {
  try {
    if (!Deno.statSync(root).isDirectory) throw new Error("not a directory");
  } catch {
    throw new InstallError(
      "source-missing",
      `Source "${label}" is not a directory`,
    );
  }
  const only = source.kind === "git" ? source.skill : undefined;
  const invalid = invalidSkillsBelow(root).filter((s) =>
    only === undefined || invalidNamed(s, only)
  );
  if (invalid.length > 0) options.onInvalid?.(invalid);
  // A skill asked for by name is offered even when internal, as install takes it.
  return skillsOffered(root, options.internal === true || only !== undefined)
    .filter((s) => only === undefined || s.name === only)
    .map((s) => ({
      name: s.name,
      description: s.description,
      path: relative(root, s.dir) || ".",
    }));
}
