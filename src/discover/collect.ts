// Copyright 2026 the skillscope authors. MIT license.
/**
 * Gathering what each source of a discovery contributes: a directory
 * scanned (or its cached scan), an embedded skill loaded, a remote source's
 * listing, a notice. Never with the full YAML parser: a skill that needs it
 * is a deferred entry the driver finishes.
 *
 * @module
 */
import {
  defaultSkillCache,
  getCachedEmbedded,
  getCachedScan,
  setCachedEmbedded,
  setCachedScan,
  type SkillCache,
} from "./scan_cache.ts";
import { loadEmbedded } from "./embedded_skill.ts";
import { messageOf, PermissionDeniedError } from "../shared/errors.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { type DirectoryScan, scanDirectory } from "./scan.ts";
import type { Pause, ScanIo } from "./scan_io.ts";
import {
  attachRemoteContent,
  remoteContentOf,
  type RemoteListing,
  type RemoteSource,
} from "./remote_source.ts";
import { buildSkill, isBuiltRemoteSkill } from "./build_skill.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import { MAX_RETAINED_FRONTMATTER_CHARS, retainedChars } from "./retain.ts";
import { Deferred, type Part } from "./parser_results.ts";
import type {
  DirectorySource,
  EmbeddedSource,
  NoticeSource,
  SkillSource,
} from "./sources.ts";

/** The sources and the cache of a discovery. */
export interface CollectOptions {
  readonly sources: readonly SkillSource[];
  readonly cache?: SkillCache | false | undefined;
  readonly revalidate?: "none" | "stat" | undefined;
}

/** Lists every remote source at once; one that fails is a diagnostic, never the end of discovery. */
export async function listRemotes(
  options: CollectOptions,
): Promise<Map<RemoteSource, RemoteListing>> {
  const remote = new Map<RemoteSource, RemoteListing>();
  await Promise.all(
    options.sources.map(async (source) => {
      if (source.kind !== "remote") return;
      remote.set(source, await listRemote(source));
    }),
  );
  return remote;
}

async function listRemote(source: RemoteSource): Promise<RemoteListing> {
  try {
    return capListed(await source.list());
  } catch (error) {
    if (error instanceof PermissionDeniedError) throw error;
    return {
      skills: [],
      diagnostics: [{
        level: "error",
        code: "remote-source-failed",
        message: `Cannot list the skills of ${source.key}: ${messageOf(error)}`,
        path: source.key,
      }],
    };
  }
}

// A remote source is anyone's code: a skill it lists that is over the
// frontmatter cap is built again through buildSkill, whose caps every
// other source's skills went through, its content reader kept.
function capListed(listing: RemoteListing): RemoteListing {
  let diagnostics: Diagnostic[] | undefined;
  let skills: Skill[] | undefined;
  for (const [i, skill] of listing.skills.entries()) {
    if (isBuiltRemoteSkill(skill)) continue;
    const size = retainedChars(
      0,
      skill.frontmatter,
      skill,
      MAX_RETAINED_FRONTMATTER_CHARS,
    );
    if (size <= MAX_RETAINED_FRONTMATTER_CHARS) continue;
    diagnostics ??= [...listing.diagnostics];
    skills ??= [...listing.skills];
    const capped = buildSkill(skill, skill.frontmatter, {
      fallbackName: skill.name,
      source: skill.source,
      scope: skill.scope,
      diagnostics,
    });
    const content = remoteContentOf(skill);
    if (content !== undefined) attachRemoteContent(capped, content);
    skills[i] = capped;
  }
  return skills === undefined ? listing : {
    skills,
    diagnostics: diagnostics ?? listing.diagnostics,
  };
}

/** The cache a discovery uses, if any. */
export function cacheOf(options: CollectOptions): SkillCache | undefined {
  return options.cache === false
    ? undefined
    : options.cache ?? defaultSkillCache;
}

