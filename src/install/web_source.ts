// Copyright 2026 the skillscope authors. MIT license.
/**
 * Websites as install sources: which URLs may name one (an HTTPS URL off
 * the known git hosts, or a loopback one), how the choice between a
 * website's well-known index and a git repository is made (the index
 * first, then git, and a note saying which), and reading that index.
 *
 * @module
 */
import { PermissionDeniedError } from "../shared/errors.ts";
import { isLoopbackHost } from "../shared/host_scope.ts";
import { firstItems } from "../shared/first_items.ts";
import {
  WebArtifactError,
  WebFetchError,
  WebIndexError,
} from "../web/errors.ts";
import { fetchWebIndex } from "../web/index_client.ts";
import { type WebLimits, webLimits } from "../web/limits.ts";
import { webDeadline } from "../web/deadline.ts";
import type { WebIndex, WebIndexEntry } from "../web/index_parse.ts";
import { displayUrl } from "../web/url_policy.ts";
import { InstallError, throwIfInterrupted } from "./errors.ts";
import type { InstallSource } from "./install_source.ts";
import type { LockEntry } from "./lockfile.ts";
import {
  type CommonInstallOptions,
  limitsOf,
  type WebSourceOptions,
} from "./options.ts";

/** A website install source. */
export type WebSource = Extract<InstallSource, { kind: "web" }>;

/**
 * The install options as the website path reads them.
 */
export interface WebInstallOptions extends CommonInstallOptions {
  /** Website caps, resolver, index scope. */
  readonly web?: WebSourceOptions | undefined;
  /**
   * The deadline of the whole command (`check`, `update`, `restore`): it
   * aborts every web request of the command, with a `web-timeout` reason,
   * however many skills and sites it covers. Made by
   * {@linkcode commandDeadline}.
   */
  readonly commandDeadline?: AbortSignal | undefined;
}

/**
 * One deadline for a command over many skills (the one `options` carries
 * already, if any), whose signal every web request of the command shares (`web.limits.commandDeadlineMs`, default
 * 600 s): a lock naming many slow sites cannot hold `check` or `update` for
 * their count times the deadline of one skill. Ctrl-C (`signal`) still
 * interrupts as before; the deadline is separate from it, so a command
 * that ran out of time reports `web-timeout`, not `interrupted`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandDeadline } from "./web_source.ts";
 *
 * using deadline = commandDeadline({ web: { limits: { commandDeadlineMs: 50 } } }, "Checking 3 skills");
 * await new Promise((resolve) => setTimeout(resolve, 100));
 * assert.equal(deadline.commandDeadline.aborted, true);
 * ```
 *
 * @param options The command's options.
 * @param what What the command does, for the timeout message.
 * @returns The options with `commandDeadline` set; dispose of it when the
 *   command ends.
 */
export function commandDeadline<T extends WebInstallOptions>(
  options: T,
  what: string,
): T & { readonly commandDeadline: AbortSignal } & Disposable {
  // A command spanning several skills directories made one already.
  const given = options.commandDeadline;
  if (given !== undefined) {
    return { ...options, commandDeadline: given, [Symbol.dispose]: () => {} };
  }
  const deadline = webDeadline(
    webLimits(options.web?.limits).commandDeadlineMs,
    what,
  );
  return {
    ...options,
    commandDeadline: deadline.signal,
    [Symbol.dispose]: () => deadline[Symbol.dispose](),
  };
}

/**
 * The signal of a web request of an operation: Ctrl-C (`signal`) and the
 * command's deadline, whichever fires first.
 *
 * @param options The operation's options.
 * @returns The signal, if there is any.
 */
export function webSignalOf(
  options: WebInstallOptions,
): AbortSignal | undefined {
  const { signal, commandDeadline } = options;
  if (signal === undefined) return commandDeadline;
  if (commandDeadline === undefined) return signal;
  return AbortSignal.any([signal, commandDeadline]);
}

/**
 * The web caps of an operation: `web.limits`, with the file and byte caps
 * of `limits`.
 *
 * @param options The install options.
 * @returns The caps.
 */
export function webLimitsOf(options: WebInstallOptions): WebLimits {
  return { ...options.web?.limits, ...limitsOf(options) };
}

/** Hosts whose URLs are always git repositories. */
const GIT_HOSTS = ["github.com", "gitlab.com"];

/** Indexes read while the source was chosen, reused by the install that follows. */
const prefetched = new WeakMap<WebSource, WebIndex>();

/** Why a URL that could have been a website was installed with git instead. */
export interface GitFallback {
  /** Why the index was not used. */
  readonly reason: string;
  /** The missing `--allow-net` grant, when that was the reason. */
  readonly permission?: PermissionDeniedError;
}

