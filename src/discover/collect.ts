// Copyright 2026 the skillscope authors. MIT license.
/**
 * Gathering what each source of a discovery contributes: a directory's root
 * opened and scanned (or its cached scan), an embedded skill loaded, a
 * remote source's listing, a notice. Never with the full YAML parser: a
 * skill that needs it is a deferred entry the finish step loads.
 *
 * @module
 */
import type { SkillCache } from "./scan_cache.ts";
import { loadEmbedded } from "../content/embedded_content.ts";
import {
  InvalidSourceError,
  messageOf,
  PermissionDeniedError,
} from "../shared/errors.ts";
import { kindOf } from "../shared/diagnostics.ts";
import type { OpenedRoot, Pause, ScanIo } from "./scan_io.ts";
import { MISSING, mtimeOf, stampOf } from "./load_skill.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { type DirectoryScan, scanDirectory } from "./scan.ts";
import {
  attachRemoteContent,
  remoteContentOf,
  type RemoteListing,
  type RemoteSource,
} from "../content/remote_content.ts";
import { buildSkill, isBuiltRemoteSkill } from "../parse/build_skill.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import {
  MAX_RETAINED_FRONTMATTER_CHARS,
  retainedChars,
} from "../parse/retain.ts";
import { Deferred, type Part } from "./parser_results.ts";
import type {
  DirectorySource,
  EmbeddedSource,
  NoticeSource,
  SkillSource,
} from "./sources.ts";

/** How a driver has {@linkcode collect} gather the parts. */
export interface CollectOptions {
  /** The cache, if any. */
  readonly cache: SkillCache | undefined;
  /** Whether a cached scan is checked against the modification times. */
  readonly revalidate: "none" | "stat";
  /** The driver's I/O. */
  readonly io: ScanIo;
  /** The remote sources' listings (the async driver lists them first). */
  readonly remote?: ReadonlyMap<RemoteSource, RemoteListing> | undefined;
  /**
   * Takes each skill as it is found, in order, instead of the parts
   * keeping them (a streaming discovery).
   */
  readonly onSkill?: ((skill: Skill | Deferred) => void) | undefined;
}

