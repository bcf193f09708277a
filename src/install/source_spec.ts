// Copyright 2026 the skillscope authors. MIT license.
/**
 * Deciding what a source string names when it could be two things: a bare
 * `owner/repo[/path][@skill][#ref]` is a GitHub shorthand and a relative
 * local path at once. A cloned repository can ship a directory of that name, so an
 * existing one is never taken silently: the user writes `./owner/repo` or
 * `github:owner/repo`.
 *
 * @module
 */
import { resolve } from "../shared/path.ts";
import { existsSync as exists } from "../shared/fs_checks.ts";
import { InstallError } from "./errors.ts";
import {
  formatInstallSource,
  GITHUB_PREFIX,
  type InstallSource,
  isGithubShorthand,
  parseInstallSource,
  shorthandSource,
} from "./install_source.ts";

/**
 * Parses a source as the user wrote it, deciding the GitHub shorthand: a
 * bare `owner/repo[/path][@skill][#ref]` with no local path of that name is the
 * GitHub repository (with a note saying so); when a local path of that name
 * exists, the source is refused as ambiguous, naming both readings. A path
 * that cannot be checked (no read permission) stays local, so the missing
 * permission is reported.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { chooseInstallSource } from "./source_spec.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/acme/skills`, { recursive: true });
 * const cwd = Deno.cwd();
 * Deno.chdir(dir);
 * try {
 *   assert.throws(() => chooseInstallSource("acme/skills"), /Ambiguous source/);
 *   assert.equal(chooseInstallSource("./acme/skills").source.kind, "local");
 *   assert.equal(chooseInstallSource("github:acme/skills").source.kind, "git");
 *   assert.equal(chooseInstallSource("nobody/else").source.kind, "git");
 * } finally {
 *   Deno.chdir(cwd);
 * }
 * ```
 *
 * @param spec The source as the user wrote it.
 * @returns The source, and notes on how it was read.
 * @throws {InstallError} `source-ambiguous`, or what
 *   {@linkcode parseInstallSource} throws.
 */
export function chooseInstallSource(
  spec: string,
): { source: InstallSource; notes: string[] } {
  const parsed = parseInstallSource(spec);
  if (parsed.kind !== "local") return { source: parsed, notes: [] };
  if (!isGithubShorthand(parsed.path)) return { source: parsed, notes: [] };
  const local = resolve(parsed.path);
  const readable =
    Deno.permissions.querySync({ name: "read", path: local }).state ===
      "granted";
  if (!readable) return { source: parsed, notes: [] };
  if (exists(local)) {
    throw new InstallError(
      "source-ambiguous",
      `Ambiguous source "${spec}": it names the local directory "${local}" and the GitHub repository ${
        githubReading(spec)
      }; write "./${spec}" for the directory or "${GITHUB_PREFIX}${spec}" for the repository`,
    );
  }
  const source = shorthandSource(parsed.path, spec)!;
  const skill = source.kind === "git" && source.skill !== undefined
    ? ` (skill "${source.skill}")`
    : "";
  return {
    source,
    notes: [
      `"${spec}" is not a local path: installing the GitHub repository ${
        formatInstallSource(source)
      }${skill}`,
    ],
  };
}

/** The repository a shorthand names, for a message (even when its `@` is malformed). */
function githubReading(spec: string): string {
  try {
    return formatInstallSource(shorthandSource(spec, spec)!);
  } catch {
    return `${GITHUB_PREFIX}${spec}`;
  }
}