/**
 * Whether a parsed source may name a website: a git source (as
 * `parseInstallSource` reads every URL) with an `https:` URL, or an `http:`
 * one to a loopback host, that is not on a known git host
 * (`github.com`, `gitlab.com`), does not end in `.git`, and names no ref,
 * sub-path or skill.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseInstallSource } from "./install_source.ts";
 * import { isWebCandidate } from "./web_source.ts";
 *
 * assert.equal(isWebCandidate(parseInstallSource("https://docs.example.com/guide")), true);
 * assert.equal(isWebCandidate(parseInstallSource("https://github.com/acme/skills")), false);
 * assert.equal(isWebCandidate(parseInstallSource("https://example.com/acme/skills.git")), false);
 * assert.equal(isWebCandidate(parseInstallSource("http://example.com/")), false);
 * ```
 *
 * @param source A parsed source.
 * @returns `true` when the well-known index is tried first.
 */
export function isWebCandidate(source: InstallSource): boolean {
  if (source.kind !== "git") return false;
  if (
    source.ref !== undefined || source.subpath !== undefined ||
    source.skill !== undefined
  ) return false;
  const url = URL.parse(source.url);
  if (url === null) return false;
  if (
    url.protocol !== "https:" &&
    !(url.protocol === "http:" && isLoopbackHost(url.hostname))
  ) return false;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (GIT_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))) {
    return false;
  }
  return !url.pathname.replace(/\/+$/, "").toLowerCase().endsWith(".git");
}

/**
 * Decides a source that may name a website (see {@linkcode isWebCandidate}):
 * its well-known index is read, and when there is one the source is the
 * website, with a note naming the index and whether it is verified (v0.2)
 * or not (v0.1). Without one — not found, an error status, not an index, or
 * no `--allow-net` grant for the host — the source stays git, with a note
 * saying why, and `fallback` for the error should git fail too. A source
 * that is the index URL itself (`…/index.json`) never falls back. Any other
 * source is returned as it is.
 *
 * @param source The parsed source.
 * @param options Caps.
 * @returns The source to install, notes, and the fallback taken.
 * @throws {InstallError} for an index URL that cannot be read, a refused
 *   redirect, a timeout or an index that is too large (codes of the web
 *   errors, such as `web-redirect-refused`).
 */
export async function chooseWebSource(
  source: InstallSource,
  options: WebInstallOptions = {},
): Promise<
  { source: InstallSource; notes: string[]; fallback?: GitFallback }
> {
  if (!isWebCandidate(source)) return { source, notes: [] };
  const url = (source as { url: string }).url;
  const explicit = new URL(url).pathname.endsWith("/index.json");
  let index: WebIndex;
  try {
    index = await readIndex(url, options);
  } catch (error) {
    const permission = error instanceof PermissionDeniedError
      ? error
      : undefined;
    const fallback = permission !== undefined ||
      (error instanceof InstallError && FALLBACK_CODES.has(error.code));
    if (explicit || !fallback) throw error;
    const reason = permission === undefined
      ? `"${displayUrl(url)}" has no usable well-known skills index (${
        (error as Error).message
      })`
      : `The well-known skills index of "${
        displayUrl(url)
      }" was not read (run Deno with ${permission.flag} to read it)`;
    return {
      source,
      notes: [`${reason}: installing it as a git repository`],
      fallback: {
        reason,
        ...(permission === undefined ? {} : { permission }),
      },
    };
  }
  const web: WebSource = { kind: "web", url: index.url };
  prefetched.set(web, index);
  return {
    source: web,
    notes: [
      `"${displayUrl(url)}" has a well-known skills index: installing from "${
        displayUrl(index.url)
      }" (${
        // A v0.1 skill's own note says what is not verified: said once.
        index.version === "0.2" ? versionNote(index) : "v0.1"})`,
      ...index.diagnostics.map((d) => `warning: ${d.message}`),
    ],
  };
}

/** Index errors after which a URL is tried as a git repository. */
const FALLBACK_CODES = new Set([
  "web-index-not-found",
  "web-index-invalid",
  "web-http-status",
]);

/** How far an index's content is verified, for notes. */
export function versionNote(index: WebIndex): string {
  return index.version === "0.2"
    ? "v0.2: every artifact is verified against its digest"
    : "v0.1: no digests, the files are not verified; skills.lock records the hashes of what was fetched";
}

/**
 * An error of the installer, or what git tried after the index was not
 * used: a git failure (or a missing `--allow-run`) after a fallback is
 * reported with the reason the index was not used, and with the missing
 * `--allow-net` grant as `permission-denied` when that was the reason.
 *
 * @param error What was thrown.
 * @param fallback The fallback taken, if any.
 * @returns The error to throw.
 */
