// Copyright 2026 the skillscope authors. MIT license.
/**
 * Fetching a skill from a website's well-known index into a staging
 * directory: the entry picked, its artifact downloaded and verified (v0.2)
 * or its files fetched (v0.1, unverified) — all in memory, every check
 * passed — and only then the files written, so a refused skill leaves
 * nothing behind. Also what `check` asks of a website: the digest the
 * index publishes now, without downloading the artifact. Fetching one
 * skill has one deadline, the signal of each of its requests.
 *
 * @module
 */
import { dirname, join } from "../shared/path.ts";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { makeDirsInside } from "../shared/containment.ts";
import { fetchWebSkill, type WebSkill } from "../web/artifact.ts";
import { webDeadline } from "../web/deadline.ts";
import type { WebIndex } from "../web/index_parse.ts";
import { webLimits } from "../web/limits.ts";
import { displayUrl } from "../web/url_policy.ts";
import { InstallError } from "./errors.ts";
import { stripCredentials } from "./install_source.ts";
import type { LockEntry } from "./lockfile.ts";
import {
  asInstallError,
  pickWebEntry,
  versionNote,
  webIndexOf,
  type WebInstallOptions,
  webLimitsOf,
  webSignalOf,
  type WebSource,
} from "./web_source.ts";

/** What {@linkcode fetchWebSource} fetched. */
export interface FetchedWebSkill {
  /** The index URL (the source recorded in the lock). */
  readonly index: string;
  /** The artifact's URL (v0.2) or the skill folder's (v0.1). */
  readonly url: string;
  /** The artifact's digest (v0.2). */
  readonly digest?: string;
  /** Notes (an unverified v0.1 skill). */
  readonly notes: readonly string[];
}

/**
 * Fetches the skill `wanted` (or the only one) of a website into `dir`,
 * which must not exist: nothing is written until the download passed every
 * check. With `locked` (frozen restore), the index must still publish the
 * locked digest, or the skill is refused before anything is downloaded.
 * Every download of the skill shares one deadline (`web.limits.deadlineMs`,
 * default 120 s), so a site that trickles cannot hold the operation for
 * the per-request time cap times its file count; a v0.1 skill listing more
 * files than `web.limits.maxFileRequests` (256) was left out of the index.
 *
 * @param source The website.
 * @param dir The staging directory to create.
 * @param options Caps, the name wanted, the locked entry, the index if read.
 * @returns Where the skill came from.
 * @throws {InstallError} `no-skill`, `several-skills`, `frozen-mismatch`,
 *   and the codes of the web errors (`web-digest-mismatch`,
 *   `web-archive-path`, `web-archive-link`, …; `web-timeout` when the
 *   deadline passes).
 * @throws {PermissionDeniedError} naming `--allow-net=HOST`.
 */
export async function fetchWebSource(
  source: WebSource,
  dir: string,
  options: WebInstallOptions & {
    wanted?: string | undefined;
    locked?: LockEntry | undefined;
    /** The index, when it was read already. */
    index?: WebIndex | undefined;
  },
): Promise<FetchedWebSkill> {
  const index = options.index ?? await webIndexOf(source, options);
  const entry = pickWebEntry(index, options.wanted);
  const digest = entry.version === "0.2" ? entry.digest : undefined;
  const locked = options.locked?.digest;
  if (locked !== undefined && digest !== locked) {
    throw new InstallError(
      "frozen-mismatch",
      `The site no longer serves the locked "${entry.name}" (${locked}): "${
        displayUrl(index.url)
      }" now lists ${
        digest ?? "it without a digest"
      }; nothing was changed (run "skillscope update ${entry.name}" to take the new one)`,
    );
  }
  const limits = webLimitsOf(options);
  using deadline = webDeadline(
    webLimits(limits).deadlineMs,
    `Fetching "${entry.name}" from "${displayUrl(index.url)}"`,
    webSignalOf(options),
  );
  const skill = await asInstallError(
    () => fetchWebSkill(entry, { limits, signal: deadline.signal }),
    options.signal,
  );
  writeSkillFiles(dir, skill);
  return {
    index: index.url,
    url: skill.url,
    ...(digest === undefined ? {} : { digest }),
    notes: skill.verified ? [] : [
      `"${entry.name}" comes from a ${versionNote(index)}`,
    ],
  };
}

