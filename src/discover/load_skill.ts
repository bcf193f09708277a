// Copyright 2026 the skillscope authors. MIT license.
/**
 * Loading one skill found by a scan, first phase: checking the directory and
 * its `SKILL.md` (regular files only, never opened otherwise) and reading its
 * head; the second (`parse_head.ts`) parses the head into the skill.
 *
 * @module
 */
import { basename, SEP } from "../shared/path.ts";
import { messageOf } from "../shared/errors.ts";
import {
  frontmatterOfHead,
  readFrontmatterFastSync,
  readFrontmatterOrError,
} from "../parse/frontmatter.ts";
import { isDirectorySync, isSymlinkSync } from "../shared/fs_checks.ts";
import { NotRegularFileError } from "../shared/open_file.ts";
import { Deferred } from "./parser_results.ts";
import { parseHead, type ReadHead } from "./parse_head.ts";
import type { ScanIo } from "./scan_io.ts";
import type { HeadRead } from "./parallel/read_ahead.ts";
import type { DirectorySource } from "./sources.ts";
import type { Diagnostic, Skill, SkillOrigin } from "../shared/types.ts";
import { notRegularFile } from "../shared/diagnostics.ts";

/** The file that makes a directory a skill. */
export const SKILL_MD = "SKILL.md";

/** What the loading steps of one scan share: the source, its origin, and what they collect. */
export interface LoadContext {
  readonly source: DirectorySource;
  readonly origin: SkillOrigin;
  /** Diagnostics in report order; a deferred skill's go in its place. */
  readonly diagnostics: (Diagnostic | Deferred)[];
  readonly stamps: Map<string, number>;
  /**
   * Takes a loaded (or deferred) skill at its relative path: the scan keeps
   * it, or, where the driver streams a flat root, hands it on at once.
   */
  readonly take: (rel: string, skill: Skill | Deferred) => void;
  /** Record modification times for stat revalidation (costs a stat per directory). */
  readonly wantStamps: boolean;
  /** How directories are listed. */
  readonly io: ScanIo;
}

/** The stamp of a path that does not exist. */
export const MISSING = -2;

/**
 * `dir` + separator + `name`, for a normalized absolute `dir` and a name from
 * a directory listing (no separators, never "." or ".."): what `join` would
 * return, without its normalization cost on the hot path.
 */
export function childPath(dir: string, name: string): string {
  return dir.endsWith(SEP) ? dir + name : dir + SEP + name;
}

/** The modification time in ms, `-1` when unknown. */
export function mtimeOf(info: Deno.FileInfo): number {
  return info.mtime?.getTime() ?? -1;
}

/** Records the modification time of a path for stat revalidation. */
export function stampOf(path: string, stamps: Map<string, number>): void {
  try {
    stamps.set(path, mtimeOf(Deno.statSync(path)));
  } catch {
    stamps.set(path, MISSING);
  }
}

/**
 * The agents that read a root, as the subject of a sentence ("Codex does",
 * "Codex, Gemini CLI do"), named from the client table when the default
 * roots set `readBy`; `undefined` for a root no agent was named for.
 */
function agentsDo(readers: readonly string[]): string | undefined {
  if (readers.length === 0) return undefined;
  return `${readers.join(", ")} ${readers.length === 1 ? "does" : "do"}`;
}

/**
 * Whether an entry is a directory, or a symlink to one that may be
 * followed; a symlink to a directory that may not be is reported, naming
 * the agents whose rules say so.
 */
export function isDirectoryEntry(
  entry: Deno.DirEntry,
  path: string,
  context: LoadContext,
): boolean {
  if (entry.isDirectory) return true;
  if (!entry.isSymlink) return false;
  if (!context.source.followSymlinks) {
    // Only a link to a directory could have been a skill directory: a
    // linked file is left without a word (a linked SKILL.md is reported
    // where it is read).
    if (!isDirectorySync(path)) return false;
    const who = agentsDo(context.source.readBy);
    context.diagnostics.push({
      level: "warning",
      code: "symlink-skipped",
      message: who === undefined
        ? `Symlink "${path}" was not followed (followSymlinks is off)`
        : `"${path}" is a symlinked directory, and ${who} not follow symlinked skill directories in this root; skipped`,
      path,
    });
    return false;
  }
  return isDirectorySync(path);
}

/**
 * A skill directory whose `SKILL.md` head has been read and awaits parsing
 * ({@linkcode finishSkill}); or what stopped it early, as a diagnostic; or
 * nothing (no `SKILL.md`).
 */
export type PendingSkill = ReadHead | Diagnostic | undefined;

/**
 * Runs one step of a skill's load with stack capture off. Its expected
 * failures (a missing file, YAML that does not parse, a rule broken) become
 * diagnostics; no stack of them is ever shown, and capturing one (twice per
 * js-yaml error) costs more than the rest of the failure. Restores the
 * caller's limit.
 */
