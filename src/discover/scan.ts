// Copyright 2026 the skillscope authors. MIT license.
/**
 * Scanning one directory source: flat or recursive, bounded, symlink-aware,
 * deterministic. Reads only the head of each `SKILL.md`.
 *
 * @module
 */
import { basename, sep } from "node:path";
import {
  InvalidSourceError,
  PermissionDeniedError,
  SkillParseError,
} from "../shared/errors.ts";
import { readFrontmatterSync } from "../parse/frontmatter.ts";
import { isSymlinkSync } from "../shared/fs_checks.ts";
import { analyzeFrontmatter } from "../parse/skill_md.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { buildSkill } from "./build_skill.ts";
import { capRetained } from "./retain.ts";
import type { DirectorySource } from "./sources.ts";
import type { Diagnostic, Skill, SkillOrigin } from "../shared/types.ts";
import {
  kindOf,
  notRegularFile,
  parseErrorDiagnostic,
} from "../shared/diagnostics.ts";

/** The result of scanning one directory source. */
export interface DirectoryScan {
  /** Loaded skills, ordered by relative directory path (code-unit order). */
  readonly skills: readonly Skill[];
  /** Everything worth telling: skipped skills, warnings, bounds, cycles. */
  readonly diagnostics: readonly Diagnostic[];
  /** The root's real path, when it exists. */
  readonly canonicalRoot: string | undefined;
  /** Modification times (ms; -1 unknown, -2 missing) of what was looked at, for stat revalidation. */
  readonly stamps: ReadonlyMap<string, number>;
  /** Whether `stamps` were recorded (only when asked for: they cost a stat per directory). */
  readonly stamped: boolean;
}

/**
 * What a scan yields: `undefined` between units of work, so an async caller
 * can give the event loop a turn, or `{ list: dir }` to have a directory
 * listed — synchronously or off the event loop, as the caller chooses.
 */
export type ScanStep = undefined | { readonly list: string };

/** What the caller passes back for a `{ list }` step: the entries, or the error. */
export type ScanReply = Deno.DirEntry[] | Error | undefined;

/**
 * Answers a `{ list }` step synchronously.
 *
 * @param step The step.
 * @returns The reply for it.
 */
