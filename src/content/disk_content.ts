// Copyright 2026 the skillscope authors. MIT license.
/**
 * The content of a skill on disk, read on demand: the body of `SKILL.md`,
 * its files (with containment checks) and the list of them — never more
 * than a cap, never through a symlink that leaves the skill. A skill served
 * under an approval checks every read against it.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { messageOf, SkillAccessError } from "../shared/errors.ts";
import { escapeTerminal } from "../shared/escape.ts";
import { splitFrontmatter } from "../parse/frontmatter.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import type { DirectorySkill, Skill } from "../shared/types.ts";
import {
  readCheckedSync,
  readInsideSync,
  retryReplaced,
} from "../shared/checked_read.ts";
import { NotRegularFileError } from "../shared/open_file.ts";
import { ContainmentError } from "../shared/containment.ts";
import { parentOf, walkSkillTree } from "../shared/skill_tree.ts";
import {
  type FileIdentity,
  fileIdentity,
  stampTree,
} from "../shared/tree_stamp.ts";
import {
  MAX_ASSET_BYTES,
  MAX_BODY_BYTES,
  MAX_RESOURCES,
  type ReadFileOptions,
  readsOf,
  RESOURCE_DEPTH,
  servablePath,
  type SkillContent,
  type SkillResources,
} from "./skill_content.ts";

const decoder = new TextDecoder();

/**
 * What every read of an approved skill is checked against (see
 * `keepApproved`): each throws `skill-changed-since-approval` when what is
 * about to be returned is not what was approved.
 *
 * @example Serving only files that were listed before
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
 * import { diskContent, type ReadCheck } from "./disk_content.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n");
 * await Deno.writeTextFile(`${root}/demo/new.sh`, "echo");
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * const check: ReadCheck = {
 *   bytes: () => {},
 *   listing: (files) => { if (files.length > 0) throw new Error(`unexpected ${files}`); },
 * };
 * await assert.rejects(diskContent(skill!, check).listFiles(), /unexpected new.sh/);
 * ```
 */
export interface ReadCheck {
  /** Checks the bytes of the file `rel` (`/` separators). */
  bytes(rel: string, bytes: Uint8Array): void;
  /** Checks a listing of the skill's files. */
  listing(files: readonly string[]): void;
}

/**
 * The content of a skill on disk: each read goes to its files, through the
 * checks of {@linkcode readAssetSync}; with `check`, every read is checked
 * against an approval and nothing read is kept by a cache.
 *
 * @example Usage
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
 * import { diskContent } from "./disk_content.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n# Demo\n");
 * await Deno.writeTextFile(`${root}/demo/a.md`, "A");
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * const content = diskContent(skill!);
 * assert.equal(await content.readBody(), "# Demo\n");
 * assert.deepEqual((await content.listFiles()).files, ["a.md"]);
 * ```
 *
 * @param skill A skill found in a directory (any other is refused when read).
 * @param check What every read is checked against, for an approved skill.
 * @returns Its content.
 */
export function diskContent(skill: Skill, check?: ReadCheck): SkillContent {
  return readsOf({
    skillMd: (maxBytes) => ({
      bytes: readSkillFileSync(skill, maxBytes, check),
    }),
    readFile: (path, options = {}) =>
      readAssetSync(skill, path, { ...options, check }),
    listFiles: (options = {}) =>
      listResourcesSync(skill, { ...options, check }),
    stamp: (limits) =>
      check === undefined ? stampTree(onDisk(skill).dir, limits) : undefined,
    identity(path): FileIdentity | undefined {
      const found = isOnDisk(skill)
        ? fileIdentity(path === "SKILL.md" ? skill.path : join(skill.dir, path))
        : undefined;
      // Bytes checked against an approval are never shared with another
      // skill's reads of the same file.
      return found && check !== undefined ? { ...found, racy: true } : found;
    },
  }, (maxBytes) => readBodySync(skill, { maxBytes, check }));
}

/**
 * Reads the Markdown body of a skill (frontmatter stripped) from disk; a
 * skill held in memory (or a copy of one) answers with its `body`.
 *
 * @example Usage
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
 * import { readBodySync } from "./disk_content.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n# Demo\n");
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * assert.equal(readBodySync(skill!), "# Demo\n");
 * ```
 *
 * @param skill The skill.
 * @param options `maxBytes`: the largest SKILL.md read (default 1 MiB);
 *   `check`: an approval to check the bytes against.
 * @returns The body.
 * @throws {SkillAccessError} `body-too-large` or `read-failed`.
 * @throws {PermissionDeniedError} when the skill directory may not be read.
 */