/** Lists every remote source at once; one that fails is a diagnostic, never the end of discovery. */
export async function listRemotes(
  sources: readonly SkillSource[],
): Promise<Map<RemoteSource, RemoteListing>> {
  const remote = new Map<RemoteSource, RemoteListing>();
  await Promise.all(
    sources.map(async (source) => {
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

/**
 * The part of every source, in order: scanned, listed or cached (never with
 * the full YAML parser). Every directory source is looked at first — its
 * cached scan taken, or its root opened — so what fails a discovery (a root
 * missing, not a directory, or not granted) throws before any is scanned.
 *
 * @param sources The sources, in precedence order.
 * @param options The cache, the driver's I/O, and where a streaming driver
 *   takes the skills.
 * @returns The parts (as the generator's return value).
 * @throws {PermissionDeniedError} when a root lacks read permission.
 * @throws {InvalidSourceError} when a root is not a directory, unreadable, or required and missing.
 */
export function* collect(
  sources: readonly SkillSource[],
  options: CollectOptions,
): Generator<Pause, Part[], unknown> {
  const { cache, onSkill } = options;
  const roots = new Map<DirectorySource, DirectoryScan | OpenedRoot>();
  for (const source of sources) {
    if (source.kind === "directory") roots.set(source, lookAt(source, options));
  }
  const parts: Part[] = [];
  for (const source of sources) {
    let part: Part;
    if (source.kind === "directory") {
      const root = roots.get(source)!;
      part = "skills" in root ? root : yield* scan(source, root, options);
    } else if (source.kind === "embedded") {
      part = cache?.embeddedOf(source) ?? embeddedPart(source);
      cache?.keepEmbedded(source, part);
    } else if (source.kind === "remote") {
      part = options.remote?.get(source) ?? asyncOnly(source);
    } else {
      part = noticePart(source);
    }
    parts.push(part);
    // A streaming driver takes the skills a scan did not hand on itself.
    for (let i = 0; onSkill !== undefined && i < part.skills.length; i++) {
      onSkill(part.skills[i]!);
      if ((i & 4095) === 4095) yield;
    }
  }
  return parts;
}

/** A directory source's cached scan, when it may be used; else its root, opened. */
function lookAt(
  source: DirectorySource,
  options: CollectOptions,
): DirectoryScan | OpenedRoot {
  const cached = options.cache?.scanOf(source);
  if (cached === undefined) return openRoot(source);
  // Permission can be revoked at run time: a hit must not bypass it.
  try {
    assertReadPermission(source.path);
  } catch (error) {
    if (
      error instanceof PermissionDeniedError &&
      source.onPermissionDenied === "skip"
    ) {
      return openRoot(source);
    }
    throw error;
  }
  const fresh = options.revalidate === "none" ||
    (cached.stamped && isFresh(cached));
  return fresh ? cached : openRoot(source);
}

function* scan(
  source: DirectorySource,
  root: OpenedRoot,
  options: CollectOptions,
): Generator<Pause, DirectoryScan, unknown> {
  const scanned = yield* scanDirectory(source, root, {
    io: options.io,
    stamps: options.revalidate === "stat",
    onSkill: options.onSkill,
  });
  // A root skipped for want of permission is scanned again once granted.
  const skipped = scanned.diagnostics.some((d) =>
    !(d instanceof Deferred) && d.code === "permission-skipped"
  );
  if (!skipped) options.cache?.keepScan(source, scanned);
  return scanned;
}

function asyncOnly(source: RemoteSource): Part {
  return {
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

function embeddedPart(source: EmbeddedSource): Part {
  const loaded = loadEmbedded(source);
  if (!loaded.needsParser) {
    return {
      skills: loaded.skill ? [loaded.skill] : [],
      diagnostics: loaded.diagnostics,
    };
  }
  const deferred = new Deferred((parser) => loadEmbedded(source, parser));
  return { skills: [deferred], diagnostics: [deferred] };
}

// A notice source's part, the same object each time (it keys the finished discovery).
const noticeParts = new WeakMap<NoticeSource, Part>();
function noticePart(source: NoticeSource): Part {
  let part = noticeParts.get(source);
  if (part === undefined) {
    part = { diagnostics: source.diagnostics, skills: [] };
    noticeParts.set(source, part);
  }
  return part;
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

/**
 * Opens a directory source's root: its real path, or none when the root is
 * skipped (a missing optional root, a denied permission or an invalid root
 * the source skips), with why; throws where the source says so.
 */
function openRoot(source: DirectorySource): OpenedRoot {
  const diagnostics: Diagnostic[] = [];
  const stamps = new Map<string, number>();
  return {
    canonicalRoot: realRoot(source, diagnostics, stamps),
    diagnostics,
    stamps,
  };
}

function realRoot(
  source: DirectorySource,
  diagnostics: Diagnostic[],
  stamps: Map<string, number>,
): string | undefined {
  const root = source.path;
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
      return undefined;
    }
    throw error;
  }

  try {
    const info = Deno.statSync(root);
    if (!info.isDirectory) {
      throw new InvalidSourceError(
        "not-a-directory",
        root,
        `Skill root "${root}" is not a directory (${
          info.isFile ? "a file" : kindOf(info)
        })`,
      );
    }
    stamps.set(root, mtimeOf(info));
    return Deno.realPathSync(root);
  } catch (error) {
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
      return undefined;
    }
    const invalid = error instanceof InvalidSourceError
      ? error
      : new InvalidSourceError(
        "read-failed",
        root,
        `Skill root "${root}" cannot be read: ${messageOf(error)}`,
      );
    if (source.onInvalidRoot !== "skip") throw invalid;
    // A planted root (a file, a symlink loop) must not hide the others.
    diagnostics.push({
      level: "warning",
      code: "root-invalid",
      message: `${invalid.message} (skipped)`,
      path: root,
    });
    stampOf(root, stamps);
    return undefined;
  }
}
