// Copyright 2026 the skillscope authors. MIT license.
/**
 * Fetching a git source into a fresh repository, with the size caps checked on the fetched tree before checkout.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { InstallError } from "./errors.ts";
import { git, runGit } from "./git.ts";
import { type InstallSource, stripCredentials } from "./install_source.ts";
import { type CommonInstallOptions, limitsOf } from "./options.ts";

/** Fetches a git source (its ref, or exactly `commit`) into a fresh repository and checks it out after the size caps pass; returns the commit. */
export async function fetchGit(
  source: InstallSource & { kind: "git" },
  clone: string,
  options: CommonInstallOptions,
  commit?: string,
): Promise<string> {
  const runner = options.git ?? runGit;
  const timeoutMs = options.gitTimeoutMs ?? 120_000;
  const each = {
    timeoutMs,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  await git(runner, ["init", "--quiet", "--", clone], each);
  await git(
    runner,
    [
      "-C",
      clone,
      "fetch",
      "--quiet",
      "--depth",
      "1",
      "--no-tags",
      "--",
      source.url,
      commit ?? source.ref ?? "HEAD",
    ],
    each,
  );
  // FETCH_HEAD records the URL as given, credentials included.
  const fetched = (await git(runner, [
    "-C",
    clone,
    "rev-parse",
    "--verify",
    "FETCH_HEAD^{commit}",
  ], each)).trim();
  if (commit !== undefined && !fetched.startsWith(commit)) {
    throw new InstallError(
      "frozen-mismatch",
      `Fetched ${fetched} from ${source.url}, not the locked commit ${commit}`,
    );
  }
  try {
    Deno.removeSync(join(clone, ".git", "FETCH_HEAD"));
  } catch {
    // a runner that does not write it
  }
  // Enforce the caps on the fetched tree before anything is written, and
  // while it is listed: a few KB of trees can fan out to millions of paths.
  const limits = limitsOf(options);
  const listing = await git(runner, [
    "-C",
    clone,
    "ls-tree",
    "-r",
    "-l",
    "-z",
    fetched,
    ...(source.subpath === undefined ? [] : ["--", source.subpath]),
  ], { ...each, limit: { bytes: MAX_LISTING_BYTES, records: limits.maxFiles } })
    .catch((error) => {
      throw error instanceof InstallError && error.code === "too-large"
        ? tooManyFiles(source.url, limits.maxFiles, error)
        : error;
    });
  checkTreeListing(listing, limits, source.url);
  await git(runner, [
    "-C",
    clone,
    "checkout",
    "--quiet",
    "--detach",
    fetched,
  ], each);
  return fetched;
}

/**
 * The bound on `ls-tree`'s output: enough for the file-count cap's entries
 * with paths of any length a checkout could write.
 */
const MAX_LISTING_BYTES = 256 * 1024 * 1024;

/** The `too-large` refusal of a repository with more than `maxFiles` files. */
function tooManyFiles(
  url: string,
  maxFiles: number,
  cause?: unknown,
): InstallError {
  return new InstallError(
    "too-large",
    `The repository ${
      JSON.stringify(stripCredentials(url))
    } holds more than ${maxFiles} files; nothing was checked out`,
    cause === undefined ? undefined : { cause },
  );
}

/** Refuses a fetched tree over the file-count or size caps (`ls-tree -r -l -z`). */
function checkTreeListing(
  listing: string,
  limits: { maxFiles: number; maxBytes: number },
  url: string,
): void {
  const { maxFiles, maxBytes } = limits;
  let count = 0;
  let bytes = 0;
  for (const record of listing.split("\0")) {
    if (record === "") continue;
    // <mode> SP <type> SP <object> SP+ <size> TAB <path>
    const match = /^\d+ (\w+) [0-9a-f]+ +(\d+|-)\t/.exec(record);
    if (match === null || match[1] !== "blob") continue;
    if (++count > maxFiles) throw tooManyFiles(url, maxFiles);
    bytes += match[2] === "-" ? 0 : Number(match[2]);
    if (bytes > maxBytes) {
      throw new InstallError(
        "too-large",
        `The files of the repository ${
          JSON.stringify(stripCredentials(url))
        } add up to more than ${maxBytes} bytes; nothing was checked out`,
      );
    }
  }
}
