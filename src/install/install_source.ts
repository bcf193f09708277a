// Copyright 2026 the skillscope authors. MIT license.
/**
 * Parsing install sources: a local path, or a git URL with an optional
 * `#ref` and `:sub/path`, or `github:owner/repo[/path][@ref]`.
 *
 * @module
 */
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { InstallError } from "./errors.ts";

/**
 * A parsed install source.
 *
 * @example Usage
 * ```ts
 * import { type InstallSource, parseInstallSource } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const source: InstallSource = parseInstallSource("./skills/pdf");
 * assert.equal(source.kind, "local");
 * ```
 */
export type InstallSource =
  | { readonly kind: "local"; readonly path: string }
  | {
    readonly kind: "git";
    /** The repository URL, as given. */
    readonly url: string;
    /** Branch, tag or commit; absent = the default branch. */
    readonly ref?: string;
    /** Directory inside the repository. */
    readonly subpath?: string;
  };

const GIT_URL = /^(?:https?|ssh|git|file):\/\//i;
const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:(?!\/\/)/;
const REF = /^[A-Za-z0-9._\/-]+$/;

/** The prefix that makes a GitHub shorthand explicit: `github:owner/repo[/path][@ref]`. */
export const GITHUB_PREFIX = "github:";

/**
 * Parses an install source. Git: `https://…`, `ssh://…`, `git://…`,
 * `file://…` or `user@host:owner/repo`, then optionally `#ref`, then
 * optionally `:sub/path` (`#:sub/path` for the default branch); or
 * `github:owner/repo[/path][@ref]` (see {@linkcode githubShorthand}).
 * Anything else is a local path (a bare `owner/repo` is decided by the
 * caller, see `source_spec.ts`). Refuses, before anything runs: sources starting with
 * `-`, git transports written `name::…` (such as `ext::`), refs starting
 * with `-` or holding unusual characters, and sub-paths with `..`.
 *
 * @example Parse a git source with a ref and a sub-path
 * ```ts
 * import { parseInstallSource } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const source = parseInstallSource("https://example.com/org/skills.git#v1.2:skills/pdf");
 * assert.equal(source.kind, "git");
 * assert.deepEqual(parseInstallSource("github:acme/skills/pdf@v1"), {
 *   kind: "git",
 *   url: "https://github.com/acme/skills.git",
 *   ref: "v1",
 *   subpath: "pdf",
 * });
 * ```
 *
 * @param spec The source as the user wrote it.
 * @returns The parsed source.
 * @throws {InstallError} `source-refused` for the cases above.
 */
export function parseInstallSource(spec: string): InstallSource {
  if (spec.trim() === "") {
    throw new InstallError("source-refused", "The install source is empty");
  }
  if (spec.startsWith("-")) {
    throw new InstallError(
      "source-refused",
      `Refusing source "${spec}": it starts with "-" and would be read as an option`,
    );
  }
  if (/^[A-Za-z][A-Za-z0-9+.-]*::/.test(spec)) {
    throw new InstallError(
      "source-refused",
      `Refusing source "${spec}": git remote helpers ("name::…", e.g. ext::) can run commands`,
    );
  }
  if (spec.includes("\0") || /[\r\n]/.test(spec)) {
    throw new InstallError(
      "source-refused",
      "Refusing a source that contains control characters",
    );
  }
  if (spec.startsWith(GITHUB_PREFIX)) {
    const url = githubShorthand(spec.slice(GITHUB_PREFIX.length));
    if (url === undefined) {
      throw new InstallError(
        "source-refused",
        `Refusing source "${spec}": expected github:OWNER/REPO[/PATH][@REF]`,
      );
    }
    return parseInstallSource(url);
  }
  if (!GIT_URL.test(spec) && !SCP_LIKE.test(spec)) {
    return { kind: "local", path: spec };
  }
  const hash = spec.indexOf("#");
  const url = hash === -1 ? spec : spec.slice(0, hash);
  const fragment = hash === -1 ? "" : spec.slice(hash + 1);
  const colon = fragment.indexOf(":");
  const ref = colon === -1 ? fragment : fragment.slice(0, colon);
  const rawSub = colon === -1 ? "" : fragment.slice(colon + 1);
  if (
    ref !== "" && (ref.startsWith("-") || !REF.test(ref) || ref.includes(".."))
  ) {
    throw new InstallError(
      "source-refused",
      `Refusing git ref "${ref}": use a branch, tag or commit name`,
    );
  }
  let subpath: string | undefined;
  if (rawSub !== "") {
    subpath = normalizeAssetPath(rawSub);
    if (subpath === undefined) {
      throw new InstallError(
        "source-refused",
        `Refusing sub-path "${rawSub}": it must be relative, without ".."`,
      );
    }
  }
  return {
    kind: "git",
    url,
    ...(ref === "" ? {} : { ref }),
    ...(subpath === undefined ? {} : { subpath }),
  };
}

