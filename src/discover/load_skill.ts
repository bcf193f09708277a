// Copyright 2026 the skillscope authors. MIT license.
/**
 * Loading one skill found by a scan: checking the directory and its `SKILL.md` (regular files only, never opened otherwise), reading the frontmatter, building the skill.
 *
 * @module
 */
import { basename, SEP } from "../shared/path.ts";
import { SkillParseError } from "../shared/errors.ts";
import { readFrontmatterOrError } from "../parse/frontmatter.ts";
import { isSymlinkSync } from "../shared/fs_checks.ts";
import { analyzeFrontmatterOrError } from "../parse/skill_md.ts";
import { buildSkill } from "./build_skill.ts";
import { capRetained } from "./retain.ts";
import { readCodexMetadata } from "./codex_metadata.ts";
import type { DirectorySource } from "./sources.ts";
import type { Diagnostic, Skill, SkillOrigin } from "../shared/types.ts";
import { notRegularFile, parseErrorDiagnostic } from "../shared/diagnostics.ts";

/** The file that makes a directory a skill. */
export const SKILL_MD = "SKILL.md";

/** What the loading steps of one scan share: the source, its origin, and what they collect. */
export interface LoadContext {
  readonly source: DirectorySource;
  readonly origin: SkillOrigin;
  readonly diagnostics: Diagnostic[];
  readonly stamps: Map<string, number>;
  readonly found: { rel: string; skill: Skill }[];
  /** Record modification times for stat revalidation (costs a stat per directory). */
  readonly wantStamps: boolean;
  /** Set when the last skill needed the full YAML parser before it was loaded. */
  needsParser: boolean;
  /** Set when the caller cannot load the full YAML parser (a synchronous scan). */
  parserUnavailable: boolean;
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

/** Whether an entry is a directory, or a symlink to one that may be followed (reported otherwise). */
export function isDirectoryEntry(
  entry: Deno.DirEntry,
  path: string,
  context: LoadContext,
): boolean {
  if (entry.isDirectory) return true;
  if (!entry.isSymlink) return false;
  if (!context.source.followSymlinks) {
    context.diagnostics.push({
      level: "warning",
      code: "symlink-skipped",
      message: `Symlink "${path}" was not followed (followSymlinks is off)`,
      path,
    });
    return false;
  }
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false; // dangling link: not a skill directory
  }
}

/** Reports (once per scan) that a bound stopped the scan. */
export function truncated(
  context: LoadContext,
  what: string,
  at: string,
): void {
  context.diagnostics.push({
    level: "warning",
    code: "scan-truncated",
    message:
      `Scan of "${context.source.path}" stopped at ${what} (at "${at}"); skills beyond it were not searched`,
    path: at,
  });
}

/**
 * Runs one skill's load with stack capture off. Its expected failures (a
 * missing file, YAML that does not parse, a rule broken) are thrown and
 * caught inside it and become diagnostics; no stack of them is ever shown,
 * and capturing one (twice per js-yaml error) costs more than the rest of the
 * failure. Restores the caller's limit.
 */
function withoutStacks<A extends unknown[]>(
  load: (...args: A) => void,
  ...args: A
): void {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    load(...args);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Flat mode: look for dir/SKILL.md. */
export function checkSkillDir(
  dir: string,
  rel: string,
  dirName: string,
  context: LoadContext,
): void {
  withoutStacks(lookInSkillDir, dir, rel, dirName, context);
}

/** Recursive mode: SKILL.md seen in a listing. */
export function checkSkillFile(
  file: string,
  dir: string,
  rel: string,
  entry: Deno.DirEntry,
  context: LoadContext,
): void {
  withoutStacks(checkListedSkillFile, file, dir, rel, entry, context);
}

function lookInSkillDir(
  dir: string,
  rel: string,
  dirName: string,
  context: LoadContext,
): void {
  const file = childPath(dir, SKILL_MD);
  let info: Deno.FileInfo;
  try {
    info = context.source.followSymlinks
      ? Deno.statSync(file)
      : Deno.lstatSync(file);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      if (isSymlinkSync(file)) {
        context.diagnostics.push({
          level: "error",
          code: "skill-md-not-file",
          message: `"${file}" is a dangling symlink; skipped`,
          path: file,
        });
      } else if (context.wantStamps) {
        stampOf(dir, context.stamps); // a SKILL.md created later changes this directory
      }
      return;
    }
    context.diagnostics.push({
      level: "error",
      code: "read-failed",
      message: `Cannot read "${file}": ${messageOf(error)}`,
      path: file,
    });
    return;
  }
  loadIfRegular(file, dir, rel, dirName, info, context);
}

