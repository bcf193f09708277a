// Copyright 2026 the skillscope authors. MIT license.
/**
 * Scanning one directory source: flat or recursive, bounded, symlink-aware,
 * deterministic. Reads only the head of each `SKILL.md`. What a scan asks
 * of its driver is {@linkcode ScanIo}; what it gives back, pauses.
 *
 * @module
 */
import type { DirectorySource } from "./sources.ts";
import type { Diagnostic, Skill, SkillOrigin } from "../shared/types.ts";
import {
  childPath,
  finishSkill,
  isDirectoryEntry,
  type PendingSkill,
  readListedSkillFile,
  readSkillDir,
  SKILL_MD,
  stampOf,
} from "./load_skill.ts";
import { readDirSorted, sortByKey } from "./scan_step.ts";
import type { LoadContext, OpenedRoot, Pause, ScanIo } from "./scan_io.ts";
import type { ReadAhead } from "./parallel/read_ahead.ts";
import { SEP } from "../shared/path.ts";
import { isUndecodable } from "../shared/skill_tree.ts";
import type { Deferred, Part } from "./parser_results.ts";

// A flat root with fewer candidates is read on the scan's own thread:
// starting a worker holds it for about as long as reading this many heads.
const READ_AHEAD_MIN = 2048;

/** The result of scanning one directory source. */
export interface DirectoryScan extends Part {
  /** Loaded and deferred skills, ordered by relative directory path (code-unit order). */
  readonly skills: readonly (Skill | Deferred)[];
  /** Everything worth telling: skipped skills, warnings, bounds, cycles. */
  readonly diagnostics: readonly (Diagnostic | Deferred)[];
  /** The root's real path, when it exists. */
  readonly canonicalRoot: string | undefined;
  /** Modification times (ms; -1 unknown, -2 missing) of what was looked at, for stat revalidation. */
  readonly stamps: ReadonlyMap<string, number>;
  /** Whether `stamps` were recorded (only when asked for: they cost a stat per directory). */
  readonly stamped: boolean;
}

/** What {@linkcode scanDirectory} is given besides the source. */
export interface ScanOptions {
  /** The driver's I/O. */
  readonly io: ScanIo;
  /** Record modification times for stat revalidation. */
  readonly stamps: boolean;
  /** Takes each skill of a flat root at once, in order, instead of the scan keeping it (a streaming discovery). */
  readonly onSkill?: ((skill: Skill | Deferred) => void) | undefined;
}

/**
 * Scans a directory source. A generator of pauses: an async caller gives
 * the event loop turns at them; a sync caller just drains it. The full YAML
 * parser is never used: a skill that needs it is a deferred entry.
 *
 * @param source The directory source.
 * @param opened Its root, opened (`openRoot`).
 * @param options The driver's I/O, stamps, and where a streaming driver
 *   takes a flat root's skills.
 * @returns The scan result (as the generator's return value).
 */
export function* scanDirectory(
  source: DirectorySource,
  opened: OpenedRoot,
  options: ScanOptions,
): Generator<Pause, DirectoryScan, unknown> {
  const root = source.path;
  const diagnostics: (Diagnostic | Deferred)[] = [...opened.diagnostics];
  const stamps = new Map<string, number>(opened.stamps);
  const wantStamps = options.stamps;
  const found: { rel: string; skill: Skill | Deferred }[] = [];
  const { canonicalRoot } = opened;
  if (canonicalRoot === undefined) {
    return {
      skills: [],
      diagnostics,
      canonicalRoot,
      stamps,
      stamped: wantStamps,
    };
  }

  const origin: SkillOrigin = Object.freeze({
    kind: "directory",
    key: canonicalRoot,
    ...(source.overridable ? { overridable: true } : {}),
  });
  // A flat root's skills come in name order: kept as they come, or handed
  // on at once to a driver that streams them. A recursive root's (depth
  // first) are sorted by relative path after the walk.
  const flat: (Skill | Deferred)[] = [];
  const emit = source.recursive ? undefined : options.onSkill;
  const context: LoadContext = {
    source,
    origin,
    diagnostics,
    stamps,
    take: source.recursive
      ? (rel, skill) => void found.push({ rel, skill })
      : emit === undefined
      ? (_rel, skill) => void flat.push(skill)
      : (_rel, skill) => emit(skill),
    wantStamps,
    io: options.io,
  };

  if (source.recursive) {
    yield* scanRecursive(root, canonicalRoot, context);
  } else {
    yield* scanFlat(root, context);
  }

  // The recursive walk's skills, sorted by relative path in slices, like a
  // huge listing.
  let skills = flat;
  if (source.recursive) {
    const ordered = yield* sortByKey(found, relOf);
    skills = new Array(ordered.length);
    for (let i = 0; i < ordered.length; i++) {
      skills[i] = ordered[i]!.skill;
      if ((i & 8191) === 8191) yield;
    }
  }
  return {
    skills,
    diagnostics,
    canonicalRoot,
    stamps,
    stamped: wantStamps,
  };
}