function withoutStacks<A extends unknown[], R>(
  step: (...args: A) => R,
  ...args: A
): R {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return step(...args);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Flat mode, first phase: checks that dir/SKILL.md is a regular file and
 * reads its head. File system work only: a scan does it for a batch of
 * skills, then parses the batch, which keeps each loop's code and data warm
 * (about 20% faster than alternating per skill).
 */
export function readSkillDir(
  dir: string,
  rel: string,
  dirName: string,
  context: LoadContext,
  ahead?: HeadRead,
): PendingSkill {
  return withoutStacks(lookInSkillDir, dir, rel, dirName, context, ahead);
}

/** Recursive mode, first phase: a SKILL.md seen in a listing, checked and its head read. */
export function readListedSkillFile(
  file: string,
  dir: string,
  rel: string,
  entry: Deno.DirEntry,
  context: LoadContext,
): PendingSkill {
  return withoutStacks(checkListedSkillFile, file, dir, rel, entry, context);
}

/**
 * Second phase: reports what stopped a skill, or parses its head and adds
 * the skill — or, when it needs the full YAML parser, a deferred entry in
 * its place among the skills and the diagnostics.
 */
export function finishSkill(
  pending: PendingSkill,
  context: LoadContext,
): void {
  if (pending === undefined) return;
  if ("code" in pending) {
    context.diagnostics.push(pending);
    return;
  }
  const { source, origin } = context;
  const loaded = withoutStacks(parseHead, pending, source, origin);
  if (loaded.needsParser) {
    const deferred = new Deferred(() =>
      withoutStacks(parseHead, pending, source, origin)
    );
    context.diagnostics.push(deferred);
    context.take(pending.rel, deferred);
    context.io.onDeferred?.();
    return;
  }
  for (const d of loaded.diagnostics) context.diagnostics.push(d);
  if (loaded.skill) context.take(pending.rel, loaded.skill);
}

function lookInSkillDir(
  dir: string,
  rel: string,
  dirName: string,
  context: LoadContext,
  ahead: HeadRead | undefined,
): PendingSkill {
  const file = childPath(dir, SKILL_MD);
  if (ahead !== undefined) {
    // Read ahead on a worker as the fast read below reads it, after a stat
    // that showed a regular file; kept only where the frontmatter closes in it.
    const head = frontmatterOfHead(ahead.bytes, file);
    if (head !== undefined) {
      if (context.wantStamps) context.stamps.set(file, ahead.mtime);
      return { file, dir, rel, dirName, head };
    }
  }
  let info: Deno.FileInfo;
  try {
    info = context.source.followSymlinkedSkillMd
      ? Deno.statSync(file)
      : Deno.lstatSync(file);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      if (isSymlinkSync(file)) {
        return {
          level: "error",
          code: "skill-md-not-file",
          message: `"${file}" is a dangling symlink; skipped`,
          path: file,
        };
      }
      if (context.wantStamps) {
        stampOf(dir, context.stamps); // a SKILL.md created later changes this directory
      }
      return undefined;
    }
    return {
      level: "error",
      code: "read-failed",
      message: `Cannot read "${file}": ${messageOf(error)}`,
      path: file,
    };
  }
  return readIfRegular(file, dir, rel, dirName, info, context);
}

function checkListedSkillFile(
  file: string,
  dir: string,
  rel: string,
  entry: Deno.DirEntry,
  context: LoadContext,
): PendingSkill {
  let info: Deno.FileInfo;
  try {
    info = entry.isSymlink && context.source.followSymlinkedSkillMd
      ? Deno.statSync(file)
      : Deno.lstatSync(file);
  } catch (error) {
    const dangling = error instanceof Deno.errors.NotFound;
    return {
      level: "error",
      code: dangling ? "skill-md-not-file" : "read-failed",
      message: dangling
        ? `"${file}" is a dangling symlink; skipped`
        : `Cannot read "${file}": ${messageOf(error)}`,
      path: file,
    };
  }
  return readIfRegular(file, dir, rel, basename(dir), info, context);
}

function readIfRegular(
  file: string,
  dir: string,
  rel: string,
  dirName: string,
  info: Deno.FileInfo,
  context: LoadContext,
): PendingSkill {
  if (context.wantStamps) context.stamps.set(file, mtimeOf(info));
  if (info.isSymlink) {
    const who = agentsDo(context.source.readBy);
    return {
      level: "warning",
      code: "symlink-skipped",
      message: context.source.followSymlinks
        ? `"${file}" is a symlink, and ${
          who ?? "this root's agent does"
        } not read a symlinked SKILL.md; skipped`
        : who === undefined
        ? `"${file}" is a symlink and followSymlinks is off; skipped`
        : `"${file}" is a symlink, and ${who} not follow symlinks in this root; skipped`,
      path: file,
    };
  }
  if (!info.isFile) return notRegularFile(file, info);
  // Following symlinks, a file just seen to be regular is read with one open,
  // read and close; anything unusual is read again through the checks.
  if (context.source.followSymlinkedSkillMd) {
    const head = readFrontmatterFastSync(file);
    if (head !== undefined) return { file, dir, rel, dirName, head };
  }
  try {
    // Parse failures come back as values: no throw on the hot path. The open
    // never blocks (a FIFO swapped in after the stat is closed unread); with
    // symlinks off, the opened file must be the one lstat saw, not a link's target.
    const head = readFrontmatterOrError(
      file,
      context.source.followSymlinkedSkillMd
        ? {}
        : { expect: info, noFollow: true },
    );
    return { file, dir, rel, dirName, head };
  } catch (error) {
    if (error instanceof NotRegularFileError) {
      return {
        level: "error",
        code: "skill-md-not-file",
        message:
          `${error.message}: it was replaced after its check, and nothing was read`,
        path: file,
      };
    }
    return {
      level: "error",
      code: "read-failed",
      message: `Cannot read "${file}": ${messageOf(error)}`,
      path: file,
    };
  }
}
