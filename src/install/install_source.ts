// Copyright 2026 the skillscope authors. MIT license.
/**
 * Parsing install sources as people paste them: a local path; a git URL
 * with an optional `#ref` and `:sub/path`; a GitHub or GitLab browser URL
 * (`…/tree/REF/path`, `…/blob/REF/path/SKILL.md`, see `browser_url.ts`); or
 * the GitHub shorthand `[github:]owner/repo[/path][@skill][#ref]`, where
 * `@skill` picks a skill as `--skill` does (the skills.sh convention) and
 * `#ref` may stand before it or after it.
 *
 * @module
 */
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import { parseBrowserUrl } from "./browser_url.ts";
import { InstallError } from "./errors.ts";

/**
 * A parsed install source.
 *
 * @example Usage
 * ```ts
 * import { type InstallSource, parseInstallSource } from "./install_source.ts";
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
    /**
     * The skill to take (`owner/repo@skill`), as `--skill` picks one; not
     * part of the source's string form (the lock records it apart).
     */
    readonly skill?: string;
  }
  | {
    /** A website's well-known skills index (see `web_source.ts`). */
    readonly kind: "web";
    /** The site, a URL on it, or its index URL. */
    readonly url: string;
  };

/** A git install source. */
type GitSource = Extract<InstallSource, { kind: "git" }>;

const GIT_URL = /^(?:https?|ssh|git|file):\/\//i;
const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:(?!\/\/)/;
const REF = /^[A-Za-z0-9._\/-]+$/;

/** The prefix that makes a GitHub shorthand explicit: `github:owner/repo[/path][@skill][#ref]`. */
export const GITHUB_PREFIX = "github:";

/**
 * Parses an install source. Git: `https://…`, `ssh://…`, `git://…`,
 * `file://…` or `user@host:owner/repo`, then optionally `#ref`, then
 * optionally `:sub/path` (`#:sub/path` for the default branch); a GitHub
 * `…/tree/REF/path` or `…/blob/REF/path/SKILL.md` URL, or a GitLab
 * `…/-/tree/REF/path` one (repository, ref and directory); or
 * `github:owner/repo[/path][@skill][#ref]` (see {@linkcode githubShorthand}).
 * Anything else is a local path (a bare `owner/repo` is decided by the
 * caller, see `source_spec.ts`). Refuses, before anything runs: sources starting with
 * `-`, git transports written `name::…` (such as `ext::`), refs starting
 * with `-` or holding unusual characters, and sub-paths with `..`.
 *
 * @example Parse a git source with a ref and a sub-path
 * ```ts
 * import { parseInstallSource } from "./install_source.ts";
 * import assert from "node:assert/strict";
 *
 * const source = parseInstallSource("https://example.com/org/skills.git#v1.2:skills/pdf");
 * assert.equal(source.kind, "git");
 * assert.deepEqual(parseInstallSource("github:acme/skills/tools@pdf#v1"), {
 *   kind: "git",
 *   url: "https://github.com/acme/skills.git",
 *   ref: "v1",
 *   subpath: "tools",
 *   skill: "pdf",
 * });
 * assert.deepEqual(parseInstallSource("https://github.com/acme/skills/tree/main/tools/pdf"), {
 *   kind: "git",
 *   url: "https://github.com/acme/skills.git",
 *   ref: "main",
 *   subpath: "tools/pdf",
 * });
 * ```
 *
 * @param spec The source as the user wrote it.
 * @returns The parsed source (a website is decided later, by reading its
 *   well-known index: see `web_source.ts`).
 * @throws {InstallError} `source-refused` for the cases above, and for a
 *   shorthand whose `@` names no valid skill (a ref is written `#ref`).
 */
export function parseInstallSource(
  spec: string,
): Exclude<InstallSource, { kind: "web" }> {
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
    const source = shorthandSource(spec.slice(GITHUB_PREFIX.length), spec);
    if (source === undefined) {
      throw new InstallError(
        "source-refused",
        `Refusing source "${spec}": expected github:OWNER/REPO[/PATH][@SKILL][#REF]`,
      );
    }
    return source;
  }
  if (!GIT_URL.test(spec) && !SCP_LIKE.test(spec)) {
    return { kind: "local", path: spec };
  }
  const browser = parseBrowserUrl(spec);
  if (browser !== undefined) {
    return gitSource(browser.url, browser.ref, browser.subpath);
  }
  const hash = spec.indexOf("#");
  const url = hash === -1 ? spec : spec.slice(0, hash);
  const fragment = hash === -1 ? "" : spec.slice(hash + 1);
  const colon = fragment.indexOf(":");
  return gitSource(
    url,
    colon === -1 ? fragment : fragment.slice(0, colon),
    colon === -1 ? "" : fragment.slice(colon + 1),
  );
}

