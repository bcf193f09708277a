// Copyright 2026 the skillscope authors. MIT license.
/**
 * The discovery sources of default roots already worked out: each root a
 * directory source scanned as the clients that read it scan it.
 *
 * @module
 */
import type { DefaultRoots } from "./default_roots.ts";
import { scanOptions } from "./client_profile.ts";
import { directorySource, type SkillSource } from "./sources.ts";

/**
 * The sources of default roots already worked out (what
 * {@linkcode defaultSources} returns for them): each root a directory
 * source scanned as its clients scan it, skipped with a warning when it may
 * not be read or is not a directory; the diagnostics first, as a notice.
 *
 * @example Usage
 * ```ts
 * import { defaultRoots } from "@skillscope/skills";
 * import { rootSources } from "./root_sources.ts";
 * import assert from "node:assert/strict";
 *
 * const found = defaultRoots({ cwd: "/p", home: "/h", ancestors: false });
 * assert.equal(rootSources(found).length, found.roots.length);
 * ```
 *
 * @param found The roots and their diagnostics.
 * @returns The sources, in precedence order.
 */
export function rootSources(
  found: Pick<DefaultRoots, "roots" | "diagnostics">,
): SkillSource[] {
  const sources: SkillSource[] = found.roots.map((root) =>
    directorySource(root.path, {
      scope: root.scope,
      onPermissionDenied: "skip",
      onInvalidRoot: "skip",
      ...scanOptions(root.scan),
    })
  );
  if (found.diagnostics.length > 0) {
    sources.unshift(
      Object.freeze({ kind: "notice", diagnostics: found.diagnostics }),
    );
  }
  return sources;
}
