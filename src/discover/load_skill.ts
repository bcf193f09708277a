// Copyright 2026 the skillscope authors. MIT license.
/**
 * Loading one skill found by a scan, in two phases: checking the directory
 * and its `SKILL.md` (regular files only, never opened otherwise) and
 * reading its head; then parsing the head into the skill, or into the
 * diagnostics of why it is not one.
 *
 * @module
 */
import { basename, SEP } from "../shared/path.ts";
import { messageOf, SkillParseError } from "../shared/errors.ts";
import {
  type FrontmatterHead,
  frontmatterOfHead,
  readFrontmatterFastSync,
  readFrontmatterOrError,
} from "../parse/frontmatter.ts";
import { analyzeFrontmatterOrError } from "../parse/skill_md.ts";
import { describeFromBody } from "../parse/description_fallback.ts";
import {
  NEEDS_FULL_PARSER,
  readCodexMetadata,
  withMetadataShortDescription,
} from "../parse/codex_metadata.ts";
import type { YamlParser } from "../parse/yaml.ts";
import { buildSkill } from "../parse/build_skill.ts";
import { capRetained } from "../parse/retain.ts";
import { isDirectorySync, isSymlinkSync } from "../shared/fs_checks.ts";
import { NotRegularFileError } from "../shared/open_file.ts";
import { Deferred } from "./parser_results.ts";
import type { Loaded } from "../parse/build_skill.ts";
import type { LoadContext } from "./scan_io.ts";
import type { HeadRead } from "./parallel/read_ahead.ts";
import type { DirectorySource } from "./sources.ts";
import type { Diagnostic, SkillOrigin } from "../shared/types.ts";
import { notRegularFile, parseErrorDiagnostic } from "../shared/diagnostics.ts";

/** The file that makes a directory a skill. */
export const SKILL_MD = "SKILL.md";

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
  // Never with the full parser: a scan is the same whoever asks for it.
  const loaded = withoutStacks(parseHead, pending, source, origin, undefined);
  if (loaded.needsParser) {
    const deferred = new Deferred((parser) =>
      withoutStacks(parseHead, pending, source, origin, parser)
    );
    context.diagnostics.push(deferred);
    context.take(pending.rel, deferred);
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

/** A `SKILL.md` head, read and not yet parsed. */
interface ReadHead {
  readonly file: string;
  readonly dir: string;
  readonly rel: string;
  readonly dirName: string;
  /** The frontmatter, or why there is none. */
  readonly head: FrontmatterHead | SkillParseError;
}

/**
 * Second phase: a read head parsed into a skill, with what was reported
 * about it; `needsParser` when it needs the full YAML parser it was not
 * given. Throws nothing: every failure is a diagnostic.
 */
function parseHead(
  pending: ReadHead,
  source: DirectorySource,
  origin: SkillOrigin,
  parser: YamlParser | undefined,
): Loaded {
  const { file, dir, dirName, head } = pending;
  const diagnostics: Diagnostic[] = [];
  try {
    if (head instanceof SkillParseError) return notLoaded(head, file, []);
    const analyzed = describeFromBody(
      analyzeFrontmatterOrError(head.yaml, {
        path: file,
        dirName,
        yamlLine: head.yamlLine,
        yamlParser: parser,
      }),
      file,
      source,
    );
    if (analyzed instanceof SkillParseError) {
      return notLoaded(analyzed, file, []);
    }
    for (const d of analyzed.diagnostics) diagnostics.push(d);
    if (analyzed.diagnostics.some((d) => d.level === "error")) {
      return { skill: undefined, diagnostics, needsParser: false };
    }
    const kept = capRetained(
      head.yaml.length,
      analyzed.frontmatter,
      analyzed.fields,
      file,
    );
    if (kept.diagnostic) diagnostics.push(kept.diagnostic);
    const read = source.codexMetadata
      ? readCodexMetadata(dir, diagnostics, parser)
      : undefined;
    const codex = source.codexMetadata
      ? withMetadataShortDescription(
        read === NEEDS_FULL_PARSER ? undefined : read,
        analyzed.fields.metadata,
      )
      : undefined;
    const skill = buildSkill(
      codex === undefined ? kept.fields : { ...kept.fields, ...codex },
      kept.frontmatter,
      {
        fallbackName: dirName,
        path: file,
        dir,
        source: origin,
        scope: source.scope,
      },
    );
    return { skill, diagnostics, needsParser: read === NEEDS_FULL_PARSER };
  } catch (error) {
    return notLoaded(error, file, diagnostics);
  }
}

/** A skill that is not loaded: what was reported so far, then why. */
function notLoaded(
  error: unknown,
  file: string,
  diagnostics: Diagnostic[],
): Loaded {
  const parseError = error instanceof SkillParseError;
  diagnostics.push(
    parseError ? parseErrorDiagnostic(error) : {
      level: "error",
      code: "read-failed",
      message: `Cannot read "${file}": ${messageOf(error)}`,
      path: file,
    },
  );
  return {
    skill: undefined,
    diagnostics,
    needsParser: parseError && error.code === "yaml-parser-not-loaded",
  };
}