export function readBodySync(
  skill: Skill,
  options: { maxBytes?: number; check?: ReadCheck | undefined } = {},
): string {
  if (skill.source.kind === "embedded" && typeof skill.body === "string") {
    return skill.body;
  }
  const path = onDisk(skill).path;
  assertReadPermission(path);
  // Read from the descriptor that was checked, never more than the cap:
  // a swap to /dev/zero after the check cannot make the read endless.
  const bytes = readSkillFileSync(
    skill,
    options.maxBytes ?? MAX_BODY_BYTES,
    options.check,
  );
  try {
    const split = splitFrontmatter(decoder.decode(bytes), path);
    return split.text.slice(split.bodyStart);
  } catch (error) {
    throw readFailed(error, skill, path, path);
  }
}

/**
 * Reads the whole `SKILL.md` of a skill on disk from the descriptor that was
 * checked, at most `maxBytes`.
 *
 * @example Usage
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
 * import { readSkillFileSync } from "./disk_content.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n# Demo\n");
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * assert.match(new TextDecoder().decode(readSkillFileSync(skill!, 1024)), /^---\nname: demo/);
 * assert.throws(() => readSkillFileSync(skill!, 8), /the limit is 8/);
 * ```
 *
 * @param skill A skill discovered from a directory.
 * @param maxBytes The cap.
 * @param check An approval the bytes must match.
 * @returns The bytes.
 * @throws {SkillAccessError} `body-too-large` or `read-failed`.
 */
export function readSkillFileSync(
  skill: Skill,
  maxBytes: number,
  check?: ReadCheck,
): Uint8Array {
  const { path } = onDisk(skill);
  try {
    const bytes = retryReplaced(() => {
      const info = Deno.statSync(path);
      if (!info.isFile) {
        throw new SkillAccessError(
          "read-failed",
          skill.name,
          `"${escapeTerminal(path)}" is no longer a regular file`,
          path,
        );
      }
      return readCheckedSync(
        path,
        info,
        maxBytes,
        (size) =>
          new SkillAccessError(
            "body-too-large",
            skill.name,
            `SKILL.md of "${
              escapeTerminal(skill.name)
            }" is ${size} bytes; the limit is ${maxBytes}`,
            path,
          ),
      );
    });
    // An approved skill serves only the bytes that were approved.
    check?.bytes("SKILL.md", bytes);
    return bytes;
  } catch (error) {
    throw readFailed(error, skill, path, path);
  }
}

/**
 * Reads a file bundled with a skill on disk. The path must be relative,
 * without `..`, and name no hidden file and no `node_modules` (the
 * listing's rule; `allowHidden` lifts it); its real path must lie inside
 * the skill's real directory (so a symlink pointing outside is refused); it
 * must be a regular file within the size cap.
 *
 * @example Usage
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
 * import { readAssetSync } from "./disk_content.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n");
 * await Deno.writeTextFile(`${root}/demo/a.md`, "A");
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * assert.equal(new TextDecoder().decode(readAssetSync(skill!, "a.md")), "A");
 * assert.throws(() => readAssetSync(skill!, "../demo/a.md"), /must be relative/);
 * ```
 *
 * @param skill The skill.
 * @param path The file's path relative to the skill directory.
 * @param options `maxBytes` (default 1 MiB); `allowHidden` to serve hidden
 *   files and `node_modules` too; `check`: an approval to check against.
 * @returns The file's bytes.
 * @throws {SkillAccessError} `asset-path-invalid`, `asset-outside-skill`, `asset-not-found`,
 *   `asset-not-file`, `asset-too-large` or `read-failed`.
 * @throws {PermissionDeniedError} when the skill directory may not be read.
 */
export function readAssetSync(
  skill: Skill,
  path: string,
  options: ReadFileOptions & { check?: ReadCheck | undefined } = {},
): Uint8Array {
  const maxBytes = options.maxBytes ?? MAX_ASSET_BYTES;
  const rel = servablePath(skill, path, options);
  const { dir } = onDisk(skill);
  assertReadPermission(dir);
  const candidate = join(dir, rel);
  let realDir: string;
  try {
    realDir = Deno.realPathSync(dir);
  } catch (error) {
    throw new SkillAccessError(
      "read-failed",
      skill.name,
      `Cannot resolve "${dir}": ${messageOf(error)}`,
      path,
    );
  }
  try {
    // The real path must lie inside the skill's real directory, the opened
    // file must be the one it resolves to (a symlink flipped in between is
    // caught), and the read never blocks and is capped.
    const bytes = readInsideSync(realDir, candidate, {
      maxBytes,
      tooLarge: (size) =>
        new SkillAccessError(
          "asset-too-large",
          skill.name,
          `"${escapeTerminal(rel)}" of "${
            escapeTerminal(skill.name)
          }" is ${size} bytes; the limit is ${maxBytes}`,
          path,
        ),
    });
    options.check?.bytes(rel, bytes);
    return bytes;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new SkillAccessError(
        "asset-not-found",
        skill.name,
        `"${escapeTerminal(skill.name)}" has no file "${escapeTerminal(rel)}"`,
        path,
      );
    }
    if (error instanceof ContainmentError) {
      throw new SkillAccessError(
        "asset-outside-skill",
        skill.name,
        `"${escapeTerminal(rel)}" of "${
          escapeTerminal(skill.name)
        }" resolves to "${error.resolved}", outside the skill directory "${realDir}"`,
        path,
      );
    }
    if (error instanceof NotRegularFileError) {
      throw new SkillAccessError(
        "asset-not-file",
        skill.name,
        `"${escapeTerminal(rel)}" of "${
          escapeTerminal(skill.name)
        }" is not a regular file`,
        path,
      );
    }
    throw readFailed(error, skill, candidate, path);
  }
}