/** A git source with its ref and sub-path checked (`""`: none). */
function gitSource(url: string, ref: string, rawSub: string): GitSource {
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
  if (source.kind === "web") return source.url;
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
 * import { stripCredentials } from "./install_source.ts";
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

// owner / repo / path, then `#ref` before or after `@skill` (groups 4 and 6).
const SHORTHAND =
  /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)((?:\/[A-Za-z0-9_.\/-]+)?)(?:#([^#@]*))?(?:@([^@#]*))?(?:#([^#@]*))?$/;

/**
 * Whether `spec` has the shape of the GitHub shorthand
 * `owner/repo[/path][@skill][#ref]` — the `#ref` may also come before the
 * `@skill`, but only once — (its parts are checked by
 * {@linkcode githubShorthand}).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isGithubShorthand } from "./install_source.ts";
 *
 * assert.equal(isGithubShorthand("acme/skills/pdf@pdf#v1"), true);
 * assert.equal(isGithubShorthand("acme/skills/pdf#v1@pdf"), true);
 * assert.equal(isGithubShorthand("acme/skills#v1@pdf#v2"), false);
 * assert.equal(isGithubShorthand("./acme/skills"), false);
 * ```
 *
 * @param spec The source as the user wrote it.
 * @returns `true` for that shape.
 */
export function isGithubShorthand(spec: string): boolean {
  const match = SHORTHAND.exec(spec);
  if (match === null) return false;
  const [, owner, repo, path = "", refBefore, , refAfter] = match;
  if (refBefore !== undefined && refAfter !== undefined) return false;
  return ![owner, repo].some((p) => p === "." || p === "..") &&
    !path.split("/").some((p) => p === "." || p === "..");
}

/**
 * The GitHub repository a shorthand names: `owner/repo`,
 * `owner/repo/path/to/skill` (the repository and a directory inside it),
 * `owner/repo#ref` (and both), as a git source
 * `https://github.com/owner/repo.git#ref:path`; `undefined` when `spec` is
 * not one. A trailing `@skill` picks a skill (it is not part of the
 * repository's source); a ref is written `#ref` — an `@` followed by what is
 * not a valid skill name (`@v1.2`, `@release/2`) is refused with that
 * advice. The caller decides when to use it: `github:` in front always
 * means it, and a bare shorthand that is also an existing local path is
 * refused as ambiguous (see `source_spec.ts`).
 *
 * @example Usage
 * ```ts
 * import { githubShorthand } from "./install_source.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   githubShorthand("acme/skills/tools/pdf#v2"),
 *   "https://github.com/acme/skills.git#v2:tools/pdf",
 * );
 * assert.equal(githubShorthand("acme/skills@pdf"), "https://github.com/acme/skills.git");
 * assert.equal(
 *   githubShorthand("acme/skills/tools@pdf#v2"),
 *   "https://github.com/acme/skills.git#v2:tools",
 * );
 * assert.equal(githubShorthand("./acme/skills"), undefined);
 * ```
 *
 * @param spec The source as the user wrote it.
 * @returns The git source, or `undefined`.
 * @throws {InstallError} `source-refused` for a bad ref, or an `@` that
 *   names no valid skill.
 */
export function githubShorthand(spec: string): string | undefined {
  const source = shorthandSource(spec, spec);
  return source === undefined ? undefined : formatInstallSource(source);
}

/**
 * The git source of a GitHub shorthand, with its skill; `undefined` when
 * `spec` is not one. `written` is the source as the user wrote it (for
 * messages).
 *
 * @param spec The shorthand (without `github:`).
 * @param written The source as written.
 * @returns The source, or `undefined`.
 * @throws {InstallError} as {@linkcode githubShorthand}.
 */
export function shorthandSource(
  spec: string,
  written: string,
): GitSource | undefined {
  if (!isGithubShorthand(spec)) return undefined;
  const [, owner, repo, path = "", refBefore, skill, refAfter] = SHORTHAND
    .exec(spec)!;
  const ref = refBefore ?? refAfter ?? "";
  if (skill !== undefined && !isValidSkillName(skill as unknown)) {
    // Before, `@` named a ref: say how a ref is written now.
    const asRef = `${written.slice(0, written.lastIndexOf("@"))}#${skill}`;
    throw new InstallError(
      "source-refused",
      `Refusing source "${written}": "@" picks a skill, and "${skill}" is not a skill name${
        ref === "" ? `; for the git ref "${skill}" write "${asRef}"` : ""
      }`,
    );
  }
  const source = gitSource(
    `https://github.com/${owner}/${repo!.replace(/\.git$/, "")}.git`,
    ref,
    path.replace(/^\/+/, ""),
  );
  return skill === undefined ? source : { ...source, skill };
}
