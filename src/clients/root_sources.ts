// Copyright 2026 the skillscope authors. MIT license.
/**
 * The discovery sources of the default roots: each root a directory source
 * scanned as the clients that read it scan it.
 *
 * @module
 */
import {
  type DefaultRoots,
  defaultRoots,
  type DefaultRootsOptions,
} from "./default_roots.ts";
import { clientEntry, scanOptions } from "./client_profile.ts";
import { directorySource, type SkillSource } from "../discover/sources.ts";

/**
 * The sources of default roots already worked out (what
 * {@linkcode defaultSources} returns for them): each root a directory
 * source scanned as its clients scan it, skipped with a warning when it may
 * not be read or is not a directory; the diagnostics first, as a notice.
 *
 * @example Usage
 * ```ts
 * import { defaultRoots } from "./default_roots.ts";
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
      readBy: root.clients.map((client) => clientEntry(client).label),
    })
  );
  if (found.diagnostics.length > 0) {
    sources.unshift(
      Object.freeze({ kind: "notice", diagnostics: found.diagnostics }),
    );
  }
  return sources;
}

/**
 * Directory sources for the default roots (see {@linkcode defaultRoots}),
 * each scanned as its clients scan it: Codex's roots recursively to depth 6
 * through symlinked directories, opencode's at any depth (bounded), Claude
 * Code's with a skill without `description` described by its first
 * paragraph. A root Deno may not read, or one that is not a readable
 * directory (a folder may ship `.agents` as a file or a symlink loop), is
 * skipped with a warning instead of failing.
 *
 * @example Usage
 * ```ts ignore
 * import { defaultSources, discover } from "@skillscope/skills";
 *
 * const { skills } = await discover({ sources: defaultSources({ clients: ["claude", "codex"] }) });
 * ```
 *
 * @param options cwd, home, clients, ancestors, trustProject, onlyClients, detect.
 * @returns The sources, in precedence order.
 * @throws {TypeError} for an unknown client name.
 */
export function defaultSources(
  options: DefaultRootsOptions = {},
): SkillSource[] {
  return rootSources(defaultRoots(options));
}