/**
 * Writes a parsed source back in the form {@linkcode parseInstallSource} reads.
 *
 * @param source The source.
 * @returns The source string.
 */
export function formatInstallSource(source: InstallSource): string {
  if (source.kind === "local") return source.path;
  const fragment = `${source.ref ?? ""}${
    source.subpath === undefined ? "" : `:${source.subpath}`
  }`;
  return fragment === "" ? source.url : `${source.url}#${fragment}`;
}

/**
 * Removes credentials from a source URL before it is recorded or printed, as
 * git does for remotes: the password always, and for `http(s)://` the user
 * name too (`https://user:token@host/r.git` → `https://host/r.git`).
 *
 * @example Usage
 * ```ts
 * import { stripCredentials } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   stripCredentials("https://me:ghp_secret@example.com/a/b.git#main"),
 *   "https://example.com/a/b.git#main",
 * );
 * ```
 *
 * @param source A source string (a URL, possibly with `#ref:sub`, or a path).
 * @returns The same source without credentials.
 */
export function stripCredentials(source: string): string {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#]*@)(.*)$/s.exec(source);
  if (match === null) return source;
  const [, scheme, userinfo, rest] = match;
  const user = userinfo!.slice(0, -1);
  const colon = user.indexOf(":");
  const name = colon === -1 ? user : user.slice(0, colon);
  if (/^https?:/i.test(scheme!) || name === "") return `${scheme}${rest}`;
  return `${scheme}${name}@${rest}`;
}

const SHORTHAND =
  /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)((?:\/[A-Za-z0-9_.\/-]+)?)(?:@([A-Za-z0-9._\/-]+))?$/;

/**
 * The GitHub repository a shorthand names: `owner/repo`,
 * `owner/repo/path/to/skill`, `owner/repo@ref` (and both), as a git source
 * `https://github.com/owner/repo.git#ref:path`; `undefined` when `spec` is
 * not one. The caller decides when to use it: `github:` in front always
 * means it, and a bare shorthand that is also an existing local path is
 * refused as ambiguous (see `source_spec.ts`).
 *
 * @example Usage
 * ```ts
 * import { githubShorthand } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   githubShorthand("acme/skills/tools/pdf@v2"),
 *   "https://github.com/acme/skills.git#v2:tools/pdf",
 * );
 * assert.equal(githubShorthand("./acme/skills"), undefined);
 * ```
 *
 * @param spec The source as the user wrote it.
 * @returns The git source, or `undefined`.
 */
export function githubShorthand(spec: string): string | undefined {
  const match = SHORTHAND.exec(spec);
  if (match === null) return undefined;
  const [, owner, repo, path, ref] = match;
  if ([owner, repo].some((p) => p === "." || p === "..")) return undefined;
  if (path!.split("/").some((p) => p === "." || p === "..")) return undefined;
  const sub = path!.replace(/^\/+/, "").replace(/\/+$/, "");
  const fragment = ref === undefined && sub === ""
    ? ""
    : `#${ref ?? ""}${sub === "" ? "" : `:${sub}`}`;
  return `https://github.com/${owner}/${
    repo!.replace(/\.git$/, "")
  }.git${fragment}`;
}