/** The part of every source, in order: scanned, listed or cached (never with the full YAML parser). */
export function* collect(
  options: CollectOptions,
  remote: ReadonlyMap<RemoteSource, RemoteListing>,
  io: ScanIo,
): Generator<Pause, Part[], unknown> {
  const cache = cacheOf(options);
  const parts: Part[] = [];
  for (const source of options.sources) {
    const part = yield* partOf(source, cache, options, remote, io);
    parts.push(part);
    // A streaming driver takes the skills a scan did not hand on itself.
    for (let i = 0; io.emit !== undefined && i < part.skills.length; i++) {
      io.emit(part.skills[i]!);
      if ((i & 4095) === 4095) yield;
    }
  }
  return parts;
}

/** The part of one source. */
function* partOf(
  source: SkillSource,
  cache: SkillCache | undefined,
  options: CollectOptions,
  remote: ReadonlyMap<RemoteSource, RemoteListing>,
  io: ScanIo,
): Generator<Pause, Part, unknown> {
  if (source.kind === "notice") return noticePart(source);
  if (source.kind === "remote") {
    return remote.get(source) ?? {
      skills: [],
      diagnostics: [{
        level: "warning",
        code: "remote-source-async-only",
        message:
          `${source.key} is read over the network: use discover() or SkillSet.open(), not the synchronous forms`,
        path: source.key,
      }],
    };
  }
  if (source.kind === "embedded") {
    let part = cache && getCachedEmbedded(cache, source);
    if (!part) {
      part = embeddedPart(source, io);
      if (cache) setCachedEmbedded(cache, source, part);
    }
    return part;
  }
  return yield* scanWithCache(source, cache, options.revalidate ?? "none", io);
}

function embeddedPart(source: EmbeddedSource, io: ScanIo): Part {
  const loaded = loadEmbedded(source);
  if (!loaded.needsParser) {
    return {
      skills: loaded.skill ? [loaded.skill] : [],
      diagnostics: loaded.diagnostics,
    };
  }
  io.onDeferred?.();
  const deferred = new Deferred(() => loadEmbedded(source));
  return { skills: [deferred], diagnostics: [deferred] };
}

// A notice source's part, the same object each time (it keys the merged memo).
const noticeParts = new WeakMap<NoticeSource, Part>();
function noticePart(source: NoticeSource): Part {
  let part = noticeParts.get(source);
  if (part === undefined) {
    part = { diagnostics: source.diagnostics, skills: [] };
    noticeParts.set(source, part);
  }
  return part;
}

function* scanWithCache(
  source: DirectorySource,
  cache: SkillCache | undefined,
  revalidate: "none" | "stat",
  io: ScanIo,
): Generator<Pause, DirectoryScan, unknown> {
  const cached = cache && getCachedScan(cache, source);
  if (cached) {
    // Permission can be revoked at run time: a hit must not bypass it.
    try {
      assertReadPermission(source.path);
    } catch (error) {
      if (
        error instanceof PermissionDeniedError &&
        source.onPermissionDenied === "skip"
      ) {
        return yield* scanDirectory(source, { io });
      }
      throw error;
    }
    if (revalidate === "none" || (cached.stamped && isFresh(cached))) {
      return cached;
    }
  }
  const scan = yield* scanDirectory(source, {
    io,
    stamps: revalidate === "stat",
  });
  // A root skipped for want of permission is scanned again once granted.
  const skipped = scan.diagnostics.some((d) =>
    !(d instanceof Deferred) && d.code === "permission-skipped"
  );
  if (cache && !skipped) setCachedScan(cache, source, scan);
  return scan;
}

function isFresh(scan: DirectoryScan): boolean {
  for (const [path, stamp] of scan.stamps) {
    let now: number;
    try {
      now = Deno.statSync(path).mtime?.getTime() ?? -1;
    } catch {
      now = -2;
    }
    if (now !== stamp) return false;
  }
  return true;
}
