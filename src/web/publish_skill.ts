// Copyright 2026 the skillscope authors. MIT license.
/**
 * One skill directory as a publisher reads it: every file through the
 * shared walker and the checked reader (regular files only, inside the
 * skill, capped), hidden entries and `node_modules` never published, and
 * the whole skill refused — with a diagnostic — when it holds a symlink or
 * a special file, is over the caps, or has a `SKILL.md` that a client
 * would refuse.
 *
 * @module
 */
import { parseSkillMd } from "../parse/skill_md.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import { loadYamlParser } from "../parse/yaml.ts";
import { readInsideSync } from "../shared/checked_read.ts";
import { parseErrorDiagnostic } from "../shared/diagnostics.ts";
import { messageOf, SkillParseError } from "../shared/errors.ts";
import {
  MAX_INSTALL_BYTES,
  MAX_INSTALL_FILES,
} from "../shared/install_limits.ts";
import { basename, join } from "../shared/path.ts";
import { walkSkillTree } from "../shared/skill_tree.ts";
import type { Diagnostic } from "../shared/types.ts";
import { entryPath } from "./archive_entry.ts";
import type { SiteSkill } from "./site.ts";
import { checkSkillMd } from "./skill_check.ts";

/**
 * Caps of {@linkcode readPublishableSkill}: what a client accepts.
 *
 * @example Leave out a skill over the file cap
 * ```ts
 * import { type PublishLimits, publishSkills } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/skills/hi`, { recursive: true });
 * await Deno.writeTextFile(`${root}/skills/hi/SKILL.md`, "---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * await Deno.writeTextFile(`${root}/skills/hi/notes.md`, "# Notes\n");
 * const limits: PublishLimits = { maxFiles: 1 };
 * assert.equal((await publishSkills(`${root}/skills`, `${root}/site`, limits)).skipped, 1);
 * ```
 */
export interface PublishLimits {
  /** Most files in one skill (default 10 000, the install cap). */
  readonly maxFiles?: number | undefined;
  /** Most bytes of one skill (default 200 MiB, the install cap). */
  readonly maxBytes?: number | undefined;
}

/**
 * Why a skill is not published, as a `web-publish-skipped` error.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { skipped } from "./publish_skill.ts";
 *
 * assert.equal(skipped("/s/a", "it is a test").code, "web-publish-skipped");
 * ```
 *
 * @param dir The skill directory.
 * @param why The reason.
 * @returns The diagnostic.
 */
export function skipped(dir: string, why: string): Diagnostic {
  return {
    level: "error",
    code: "web-publish-skipped",
    message: `"${dir}" is not published: ${why}`,
    path: dir,
  };
}

/** A skill's files, or why it cannot be published. */
type Collected =
  | {
    readonly files: Map<string, Uint8Array>;
    readonly executable: Set<string>;
  }
  | { readonly refused: Diagnostic };

/** Reads every publishable file of `dir`, or refuses the skill. */
function collectFiles(
  dir: string,
  limits: { maxFiles: number; maxBytes: number },
): Collected {
  const files = new Map<string, Uint8Array>();
  const executable = new Set<string>();
  let realDir: string;
  try {
    realDir = Deno.realPathSync(dir);
  } catch (error) {
    return { refused: skipped(dir, messageOf(error)) };
  }
  let dirs = 0;
  let bytes = 0;
  let over = false;
  const tooLarge = (): Error =>
    new RangeError(`its files add up to more than ${limits.maxBytes} bytes`);
  try {
    for (
      const entry of walkSkillTree(dir, {
        skip: "hidden",
        enter: () => !(over ||= ++dirs > limits.maxFiles),
      })
    ) {
      if (entry.kind === "symlink") {
        return {
          refused: skipped(
            dir,
            `"${entry.rel}" is a symlink (to ${
              JSON.stringify(entry.link)
            }); a published skill holds regular files only: replace the link with a copy of the file or remove it`,
          ),
        };
      }
      if (entry.kind === "undecodable") {
        const at = entry.rel.includes("/")
          ? entry.rel.slice(0, entry.rel.lastIndexOf("/"))
          : ".";
        return {
          refused: skipped(
            dir,
            `a file name in "${at}" is not valid UTF-8: it cannot be read or published (rename it)`,
          ),
        };
      }
      if (entry.kind === "special") {
        return {
          refused: skipped(
            dir,
            `"${entry.rel}" is not a regular file or directory`,
          ),
        };
      }
      if (entry.kind === "directory") continue;
      if (entryPath(entry.rel) !== entry.rel) {
        return {
          refused: skipped(
            dir,
            `"${entry.rel}" cannot be a path in an archive`,
          ),
        };
      }
      if (files.size >= limits.maxFiles) {
        return {
          refused: skipped(dir, `it has more than ${limits.maxFiles} files`),
        };
      }
      const content = readInsideSync(realDir, entry.path, {
        maxBytes: limits.maxBytes - bytes,
        tooLarge,
      });
      bytes += content.length;
      files.set(entry.rel, content);
      const mode = Deno.lstatSync(entry.path).mode;
      if (mode !== null && (mode & 0o111) !== 0) executable.add(entry.rel);
    }
  } catch (error) {
    return { refused: skipped(dir, messageOf(error)) };
  }
  if (over) {
    return {
      refused: skipped(
        dir,
        `it has more than ${limits.maxFiles} directories`,
      ),
    };
  }
  return { files, executable };
}