function checkListedSkillFile(
  file: string,
  dir: string,
  rel: string,
  entry: Deno.DirEntry,
  context: LoadContext,
): void {
  let info: Deno.FileInfo;
  try {
    info = entry.isSymlink && context.source.followSymlinks
      ? Deno.statSync(file)
      : Deno.lstatSync(file);
  } catch (error) {
    const dangling = error instanceof Deno.errors.NotFound;
    context.diagnostics.push({
      level: "error",
      code: dangling ? "skill-md-not-file" : "read-failed",
      message: dangling
        ? `"${file}" is a dangling symlink; skipped`
        : `Cannot read "${file}": ${messageOf(error)}`,
      path: file,
    });
    return;
  }
  loadIfRegular(file, dir, rel, basename(dir), info, context);
}

function loadIfRegular(
  file: string,
  dir: string,
  rel: string,
  dirName: string,
  info: Deno.FileInfo,
  context: LoadContext,
): void {
  if (context.wantStamps) context.stamps.set(file, mtimeOf(info));
  if (info.isSymlink) {
    context.diagnostics.push({
      level: "warning",
      code: "symlink-skipped",
      message: `"${file}" is a symlink and followSymlinks is off; skipped`,
      path: file,
    });
    return;
  }
  if (!info.isFile) {
    context.diagnostics.push(notRegularFile(file, info));
    return;
  }
  const skill = loadSkillFile(file, dir, dirName, info.size, context);
  if (skill) context.found.push({ rel, skill });
}

function loadSkillFile(
  file: string,
  dir: string,
  dirName: string,
  size: number,
  context: LoadContext,
): Skill | undefined {
  try {
    // Parse failures come back as values: no throw on the hot path.
    const head = readFrontmatterOrError(file, size);
    if (head instanceof SkillParseError) return failed(head, context);
    const analyzed = analyzeFrontmatterOrError(head.yaml, {
      path: file,
      dirName,
      yamlLine: head.yamlLine,
    });
    if (analyzed instanceof SkillParseError) return failed(analyzed, context);
    const rejected = analyzed.diagnostics.some((d) => d.level === "error");
    // Read before anything is reported: a metadata file that needs the
    // full YAML parser throws, and the scan reads this skill again.
    const codexDiagnostics: Diagnostic[] = [];
    const codex = !rejected && context.source.codexMetadata
      ? readCodexMetadata(dir, codexDiagnostics, !context.parserUnavailable)
      : undefined;
    context.diagnostics.push(...analyzed.diagnostics);
    if (rejected) return undefined;
    const kept = capRetained(
      head.yaml.length,
      analyzed.frontmatter,
      analyzed.fields,
      file,
    );
    if (kept.diagnostic) context.diagnostics.push(kept.diagnostic);
    context.diagnostics.push(...codexDiagnostics);
    return buildSkill(
      codex === undefined ? kept.fields : { ...kept.fields, ...codex },
      kept.frontmatter,
      {
        fallbackName: dirName,
        path: file,
        dir,
        source: context.origin,
        scope: context.source.scope,
      },
    );
  } catch (error) {
    if (error instanceof SkillParseError) {
      failed(error, context);
    } else {
      context.diagnostics.push({
        level: "error",
        code: "read-failed",
        message: `Cannot read "${file}": ${messageOf(error)}`,
        path: file,
      });
    }
    return undefined;
  }
}

/** Reports a skill that cannot be loaded (or flags that it needs the full YAML parser). */
function failed(error: SkillParseError, context: LoadContext): undefined {
  if (error.code === "yaml-parser-not-loaded" && !context.parserUnavailable) {
    context.needsParser = true; // the scan loads the parser and comes back
  } else {
    context.diagnostics.push(parseErrorDiagnostic(error));
  }
  return undefined;
}

/** The message of an error, or the value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
