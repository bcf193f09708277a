// Copyright 2026 the skillscope authors. MIT license.
/**
 * Finding the skill in a fetched source (the root, or the one or named skill below it) and checking its name and description strictly.
 *
 * @module
 */
import { basename, dirname, join, relative } from "../shared/path.ts";
import { discoverSync } from "../discover/discover.ts";
import { SkillParseError } from "../shared/errors.ts";
import { readFrontmatterSync } from "../parse/frontmatter.ts";
import { analyzeFrontmatter } from "../parse/skill_md.ts";
import { isDirectorySkill } from "../parse/build_skill.ts";
import type { DirectorySkill, Skill } from "../shared/types.ts";
import { directorySource } from "../discover/sources.ts";
import { isFileSync as isFile } from "../shared/fs_checks.ts";
import { firstItems } from "../shared/first_items.ts";
import { escapeTerminal } from "../shared/escape.ts";
import { InstallError } from "./errors.ts";
import type { InstallSource } from "./install_source.ts";
import { currentYamlParser, type YamlParser } from "../parse/yaml.ts";

const SCAN_DEPTH = 4;

/**
 * Whether a skill is marked for its maintainers only (`metadata.internal:
 * true`, vercel-labs/skills' convention in published collections): it is
 * offered only when asked for by name or with `--internal`.
 *
 * @param skill A skill.
 * @returns `true` when marked internal.
 */
export function isInternalSkill(skill: Skill): boolean {
  return skill.metadata?.internal?.trim().toLowerCase() === "true";
}

/**
 * The skills `install` offers in a source, in path order: the source's own
 * skill when it has a `SKILL.md` (nothing nested is installed from it),
 * else every skill up to four levels below it, internal ones only with
 * `internal`.
 *
 * @param root The source directory.
 * @param internal Offer internal skills too.
 * @returns The skills.
 */
export function skillsOffered(
  root: string,
  internal: boolean,
): DirectorySkill[] {
  const all = skillsBelow(root);
  if (isFile(join(root, "SKILL.md"))) {
    const real = Deno.realPathSync(root);
    return all.filter((s) => s.dir === root || s.dir === real);
  }
  return internal ? all : all.filter((s) => !isInternalSkill(s));
}

/**
 * A skill directory in a source that discovery skipped as invalid: its
 * directory name, its directory relative to the source, and why.
 */
export interface InvalidSkill {
  /** The directory's name (its frontmatter may not give one). */
  readonly name: string;
  /** Its directory, relative to the source. */
  readonly path: string;
  /** The code of the first error that makes it invalid. */
  readonly reason: string;
  /** The name its frontmatter gives, where that can be read. */
  readonly declared?: string;
}

/**
 * Whether an invalid skill answers to `name`: by its directory's name or by
 * the name its frontmatter gives.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { invalidNamed } from "./locate_skill.ts";
 *
 * const weird = { name: "weird-dir", path: "weird-dir", reason: "description-missing", declared: "gamma" };
 * assert.equal(invalidNamed(weird, "gamma"), true);
 * assert.equal(invalidNamed(weird, "weird-dir"), true);
 * assert.equal(invalidNamed(weird, "delta"), false);
 * ```
 *
 * @param skill The invalid skill.
 * @param name The name asked for.
 * @returns `true` when either name is `name`.
 */
export function invalidNamed(skill: InvalidSkill, name: string): boolean {
  return skill.name === name || skill.declared === name;
}

/**
 * The skill directories below a source's root that are invalid (a folder of
 * skills only: a source with its own `SKILL.md` offers only that one).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { invalidSkillsBelow } from "./locate_skill.ts";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/bad`);
 * await Deno.writeTextFile(`${root}/bad/SKILL.md`, "---\nname: bad\n---\n");
 * assert.deepEqual(invalidSkillsBelow(root).map((s) => s.reason), ["description-missing"]);
 * ```
 *
 * @param root The source directory.
 * @returns The invalid skills, in path order.
 */
export function invalidSkillsBelow(root: string): InvalidSkill[] {
  if (isFile(join(root, "SKILL.md"))) return [];
  return scanBelow(root).invalid;
}

/**
 * How a message names invalid skills:
 * `gamma-bad (skills/gamma-bad) is invalid: description-missing`, names
 * and paths escaped to stay on one line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeInvalid } from "./locate_skill.ts";
 *
 * assert.equal(
 *   describeInvalid([{ name: "b", path: "skills/b", reason: "description-missing" }]),
 *   "b (skills/b) is invalid: description-missing",
 * );
 * ```
 *
 * @param invalid The invalid skills.
 * @returns The text, `""` for none.
 */
