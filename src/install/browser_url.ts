// Copyright 2026 the skillscope authors. MIT license.
/**
 * Install sources pasted from a browser: a GitHub
 * `https://github.com/OWNER/REPO/tree/REF/path/to/skill` or
 * `…/blob/REF/path/SKILL.md`, and a GitLab (any host)
 * `https://HOST/GROUP/REPO/-/tree/REF/path` or `…/-/blob/REF/path/SKILL.md`,
 * mean a repository, a ref and a directory inside it — not a URL to clone.
 * As in the vercel-labs/skills source parser, the first path segment after
 * `tree/` is the ref (a branch whose name holds a `/` is written
 * `URL.git#feature/x:path` instead), and a query (`?ref_type=heads`,
 * `?plain=1`) is the browser's and is dropped.
 *
 * @module
 */
import { InstallError } from "./errors.ts";

/** What a browser URL names, before its ref and path are checked. */
export interface BrowserUrlParts {
  /** The repository's clone URL (`….git`). */
  readonly url: string;
  /** The ref, decoded. */
  readonly ref: string;
  /** The directory inside the repository, decoded (`""` for its root). */
  readonly subpath: string;
}

const GITHUB = /^https?:\/\/(?:www\.)?github\.com\/([^/?#]+)\/([^/?#]+)(.*)$/i;
const GITLAB = /^(https?:\/\/[^/?#]+)\/(.+?)\/-\/(tree|blob)\/(.*)$/i;

/**
 * The repository, ref and directory a browser URL names; `undefined` when
 * `spec` is not a GitHub or GitLab tree or blob URL (a plain repository URL
 * stays a URL to clone).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseBrowserUrl } from "./browser_url.ts";
 *
 * assert.deepEqual(
 *   parseBrowserUrl("https://github.com/acme/skills/blob/v2/tools/pdf/SKILL.md"),
 *   { url: "https://github.com/acme/skills.git", ref: "v2", subpath: "tools/pdf" },
 * );
 * assert.equal(parseBrowserUrl("https://github.com/acme/skills"), undefined);
 * ```
 *
 * @param spec The source as the user wrote it.
 * @returns The parts, or `undefined`.
 * @throws {InstallError} `source-refused` for a blob URL of a file other
 *   than `SKILL.md`, a `#` after a browser URL, another GitHub page
 *   (`/commit/…`, `/pull/…`), or an undecodable path.
 */
export function parseBrowserUrl(spec: string): BrowserUrlParts | undefined {
  const github = GITHUB.exec(spec);
  if (github !== null) {
    const [, owner, repo, rest = ""] = github;
    const page = /^\/(tree|blob)\/(.+)$/.exec(withoutQuery(spec, rest));
    if (page === null) {
      if (/^\/?(?:[?#].*)?$/.test(rest)) return undefined; // the repository itself
      throw new InstallError(
        "source-refused",
        `Refusing source "${spec}": it is a GitHub page, not a repository; use https://github.com/${owner}/${repo} or a …/tree/REF/PATH URL`,
      );
    }
    return parts(
      spec,
      `https://github.com/${owner}/${repo!.replace(/\.git$/i, "")}.git`,
      page[1]!,
      page[2]!,
    );
  }
  const gitlab = GITLAB.exec(spec);
  if (gitlab === null) return undefined;
  const [, origin, project = "", kind = "", rest = ""] = gitlab;
  return parts(
    spec,
    `${origin}/${project.replace(/\.git$/i, "")}.git`,
    kind,
    withoutQuery(spec, rest),
  );
}

/** `rest` without the browser's query; a `#` is refused (the ref is in the path). */
function withoutQuery(spec: string, rest: string): string {
  if (rest.includes("#")) {
    throw new InstallError(
      "source-refused",
      `Refusing source "${spec}": a browser URL names its ref in the path; remove the "#…"`,
    );
  }
  const query = rest.indexOf("?");
  return query === -1 ? rest : rest.slice(0, query);
}

/** The ref and directory of `REF[/PATH]` after `tree/` or `blob/`. */
function parts(
  spec: string,
  url: string,
  kind: string,
  refAndPath: string,
): BrowserUrlParts {
  const segments = refAndPath.split("/").filter((s) => s !== "");
  let decoded: string[];
  try {
    decoded = segments.map((s) => decodeURIComponent(s));
  } catch {
    throw new InstallError(
      "source-refused",
      `Refusing source "${spec}": its path is not valid percent-encoding`,
    );
  }
  const [ref = "", ...path] = decoded;
  if (kind.toLowerCase() === "blob") {
    if (path.at(-1)?.toLowerCase() !== "skill.md") {
      throw new InstallError(
        "source-refused",
        `Refusing source "${spec}": a blob URL must point at a SKILL.md; use the …/tree/REF/PATH URL of the skill's directory`,
      );
    }
    path.pop();
  }
  return { url, ref, subpath: path.join("/") };
}