export function replySync(step: ScanStep): ScanReply {
  if (step === undefined) return undefined;
  try {
    return Array.from(Deno.readDirSync(step.list));
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Answers a `{ list }` step without blocking the event loop while the
 * directory is read.
 *
 * @param step The step.
 * @returns The reply for it.
 */
export async function replyAsync(step: ScanStep): Promise<ScanReply> {
  if (step === undefined) return undefined;
  try {
    return await Array.fromAsync(Deno.readDir(step.list));
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

const SKILL_MD = "SKILL.md";

/**
 * Scans a directory source. A generator: it yields between directories so
 * an async caller can interleave; a sync caller just drains it.
 *
 * @param source The directory source.
 * @returns The scan result (as the generator's return value).
 * @throws {PermissionDeniedError} when read permission is missing and the source says `"throw"`.
 * @throws {InvalidSourceError} when the root is not a directory, unreadable, or missing and `required`.
 */
export function* scanDirectory(
  source: DirectorySource,
  options: { stamps?: boolean } = {},
): Generator<ScanStep, DirectoryScan, ScanReply> {
  const root = source.path;
  const diagnostics: Diagnostic[] = [];
  const stamps = new Map<string, number>();
  const wantStamps = options.stamps ?? false;
  const found: { rel: string; skill: Skill }[] = [];

  try {
    assertReadPermission(root);
  } catch (error) {
    if (
      error instanceof PermissionDeniedError &&
      source.onPermissionDenied === "skip"
    ) {
      diagnostics.push({
        level: "warning",
        code: "permission-skipped",
        message: `Skipped skill root "${root}": ${error.message}`,
        path: root,
      });
      return emptyScan(diagnostics, stamps, wantStamps);
    }
    throw error;
  }

  let canonicalRoot: string;
  try {
    const info = Deno.statSync(root);
    if (!info.isDirectory) {
      throw new InvalidSourceError(
        "not-a-directory",
        root,
        `Skill root "${root}" is not a directory (${kindOf(info)})`,
      );
    }
    stamps.set(root, mtimeOf(info));
    canonicalRoot = Deno.realPathSync(root);
  } catch (error) {
    if (error instanceof InvalidSourceError) throw error;
    if (error instanceof Deno.errors.NotFound) {
      stamps.set(root, MISSING);
      if (source.required) {
        throw new InvalidSourceError(
          "path-missing",
          root,
          `Skill root "${root}" does not exist`,
        );
      }
      diagnostics.push({
        level: "warning",
        code: "root-missing",
        message: `Skill root "${root}" does not exist`,
        path: root,
      });
      return emptyScan(diagnostics, stamps, wantStamps);
    }
    throw new InvalidSourceError(
      "read-failed",
      root,
      `Skill root "${root}" cannot be read: ${messageOf(error)}`,
    );
  }

  const origin: SkillOrigin = Object.freeze({
    kind: "directory",
    key: canonicalRoot,
  });
  const context: LoadContext = {
    source,
    origin,
    diagnostics,
    stamps,
    found,
    wantStamps,
  };

  if (!source.recursive) {
    const entries = yield* readDirSorted(root, context);
    let visited = 0;
    for (const entry of entries) {
      if (skipName(entry.name)) continue;
      const dir = childPath(root, entry.name);
      if (!isDirectoryEntry(entry, dir, context)) continue;
      if (++visited > source.maxDirs) {
        truncated(context, `the limit of ${source.maxDirs} directories`, dir);
        break;
      }
      checkSkillDir(dir, entry.name, entry.name, context);
      yield;
    }
  } else {
    const visitedReal = new Set<string>([canonicalRoot]);
    const stack: { dir: string; rel: string; real: string; depth: number }[] = [
      { dir: root, rel: "", real: canonicalRoot, depth: 0 },
    ];
    let visited = 0;
    let depthNoted = false;
    while (stack.length > 0) {
      const { dir, rel, real, depth } = stack.pop()!;
      if (++visited > source.maxDirs) {
        truncated(context, `the limit of ${source.maxDirs} directories`, dir);
        break;
      }
      const entries = yield* readDirSorted(dir, context);
      if (wantStamps) stampOf(dir, stamps);
      const skillEntry = entries.find((e) => e.name === SKILL_MD);
      if (skillEntry) {
        checkSkillFile(
          childPath(dir, SKILL_MD),
          dir,
          rel || ".",
          skillEntry,
          context,
        );
      }
      const children: typeof stack = [];
      for (const entry of entries) {
        if (skipName(entry.name)) continue;
        const child = childPath(dir, entry.name);
        let childReal: string;
        if (entry.isDirectory) {
          childReal = childPath(real, entry.name);
        } else if (entry.isSymlink && isDirectoryEntry(entry, child, context)) {
          try {
            childReal = Deno.realPathSync(child);
          } catch {
            continue;
          }
        } else {
          continue;
        }
        if (visitedReal.has(childReal)) {
          diagnostics.push({
            level: "warning",
            code: "symlink-cycle",
            message:
              `Symlink "${child}" leads to "${childReal}", which was already scanned; skipped`,
            path: child,
          });
          continue;
        }
        if (depth + 1 > source.maxDepth) {
          if (!depthNoted) {
            depthNoted = true;
            truncated(context, `the depth limit of ${source.maxDepth}`, child);
          }
          continue;
        }
        visitedReal.add(childReal);
        children.push({
          dir: child,
          rel: rel === "" ? entry.name : `${rel}/${entry.name}`,
          real: childReal,
          depth: depth + 1,
        });
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
      yield;
    }
  }

  found.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return {
    skills: found.map((f) => f.skill),
    diagnostics,
    canonicalRoot,
    stamps,
    stamped: wantStamps,
  };
}

interface LoadContext {
  readonly source: DirectorySource;
  readonly origin: SkillOrigin;
  readonly diagnostics: Diagnostic[];
  readonly stamps: Map<string, number>;
  readonly found: { rel: string; skill: Skill }[];
  /** Record modification times for stat revalidation (costs a stat per directory). */
  readonly wantStamps: boolean;
}

const MISSING = -2;

function emptyScan(
  diagnostics: Diagnostic[],
  stamps: Map<string, number>,
  stamped: boolean,
): DirectoryScan {
  return { skills: [], diagnostics, canonicalRoot: undefined, stamps, stamped };
}

/**
 * `dir` + separator + `name`, for a normalized absolute `dir` and a name from
 * a directory listing (no separators, never "." or ".."): what `join` would
 * return, without its normalization cost on the hot path.
 */
function childPath(dir: string, name: string): string {
  return dir.endsWith(sep) ? dir + name : dir + sep + name;
}

function mtimeOf(info: Deno.FileInfo): number {
  return info.mtime?.getTime() ?? -1;
}

function stampOf(path: string, stamps: Map<string, number>): void {
  try {
    stamps.set(path, mtimeOf(Deno.statSync(path)));
  } catch {
    stamps.set(path, MISSING);
  }
}

function skipName(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/** Lists a directory sorted by name, yielding every 1000 entries so huge directories do not block. */
function* readDirSorted(
  dir: string,
  context: LoadContext,
): Generator<ScanStep, Deno.DirEntry[], ScanReply> {
  const reply = yield { list: dir };
  if (reply === undefined || reply instanceof Error) {
    context.diagnostics.push({
      level: "warning",
      code: "read-failed",
      message: `Cannot list directory "${dir}": ${
        reply === undefined ? "no listing was given" : messageOf(reply)
      }`,
      path: dir,
    });
    return [];
  }
  return yield* sortByName(reply);
}

const byName = (a: Deno.DirEntry, b: Deno.DirEntry): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** Entries sorted per this many before the sorted runs are merged. */
const SORT_RUN = 2048;

/**
 * Sorts entries by name in slices: runs of {@linkcode SORT_RUN} sorted
 * natively, then merged pairwise, yielding between slices so sorting a
 * directory of 100,000 entries never holds the event loop for long.
 */
function* sortByName(
  entries: Deno.DirEntry[],
): Generator<ScanStep, Deno.DirEntry[], ScanReply> {
  if (entries.length <= SORT_RUN) return entries.sort(byName);
  let runs: Deno.DirEntry[][] = [];
  for (let i = 0; i < entries.length; i += SORT_RUN) {
    runs.push(entries.slice(i, i + SORT_RUN).sort(byName));
    yield;
  }
  while (runs.length > 1) {
    const merged: Deno.DirEntry[][] = [];
    for (let i = 0; i < runs.length; i += 2) {
      const a = runs[i]!;
      const b = runs[i + 1];
      if (b === undefined) {
        merged.push(a);
        continue;
      }
      const out: Deno.DirEntry[] = new Array(a.length + b.length);
      let x = 0;
      let y = 0;
      let k = 0;
      while (x < a.length && y < b.length) {
        out[k++] = byName(a[x]!, b[y]!) <= 0 ? a[x++]! : b[y++]!;
        if ((k & 8191) === 0) yield;
      }
      while (x < a.length) out[k++] = a[x++]!;
      while (y < b.length) out[k++] = b[y++]!;
      merged.push(out);
      yield;
    }
    runs = merged;
  }
  return runs[0]!;
}

function isDirectoryEntry(
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

function truncated(context: LoadContext, what: string, at: string): void {
  context.diagnostics.push({
    level: "warning",
    code: "scan-truncated",
    message:
      `Scan of "${context.source.path}" stopped at ${what} (at "${at}"); skills beyond it were not searched`,
    path: at,
  });
}

/** Flat mode: look for dir/SKILL.md. */
function checkSkillDir(
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

/** Recursive mode: SKILL.md seen in a listing. */
function checkSkillFile(
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
    const head = readFrontmatterSync(file, size);
    const analyzed = analyzeFrontmatter(head.yaml, {
      path: file,
      dirName,
      yamlLine: head.yamlLine,
    });
    context.diagnostics.push(...analyzed.diagnostics);
    if (analyzed.diagnostics.some((d) => d.level === "error")) return undefined;
    const kept = capRetained(
      head.yaml.length,
      analyzed.frontmatter,
      analyzed.fields,
      file,
    );
    if (kept.diagnostic) context.diagnostics.push(kept.diagnostic);
    return buildSkill(kept.fields, kept.frontmatter, {
      fallbackName: dirName,
      path: file,
      dir,
      source: context.origin,
      scope: context.source.scope,
    });
  } catch (error) {
    if (error instanceof SkillParseError) {
      context.diagnostics.push(parseErrorDiagnostic(error));
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