/**
 * Reads a skill directory for publishing and checks it: its `SKILL.md`
 * must parse with discovery's rules without an error, carry a description
 * and a valid name (its own, or the directory's), and pass the check a
 * client makes on download; every other file must be a regular file
 * inside the skill. Hidden entries and `node_modules` are left out.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPublishableSkill } from "./publish_skill.ts";
 *
 * const dir = `${await Deno.makeTempDir()}/hi`;
 * await Deno.mkdir(dir);
 * await Deno.writeTextFile(`${dir}/SKILL.md`, "---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * await Deno.writeTextFile(`${dir}/.env`, "TOKEN=secret\n");
 * const read = await readPublishableSkill(dir);
 * assert.deepEqual([...read.skill!.files.keys()], ["SKILL.md"]);
 * await Deno.symlink("/etc/hostname", `${dir}/host.txt`);
 * assert.equal((await readPublishableSkill(dir)).skill, undefined);
 * ```
 *
 * @param dir The skill directory.
 * @param limits File and byte caps.
 * @returns The skill (when it can be published) and the diagnostics.
 */
export async function readPublishableSkill(
  dir: string,
  limits: PublishLimits = {},
): Promise<{ skill?: SiteSkill; diagnostics: Diagnostic[] }> {
  const collected = collectFiles(dir, {
    maxFiles: limits.maxFiles ?? MAX_INSTALL_FILES,
    maxBytes: limits.maxBytes ?? MAX_INSTALL_BYTES,
  });
  if ("refused" in collected) return { diagnostics: [collected.refused] };
  const { files, executable } = collected;
  const path = join(dir, "SKILL.md");
  const skillMd = files.get("SKILL.md");
  if (skillMd === undefined) {
    return {
      diagnostics: [skipped(dir, "it has no SKILL.md regular file")],
    };
  }
  const dirName = basename(dir);
  let parsed;
  try {
    parsed = parseSkillMd(new TextDecoder().decode(skillMd), {
      path,
      dirName,
      yamlParser: await loadYamlParser(),
    });
  } catch (error) {
    if (!(error instanceof SkillParseError)) throw error;
    return { diagnostics: [parseErrorDiagnostic(error)] };
  }
  const diagnostics = [...parsed.diagnostics];
  if (diagnostics.some((d) => d.level === "error")) return { diagnostics };
  const name = parsed.fields.name ?? dirName;
  const description = parsed.fields.description;
  if (!isValidSkillName(name)) {
    diagnostics.push(
      skipped(
        dir,
        `${
          JSON.stringify(name)
        } is not a valid skill name (lowercase letters, digits and single hyphens, at most 64 characters), which a well-known index requires`,
      ),
    );
    return { diagnostics };
  }
  if (description === undefined) return { diagnostics };
  try {
    await checkSkillMd(skillMd, name, path);
  } catch (error) {
    diagnostics.push(skipped(dir, messageOf(error)));
    return { diagnostics };
  }
  return { skill: { name, description, files, executable }, diagnostics };
}