/**
 * Lists the files bundled with a skill on disk — never reading them — by
 * the rule that decides what may be read: hidden entries and
 * `node_modules` are skipped, directory symlinks are not followed, file
 * symlinks resolving outside the skill are left out.
 *
 * @example Usage
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
 * import { listResourcesSync } from "./disk_content.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo/.git`, { recursive: true });
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n");
 * await Deno.writeTextFile(`${root}/demo/b.md`, "B");
 * await Deno.writeTextFile(`${root}/demo/.git/config`, "");
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * assert.deepEqual(listResourcesSync(skill!), { files: ["b.md"], truncated: false });
 * ```
 *
 * @param skill The skill.
 * @param options `max` files listed (default 200), `maxDepth` (default 6);
 *   `check`: an approval the listing must match.
 * @returns The sorted relative paths and whether the list was cut.
 * @throws {PermissionDeniedError} when the skill directory may not be read.
 * @throws {SkillAccessError} `skill-changed-since-approval` for an approved
 *   skill holding a file that was not approved.
 */
export function listResourcesSync(
  skill: Skill,
  options: { max?: number; maxDepth?: number; check?: ReadCheck | undefined } =
    {},
): SkillResources {
  const max = options.max ?? MAX_RESOURCES;
  const maxDepth = options.maxDepth ?? RESOURCE_DEPTH;
  const { dir } = onDisk(skill);
  assertReadPermission(dir);
  try {
    Deno.realPathSync(dir);
  } catch {
    return Object.freeze({ files: Object.freeze([]), truncated: false });
  }
  const files: string[] = [];
  const unreadable = new Set<string>();
  let truncated = false;
  for (
    const entry of walkSkillTree(dir, {
      skip: "hidden",
      enter: (e) => e.depth < maxDepth,
      onError: "skip",
    })
  ) {
    // List exactly what readAsset can serve: a backslash is a separator
    // there, and a name that is not valid UTF-8 arrives here with U+FFFD
    // and cannot be opened by it.
    if (entry.name.includes("\\")) continue;
    if (entry.kind === "undecodable") {
      unreadable.add(parentOf(entry));
      continue;
    }
    if (entry.rel === "SKILL.md" || entry.kind === "directory") continue;
    if (entry.kind === "special") continue;
    if (
      entry.kind === "symlink" &&
      !(entry.resolved?.inside === true && entry.resolved.info.isFile)
    ) continue;
    if (files.length >= max) {
      truncated = true;
      break;
    }
    files.push(entry.rel);
  }
  // An approved skill lists only what was approved: a file added since is refused.
  options.check?.listing(files);
  return Object.freeze({
    files: Object.freeze(files.sort(compare)),
    truncated,
    ...(unreadable.size === 0
      ? {}
      : { unreadable: Object.freeze([...unreadable]) }),
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `error` itself when it is a SkillAccessError, else `read-failed` naming `target`. */
function readFailed(
  error: unknown,
  skill: Skill,
  target: string,
  path: string,
): SkillAccessError {
  if (error instanceof SkillAccessError) return error;
  return new SkillAccessError(
    "read-failed",
    skill.name,
    `Cannot read "${target}": ${messageOf(error)}`,
    path,
  );
}

/**
 * The skill as one on disk; a skill from elsewhere (or a copy that lost its
 * content) is refused with `read-failed` naming it.
 */
function onDisk(skill: Skill): DirectorySkill {
  if (isOnDisk(skill)) return skill;
  throw new SkillAccessError(
    "read-failed",
    skill.name,
    `"${
      escapeTerminal(skill.name)
    }" (${skill.source.kind}: ${skill.source.key}) has no files on disk to read`,
  );
}

/** Whether a skill was found in a directory (its `path` and `dir` are set). */
function isOnDisk(skill: Skill): skill is DirectorySkill {
  return skill.source.kind === "directory" && skill.path !== undefined &&
    skill.dir !== undefined;
}
