// Copyright 2026 the skillscope authors. MIT license.
/**
 * Finding the skill in a fetched source (the root, or the one or named skill below it) and checking its name and description strictly.
 *
 * @module
 */
import { join } from "node:path";
import { discoverSync } from "../discover/discover.ts";
import { SkillParseError } from "../shared/errors.ts";
import { readFrontmatterSync } from "../parse/frontmatter.ts";
import { analyzeFrontmatter } from "../parse/skill_md.ts";
import { isDirectorySkill } from "../discover/build_skill.ts";
import type { DirectorySkill } from "../shared/types.ts";
import { directorySource } from "../discover/sources.ts";
import { isFileSync as isFile } from "../shared/fs_checks.ts";
import { InstallError } from "./errors.ts";

const SCAN_DEPTH = 4;

/** The skill directory in a source: the root itself, or the only (or the named) skill below it. */
export function locateSkill(
  root: string,
  wanted: string | undefined,
  label: string,
): string {
  if (isFile(join(root, "SKILL.md"))) {
    const name = nameOf(root);
    if (wanted === undefined || wanted === name) return root;
    throw new InstallError(
      "no-skill",
      `${label} holds one skill, "${name}", not "${wanted}"`,
    );
  }
  const all = skillsBelow(root);
  const candidates = all.filter((s) =>
    wanted === undefined || s.name === wanted
  );
  const describe = (list: readonly DirectorySkill[]) =>
    list.map((s) => `${s.name} (${s.dir.slice(root.length + 1) || "."})`).join(
      ", ",
    );
  if (candidates.length === 1) return candidates[0]!.dir;
  if (candidates.length === 0) {
    throw new InstallError(
      "no-skill",
      wanted === undefined
        ? `No skill (a directory with a SKILL.md) found in ${label}`
        : `No skill named "${wanted}" in ${label}${
          all.length ? `; it has ${describe(all)}` : ""
        }`,
    );
  }
  throw new InstallError(
    "several-skills",
    `${label} holds ${candidates.length} skills: ${
      describe(candidates)
    }; pick one with --skill NAME`,
  );
}

function nameOf(dir: string): string | undefined {
  try {
    const head = readFrontmatterSync(join(dir, "SKILL.md"));
    const name = analyzeFrontmatter(head.yaml, { strict: true }).fields.name;
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
      `${file} has no "name"; installing needs one`,
    );
  }
  const blocking = analyzed.diagnostics.filter((d) =>
    (d.code.startsWith("name-") && d.code !== "name-dir-mismatch") ||
    d.code === "description-missing"
  );
  if (blocking.length > 0) {
    throw new InstallError(
      "skill-invalid",
      `Refusing to install: ${blocking.map((d) => d.message).join("; ")}`,
    );
  }
  if (
    name === "." || name === ".." || name.includes("/") ||
    name.includes("\\") || name.startsWith(".")
  ) {
    throw new InstallError(
      "skill-invalid",
      `Refusing to install under the unsafe name "${name}"`,
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
  return discoverSync({
    sources: [
      directorySource(root, {
        recursive: true,
        maxDepth: SCAN_DEPTH,
        followSymlinks: false,
      }),
    ],
    cache: false,
  }).skills.filter(isDirectorySkill);
}