export function describeInvalid(invalid: readonly InvalidSkill[]): string {
  return firstItems(
    invalid.map((s) =>
      `${escapeTerminal(s.name)} (${
        escapeTerminal(s.path)
      }) is invalid: ${s.reason}`
    ),
  );
}

/**
 * The skill directory in a source: the root itself, or the named skill
 * below it, or the only one (internal ones count only with `internal`).
 */
export function locateSkill(
  root: string,
  wanted: string | undefined,
  label: string,
  internal = false,
): string {
  if (isFile(join(root, "SKILL.md"))) {
    const name = nameOf(root);
    if (wanted === undefined || wanted === name) return root;
    throw new InstallError(
      "no-skill",
      `${label} holds one skill, "${escapeTerminal(String(name))}", not "${
        escapeTerminal(wanted)
      }"`,
    );
  }
  const { skills: all, invalid, shadowed } = scanBelow(root);
  // Names compare as installed (NFKC): "café" composed or decomposed is one.
  const key = wanted?.normalize("NFKC");
  const candidates = all.filter((s) =>
    key === undefined
      ? internal || !isInternalSkill(s)
      : s.name.normalize("NFKC") === key
  );
  // Two skills of the source under one name (discovery keeps the first):
  // which one to install is not for a directory listing's order to decide.
  const twin = shadowed.find((s) => key === undefined || s.name === key);
  if (twin !== undefined && (key !== undefined || candidates.length === 1)) {
    throw sameNamed(root, label, twin.name, [...all, ...shadowed]);
  }
  // A skill's directory is named only where it differs from its name; both
  // come from the source, escaped to stay on one line.
  const describe = (list: readonly DirectorySkill[]) =>
    firstItems(list.map((s) => {
      const rel = s.dir.slice(root.length + 1) || ".";
      return escapeTerminal(rel === s.name ? s.name : `${s.name} (${rel})`);
    }));
  const bad = invalid.filter((s) =>
    wanted === undefined || invalidNamed(s, wanted)
  );
  const leftOut = bad.length === 0 ? "" : `; ${describeInvalid(bad)}`;
  if (candidates.length === 1) return candidates[0]!.dir;
  if (candidates.length === 0 && wanted !== undefined && bad.length > 0) {
    throw new InstallError(
      "skill-invalid",
      `${label} has no valid skill "${escapeTerminal(wanted)}": ${
        describeInvalid(bad)
      }`,
    );
  }
  if (candidates.length === 0) {
    throw new InstallError(
      "no-skill",
      wanted === undefined
        ? all.length > 0
          ? `${label} holds only internal skills (metadata.internal: true): ${
            describe(all)
          }; pick one with --skill NAME, or pass --internal`
          : `No skill (a directory with a SKILL.md) found in ${label}${leftOut}`
        : `No skill named "${escapeTerminal(wanted)}" in ${label}${
          all.length ? `; it has ${describe(all)}` : ""
        }`,
    );
  }
  throw new InstallError(
    "several-skills",
    `${label} holds ${candidates.length} skills: ${
      describe(candidates)
    }${leftOut}; pick one with --skill NAME`,
  );
}

/** The refusal of a source that holds several skills of one name. */
function sameNamed(
  root: string,
  label: string,
  name: string,
  skills: readonly { name: string; dir: string }[],
): InstallError {
  const dirs = skills.filter((s) => s.name.normalize("NFKC") === name)
    .map((s) => escapeTerminal(s.dir.slice(root.length + 1) || "."));
  return new InstallError(
    "several-skills",
    `${label} holds ${dirs.length} skills named "${escapeTerminal(name)}" (${
      firstItems(dirs)
    }); name the skill's own directory as the source`,
  );
}

function nameOf(dir: string): string | undefined {
  try {
    const head = readFrontmatterSync(join(dir, "SKILL.md"));
    const name = analyzeFrontmatter(head.yaml, {
      strict: true,
      yamlParser: currentYamlParser(),
    }).fields.name;
    return name?.normalize("NFKC");
  } catch {
    return undefined;
  }
}

