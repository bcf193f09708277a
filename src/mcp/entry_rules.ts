// Copyright 2026 the skillscope authors. MIT license.
/**
 * The rules of the MCP skills extension (SEP-2640) for a `skills/list`
 * entry, as the SDK's extension holds the entries of a source to them (an
 * entry that breaks one is left out of the page). Checked once, when an
 * entry is built, so that a page is served without checking every entry
 * again on every request.
 *
 * @module
 */
import type { Skill as SkillEntry } from "@modelcontextprotocol/server/ext/skills";

/** Agent Skills name rule of the extension: ASCII lowercase letters, digits and single hyphens. */
const NAME = /^[\da-z]+(?:-[\da-z]+)*$/;
/** A manifest digest. */
const DIGEST = /^sha256:[\da-f]{64}$/;

/**
 * What keeps an entry out of `skills/list` under the extension's rules (the
 * SDK's own wording), or an empty list when it may be listed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { entryProblems } from "./entry_rules.ts";
 *
 * const entry = {
 *   uri: "skill://hi/SKILL.md",
 *   frontmatter: { name: "hi", description: "" },
 *   resources: "dynamic" as const,
 * };
 * assert.deepEqual(entryProblems(entry), [
 *   "frontmatter description must be 1-1024 characters",
 * ]);
 * ```
 *
 * @param entry The entry.
 * @returns The problems.
 */
export function entryProblems(entry: SkillEntry): string[] {
  const { frontmatter, resources } = entry;
  if (Object.getPrototypeOf(frontmatter) !== Object.prototype) {
    return ['frontmatter: frontmatter must not have a "__proto__" field'];
  }
  if (
    resources !== "dynamic" &&
    !resources.every((r) =>
      typeof r.uri === "string" && DIGEST.test(r.digest) &&
      Number.isSafeInteger(r.size) && r.size >= 0
    )
  ) return ["resources: Invalid input"];
  const root = _rootOf(entry.uri);
  if (root === undefined) {
    return [
      `uri "${entry.uri}" must be a URI ending in /SKILL.md inside a named directory`,
    ];
  }
  const problems: string[] = [];
  const { name, description } = frontmatter;
  if (name.length === 0 || name.length > 64 || !NAME.test(name)) {
    problems.push(
      `frontmatter name "${name}" must be 1-64 lowercase letters, digits and single hyphens`,
    );
  } else if (_lastSegment(root) !== name) {
    problems.push(
      `frontmatter name "${name}" must match the last path segment "${
        _lastSegment(root)
      }"`,
    );
  }
  if (description === "" || _characters(description) > 1024) {
    problems.push("frontmatter description must be 1-1024 characters");
  }
  const compatibility = frontmatter["compatibility"];
  if (
    compatibility !== undefined &&
    (typeof compatibility !== "string" || compatibility === "" ||
      _characters(compatibility) > 500)
  ) {
    problems.push(
      "frontmatter compatibility must be a string of 1-500 characters",
    );
  }
  const metadata = frontmatter["metadata"];
  if (
    metadata !== undefined &&
    (typeof metadata !== "object" || metadata === null ||
      Array.isArray(metadata) ||
      !Object.values(metadata).every((v) => typeof v === "string"))
  ) problems.push("frontmatter metadata must map strings to strings");
  if (resources !== "dynamic") {
    problems.push(..._resourceProblems(entry.uri, root, resources));
  }
  return problems;
}

function _resourceProblems(
  uri: string,
  root: string,
  resources: readonly { readonly uri: string }[],
): string[] {
  const problems: string[] = [];
  const self = _canonical(uri);
  const seen = new Set<string>();
  let hasSelf = false;
  for (const resource of resources) {
    const canonical = _canonical(resource.uri);
    if (canonical === undefined) {
      problems.push(`resource "${resource.uri}" is not a valid URI`);
      continue;
    }
    if (/[#?]/.test(canonical)) {
      problems.push(
        `resource "${resource.uri}" must not have a query or fragment`,
      );
      continue;
    }
    // Two spellings of one file (`Q&A.md`, `Q%26A.md`) are one file.
    const key = canonical.split("/").map(_decoded).join("/");
    if (seen.has(key)) {
      problems.push(`resource "${resource.uri}" is listed more than once`);
    }
    seen.add(key);
    if (canonical === self) hasSelf = true;
    else if (!_isWithin(root, canonical)) {
      problems.push(
        `resource "${resource.uri}" is outside the skill directory ${root}`,
      );
    }
  }
  if (!hasSelf) problems.push(`resources must include ${uri}`);
  return problems;
}

/** The WHATWG serialisation of a URI, `undefined` when it does not parse. */
function _canonical(uri: string): string | undefined {
  try {
    return new URL(uri).href;
  } catch {
    return undefined;
  }
}

/** The directory of a `…/SKILL.md` URI in a named directory. */
function _rootOf(uri: string): string | undefined {
  const canonical = _canonical(uri);
  if (canonical === undefined || !canonical.endsWith("/SKILL.md")) {
    return undefined;
  }
  const root = canonical.slice(0, -"/SKILL.md".length);
  return root.endsWith("/") ? undefined : root;
}

function _decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The decoded last segment of a directory URI (its authority when it has no path). */
function _lastSegment(root: string): string {
  const url = new URL(root);
  const path = url.pathname;
  return _decoded(
    path === "" || path === "/"
      ? url.host
      : path.slice(path.lastIndexOf("/") + 1),
  );
}

/** Whether a canonical URI lies strictly inside `root`, through segments that name files. */
function _isWithin(root: string, canonical: string): boolean {
  if (!canonical.startsWith(`${root}/`)) return false;
  return canonical.slice(root.length + 1).split("/").every((segment) => {
    const name = _decoded(segment);
    return name !== "" && name !== "." && name !== ".." &&
      !name.includes("/") && !name.includes("\0");
  });
}

/** Length in code points. */
function _characters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