const relOf = (found: { rel: string }): string => found.rel;

function skipName(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/** Skills whose heads are read before the batch is parsed. */
const BATCH = 64;

/**
 * A flat root: each immediate subdirectory holding a `SKILL.md` is a skill.
 * Heads are read for a batch of directories, then parsed in order (see
 * `readSkillDir`); diagnostics keep the order of the directories.
 */
function* scanFlat(
  root: string,
  context: LoadContext,
): Generator<Pause, void, unknown> {
  const { source } = context;
  const entries = yield* readDirSorted(root, context);
  // Only directories and symlinks can be skills (the checks below skip the
  // rest without a word). In slices: a huge listing's arrays built in one
  // step would hold the event loop through several collections.
  const candidates: Deno.DirEntry[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if ((entry.isDirectory || entry.isSymlink) && !skipName(entry.name)) {
      candidates.push(entry);
    }
    if ((i & 8191) === 8191) yield;
  }
  // A large root following symlinks (the fast read's case) has its heads
  // read ahead on a worker, while this thread parses.
  let ahead: ReadAhead | undefined;
  try {
    const wanted = context.io.readAhead !== undefined &&
      source.followSymlinkedSkillMd && candidates.length >= READ_AHEAD_MIN;
    // Every candidate, in order, so that item i is candidate i (the loop
    // below may go past maxDirs of them: it counts directories only); the
    // worker reads at most a window ahead of the scan, wherever it stops.
    const names: string[] = [];
    for (let i = 0; wanted && i < candidates.length; i++) {
      names.push(candidates[i]!.name);
      if ((i & 8191) === 8191) yield;
    }
    const started = wanted
      ? context.io.readAhead?.({
        prefix: childPath(root, ""),
        names,
        suffix: SEP + SKILL_MD,
      })
      : undefined;
    if (started !== undefined) {
      yield started.then((session) => {
        ahead = session;
      });
    }
    const batch: PendingSkill[] = [];
    let visited = 0;
    for (let i = 0; i < candidates.length; i++) {
      const entry = candidates[i]!;
      const dir = childPath(root, entry.name);
      if (isUndecodableEntry(entry, dir, root, context)) continue;
      if (!isDirectoryEntry(entry, dir, context)) continue;
      if (++visited > source.maxDirs) {
        finishBatch(batch, context);
        truncated(context, `the limit of ${source.maxDirs} directories`, dir);
        return;
      }
      const wait = ahead?.wait(i);
      if (wait !== undefined) yield wait;
      const head = ahead?.take(i);
      batch.push(readSkillDir(dir, entry.name, entry.name, context, head));
      if (batch.length === BATCH) finishBatch(batch, context);
      // A read here may be slow (a cold cache): a pause after each. Heads
      // read ahead: a pause per batch (a pause per skill cost a tenth).
      if (head === undefined || batch.length === 0) yield;
    }
    finishBatch(batch, context);
  } finally {
    ahead?.close();
  }
}

/** Parses a batch of read heads in order; empties the batch. */
function finishBatch(batch: PendingSkill[], context: LoadContext): void {
  for (const pending of batch) finishSkill(pending, context);
  batch.length = 0;
}

/**
 * A recursive root: every directory below it, depth first in name order,
 * holding a `SKILL.md` is a skill; symlinked directories are followed once
 * (cycles reported), within the depth and directory bounds.
 */
function* scanRecursive(
  root: string,
  canonicalRoot: string,
  context: LoadContext,
): Generator<Pause, void, unknown> {
  const { source, diagnostics, stamps, wantStamps } = context;
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
      finishSkill(
        readListedSkillFile(
          childPath(dir, SKILL_MD),
          dir,
          rel || ".",
          skillEntry,
          context,
        ),
        context,
      );
    }
    const children: typeof stack = [];
    for (const entry of entries) {
      if (skipName(entry.name)) continue;
      const child = childPath(dir, entry.name);
      if (isUndecodableEntry(entry, child, dir, context)) continue;
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
        // maxDepth 0 asks for the root alone: nothing below it was missed.
        if (!depthNoted && source.maxDepth > 0) {
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

/**
 * Whether a listed directory (or symlink) has a name that is not valid
 * UTF-8: it cannot be opened by the name it is listed with, so it is
 * reported, naming its parent, and skipped.
 */
function isUndecodableEntry(
  entry: Deno.DirEntry,
  path: string,
  parent: string,
  context: LoadContext,
): boolean {
  if (!entry.isDirectory && !entry.isSymlink) return false;
  if (!isUndecodable(path, entry.name)) return false;
  context.diagnostics.push({
    level: "warning",
    code: "undecodable-name",
    message:
      `A directory name in ${parent} is not valid UTF-8 (shown as "${entry.name}"): it cannot be read; skipped`,
    path: parent,
  });
  return true;
}

/** Reports (once per scan) that a bound stopped the scan. */
function truncated(
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