/** Strict checks of name and description; returns the name (the directory name to install under). */
export function validateSkill(skillDir: string): string {
  const file = join(skillDir, "SKILL.md");
  let analyzed;
  try {
    const head = readFrontmatterSync(file);
    analyzed = analyzeFrontmatter(head.yaml, {
      path: file,
      strict: true,
      yamlLine: head.yamlLine,
      yamlParser: currentYamlParser(),
    });
  } catch (error) {
    if (error instanceof SkillParseError) {
      throw new InstallError("skill-invalid", error.message);
    }
    throw error;
  }
  const name = analyzed.fields.name?.normalize("NFKC");
  if (name === undefined || name.trim() === "") {
    throw new InstallError(
      "skill-invalid",
      `${escapeTerminal(file)} has no "name"; installing needs one`,
    );
  }
  const blocking = analyzed.diagnostics.filter((d) =>
    (d.code.startsWith("name-") && d.code !== "name-dir-mismatch") ||
    d.code === "description-missing"
  );
  if (blocking.length > 0) {
    throw new InstallError(
      "skill-invalid",
      `Refusing to install: ${
        firstItems(blocking.map((d) => d.message), 3, { separator: "; " })
      }`,
    );
  }
  if (
    name === "." || name === ".." || name.includes("/") ||
    name.includes("\\") || name.startsWith(".")
  ) {
    throw new InstallError(
      "skill-invalid",
      `Refusing to install under the unsafe name "${escapeTerminal(name)}"`,
    );
  }
  return name;
}

/**
 * The skills a source holds below its root, as install looks for them:
 * every directory with a `SKILL.md` up to four levels down, symlinks not
 * followed, in path order.
 */
export function skillsBelow(root: string): DirectorySkill[] {
  return scanBelow(root).skills;
}

/** {@linkcode skillsBelow}, with the skill directories discovery skipped as invalid. */
function scanBelow(
  root: string,
): {
  skills: DirectorySkill[];
  invalid: InvalidSkill[];
  /** Skills hidden by an earlier one of the same name (NFKC). */
  shadowed: { name: string; dir: string }[];
} {
  const found = discoverSync({
    sources: [
      directorySource(root, {
        recursive: true,
        maxDepth: SCAN_DEPTH,
        followSymlinks: false,
      }),
    ],
    cache: false,
    // Install, list and check load the parser before they search a source.
    ...withParser(),
  });
  const skills = found.skills.filter(isDirectorySkill);
  const valid = new Set(skills.map((s) => s.dir));
  const invalid = new Map<string, InvalidSkill>();
  const shadowed: { name: string; dir: string }[] = [];
  for (const d of found.diagnostics) {
    if (d.code === "skill-shadowed" && d.path !== undefined) {
      const name = nameOf(dirname(d.path));
      if (name !== undefined) shadowed.push({ name, dir: dirname(d.path) });
      continue;
    }
    if (d.level !== "error" || d.path === undefined) continue;
    if (basename(d.path) !== "SKILL.md") continue;
    const dir = dirname(d.path);
    if (invalid.has(dir) || valid.has(dir) || dir === root) continue;
    const declared = nameOf(dir);
    invalid.set(dir, {
      name: basename(dir),
      path: relative(root, dir),
      reason: d.code,
      ...(declared === undefined ? {} : { declared }),
    });
  }
  return { skills, invalid: [...invalid.values()], shadowed };
}

function withParser(): { yamlParser?: YamlParser } {
  const yamlParser = currentYamlParser();
  return yamlParser === undefined ? {} : { yamlParser };
}

/**
 * The skill to install from a fetched source and the name to record: the
 * one `--skill` (or the source's `@skill`) names, else the only one. When
 * the name came from `@` and no skill has it, the error also says how a
 * ref is written — `@` named a ref in earlier versions.
 *
 * @param root The fetched source's directory.
 * @param source The parsed source (its `skill`, from `@skill`).
 * @param options `skill` (`--skill`), `internal`, and the source's label.
 * @returns The skill's directory, and the name asked for (if any).
 * @throws {InstallError} `source-refused` when `--skill` and `@skill`
 *   disagree, `no-skill`, `several-skills`.
 */
export function pickSkill(
  root: string,
  source: InstallSource,
  options: { skill?: string; internal?: boolean; label: string },
): { dir: string; skill: string | undefined } {
  const fromSpec = source.kind === "git" ? source.skill : undefined;
  if (
    options.skill !== undefined && fromSpec !== undefined &&
    options.skill !== fromSpec
  ) {
    throw new InstallError(
      "source-refused",
      `The source picks the skill "${fromSpec}" (after "@") and --skill picks "${options.skill}"; give one of them`,
    );
  }
  const skill = options.skill ?? fromSpec;
  try {
    return {
      dir: locateSkill(root, skill, options.label, options.internal === true),
      skill,
    };
  } catch (error) {
    if (
      error instanceof InstallError && error.code === "no-skill" &&
      options.skill === undefined && source.kind === "git" &&
      fromSpec !== undefined && source.ref === undefined
    ) {
      throw new InstallError(
        "no-skill",
        `${error.message}; if "${fromSpec}" is a git ref, write "#${fromSpec}" instead of "@${fromSpec}" ("@" picks a skill)`,
      );
    }
    throw error;
  }
}