/**
 * The lock fields of a skill fetched from a website: the artifact's URL
 * (credentials removed) and digest; none for any other source.
 *
 * @param web What was fetched, if anything.
 * @returns The fields.
 */
export function webFields(
  web: FetchedWebSkill | undefined,
): Pick<LockEntry, "url" | "digest"> {
  if (web === undefined) return {};
  return {
    url: stripCredentials(web.url),
    ...(web.digest === undefined ? {} : { digest: web.digest }),
  };
}

/**
 * Writes a downloaded skill into `dir` (created; it must not exist): each
 * path checked again as a plain relative path and each directory created
 * inside `dir` (never through a symlink), files created new, `0o755` for
 * the executable ones, `0o644` otherwise.
 *
 * @param dir The directory to create.
 * @param skill The verified files.
 * @throws {InstallError} `unsafe-file` for a path that is not plain or
 *   cannot be written there.
 */
export function writeSkillFiles(dir: string, skill: WebSkill): void {
  Deno.mkdirSync(dir);
  for (const [path, bytes] of skill.files) {
    const refuse = (why: string, cause?: unknown): never => {
      throw new InstallError(
        "unsafe-file",
        `Refusing to install "${skill.name}": the file ${
          JSON.stringify(path.slice(0, 200))
        } ${why}`,
        { cause },
      );
    };
    if (normalizeAssetPath(path) !== path) refuse("is not a plain path");
    try {
      const parent = dirname(path);
      if (parent !== ".") makeDirsInside(dir, parent);
      Deno.writeFileSync(join(dir, path), bytes, {
        createNew: true,
        mode: skill.executable.has(path) ? 0o755 : 0o644,
      });
    } catch (error) {
      refuse(`cannot be written: ${(error as Error).message}`, error);
    }
  }
}

/** Indexes read by one operation, by URL: several skills of one site cost one request. */
export type WebIndexes = Map<string, Promise<WebIndex>>;

/**
 * What a website publishes now for a locked skill, for `check`: one index
 * request (shared through `options.indexes` by the skills of one site). When both the lock and the index carry a digest, the digest is
 * the answer and nothing else is downloaded; otherwise (v0.1) the files
 * are fetched into a temporary directory and `hashDir` hashes them as
 * install would.
 *
 * @param entry The lock entry (`kind: "web"`).
 * @param name The skill's name.
 * @param options Caps, the indexes read so far.
 * @param hashDir The tree hash install would record for a directory.
 * @returns The digest published now, or the tree hash.
 * @throws {InstallError} as {@linkcode fetchWebSource}.
 */
export async function latestWebOf(
  entry: LockEntry,
  name: string,
  options: WebInstallOptions & { indexes?: WebIndexes },
  hashDir: (dir: string) => string,
): Promise<{ digest?: string; hash?: string }> {
  const source: WebSource = { kind: "web", url: entry.source };
  const indexes = options.indexes ?? new Map();
  let pending = indexes.get(entry.source);
  if (pending === undefined) {
    pending = webIndexOf(source, options);
    indexes.set(entry.source, pending);
  }
  const index = await pending;
  const latest = pickWebEntry(index, entry.skill ?? name);
  if (latest.version === "0.2" && entry.digest !== undefined) {
    return { digest: latest.digest };
  }
  const work = await Deno.makeTempDir({ prefix: "skillscope-check-" });
  try {
    const dir = join(work, "skill");
    const fetched = await fetchWebSource(source, dir, {
      ...options,
      wanted: latest.name,
      index,
    });
    return {
      hash: hashDir(dir),
      ...(fetched.digest === undefined ? {} : { digest: fetched.digest }),
    };
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}