export function afterGitFallback(
  error: unknown,
  fallback: GitFallback | undefined,
): unknown {
  if (fallback === undefined) return error;
  const fromGit = error instanceof PermissionDeniedError
    ? error.permission === "run"
    : error instanceof InstallError && error.code.startsWith("git-");
  if (!fromGit) return error;
  const message = (error as Error).message;
  if (fallback.permission !== undefined) {
    return new InstallError(
      "permission-denied",
      `${fallback.permission.message} to read its well-known skills index; as a git repository it failed too: ${message}`,
      { cause: error },
    );
  }
  return new InstallError(
    (error as InstallError).code ?? "git-failed",
    `${fallback.reason}; as a git repository: ${message}`,
    { cause: error },
  );
}

/**
 * The source a lock entry names: a website for `kind: "web"` (its index
 * URL), else what `parse` reads from the recorded string.
 *
 * @param entry The lock entry.
 * @param parse How a git or local source string is read.
 * @returns The source.
 */
export function lockedSource(
  entry: LockEntry,
  parse: (source: string) => InstallSource,
): InstallSource {
  return entry.kind === "web"
    ? { kind: "web", url: entry.source }
    : parse(entry.source);
}

/**
 * The index of a website source: the one read while it was chosen, or read
 * now. An index with an unknown `$schema` is refused.
 *
 * @param source The website source.
 * @param options Caps.
 * @returns The index.
 * @throws {InstallError} with the code of the web error, or
 *   `web-schema-unknown`.
 */
export async function webIndexOf(
  source: WebSource,
  options: WebInstallOptions = {},
): Promise<WebIndex> {
  return prefetched.get(source) ?? await readIndex(source.url, options);
}

async function readIndex(
  url: string,
  options: WebInstallOptions,
): Promise<WebIndex> {
  const index = await asInstallError(
    () =>
      fetchWebIndex(url, {
        ...options.web,
        limits: webLimitsOf(options),
        signal: webSignalOf(options),
      }),
    options.signal,
  );
  if (index.version === "unknown") {
    throw new InstallError(
      "web-schema-unknown",
      index.diagnostics[0]?.message ??
        `The index "${displayUrl(index.url)}" names an unknown "$schema"`,
    );
  }
  return index;
}

/**
 * Runs `fn`, turning the errors of the web subsystem into
 * {@linkcode InstallError}s with the same code and message (so `restore`
 * reports them per skill); a missing permission is thrown as it is. Once
 * `signal` fired, whatever `fn` failed with is the interruption.
 *
 * @param fn The operation.
 * @param signal The operation's interrupting signal, passed to `fn`'s requests.
 * @returns Its result.
 * @throws {InstallError} `interrupted` once `signal` fired.
 */
export async function asInstallError<T>(
  fn: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throwIfInterrupted(signal);
    if (
      error instanceof WebFetchError || error instanceof WebIndexError ||
      error instanceof WebArtifactError
    ) {
      throw new InstallError(error.code, error.message, { cause: error });
    }
    throw error;
  }
}

/**
 * The entry of the index to install: the one named, else the only one.
 *
 * @param index The index.
 * @param wanted The name asked for (`--skill`, or the locked name).
 * @returns The entry.
 * @throws {InstallError} `no-skill` (with the entries the index left out,
 *   and why), `several-skills`.
 */
export function pickWebEntry(
  index: WebIndex,
  wanted: string | undefined,
): WebIndexEntry {
  const where = `the index "${displayUrl(index.url)}"`;
  const names = index.entries.map((e) => e.name);
  const leftOut = index.diagnostics.length === 0
    ? ""
    : `; ${
      firstItems(index.diagnostics.map((d) => d.message), 3, {
        separator: "; ",
      })
    }`;
  const found = index.entries.find((e) =>
    wanted === undefined || e.name === wanted
  );
  if (found === undefined) {
    throw new InstallError(
      "no-skill",
      wanted === undefined
        ? `No skill that can be installed is listed in ${where}${leftOut}`
        : `No skill named "${wanted}" is listed in ${where}${
          names.length === 0 ? "" : `; it lists ${firstItems(names)}`
        }${leftOut}`,
    );
  }
  if (wanted === undefined && index.entries.length > 1) {
    throw new InstallError(
      "several-skills",
      `${where[0]!.toUpperCase()}${
        where.slice(1)
      } lists ${names.length} skills: ${
        firstItems(names)
      }; pick one with --skill NAME`,
    );
  }
  return found;
}
