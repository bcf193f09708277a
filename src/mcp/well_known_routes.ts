// Copyright 2026 the skillscope authors. MIT license.
/**
 * The well-known index of an MCP HTTP server: `GET
 * /.well-known/agent-skills/index.json` and each artifact it lists, built
 * in memory from the skills the server serves with the code `publish`
 * writes a site with, so one process answers both protocols. The site is
 * built again only when a served file changed.
 *
 * @module
 */
import { remoteContentOf } from "../discover/remote_source.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import { join } from "../shared/path.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import type { SkillSet } from "../serve/skill_set.ts";
import { AGENT_SKILLS_DIR, buildSite, type SiteSkill } from "../web/site.ts";
import { sha256Digest } from "../web/digest.ts";
import { type DigestCache, readSkillFile } from "./skill_files.ts";
import { messageOf } from "../shared/errors.ts";

/** What a skill contributes to the cache key: name, description, files and modes. */
interface Keyed {
  readonly skill: Skill;
  readonly key: string;
  readonly paths: readonly string[];
  readonly executable: ReadonlySet<string>;
}

/**
 * A handler for `/.well-known/agent-skills/…` over the skills of `set`
 * that MCP serves (not those read from another server, and those with a
 * name an index can carry); a skill over the MCP manifest limits (512
 * files, 16 MiB) or whose files cannot be read (changed since approval,
 * say) is left out and reported. `GET` and `HEAD` only; the index carries
 * an `ETag` and answers `304` to a matching `If-None-Match`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { DigestCache } from "./skill_files.ts";
 * import { wellKnownRoutes } from "./well_known_routes.ts";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const routes = wellKnownRoutes(set, new DigestCache());
 * const index = await routes(new Request("http://127.0.0.1/.well-known/agent-skills/index.json"));
 * assert.equal((await index.json()).skills[0].url, "hi/SKILL.md");
 * ```
 *
 * @param set The served skill set (read live).
 * @param digests The server's digest cache.
 * @param onDiagnostic Where a skill left out is reported (once per change).
 * @returns The handler.
 */
export function wellKnownRoutes(
  set: SkillSet,
  digests: DigestCache,
  onDiagnostic: (diagnostic: Diagnostic) => void = () => {},
): (request: Request) => Promise<Response> {
  let built:
    | { key: string; files: ReadonlyMap<string, Uint8Array> }
    | undefined;
  const reported = new Set<string>();
  const report = (skill: Skill, why: string): void => {
    const message =
      `"${skill.name}" is left out of the well-known index: ${why}`;
    if (reported.has(message)) return;
    reported.add(message);
    onDiagnostic({
      level: "warning",
      code: "mcp-skill-not-listed",
      message,
      path: skill.path ?? skill.source.key,
    });
  };

  const site = async (): Promise<ReadonlyMap<string, Uint8Array>> => {
    const keyed: Keyed[] = [];
    for (const skill of set.list()) {
      if (remoteContentOf(skill) !== undefined) continue;
      if (!isValidSkillName(skill.name)) continue;
      const entry = keyOf(skill, digests);
      if (typeof entry === "string") report(skill, entry);
      else keyed.push(entry);
    }
    const key = JSON.stringify(keyed.map((k) => k.key));
    if (built?.key === key) return built.files;
    const skills: SiteSkill[] = [];
    for (const { skill, paths, executable } of keyed) {
      try {
        const files = new Map(paths.map((p) => [p, readSkillFile(skill, p)]));
        skills.push({
          name: skill.name,
          description: skill.description,
          files,
          executable,
        });
      } catch (error) {
        report(skill, messageOf(error));
      }
    }
    const { files } = await buildSite(skills, { page: false });
    built = { key, files };
    return files;
  };

  return async (request: Request): Promise<Response> => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method not allowed\n", {
        status: 405,
        headers: { allow: "GET, HEAD" },
      });
    }
    const path = new URL(request.url).pathname.slice(1);
    let bytes;
    try {
      bytes = (await site()).get(path);
    } catch (error) {
      return new Response(
        `Cannot build the well-known index: ${messageOf(error)}\n`,
        { status: 500 },
      );
    }
    if (bytes === undefined || !path.startsWith(`${AGENT_SKILLS_DIR}/`)) {
      return new Response("Not found\n", { status: 404 });
    }
    const etag = `"${sha256Digest(bytes).slice("sha256:".length)}"`;
    const headers = {
      "content-type": path.endsWith(".json")
        ? "application/json"
        : path.endsWith(".tar.gz")
        ? "application/gzip"
        : "text/markdown; charset=utf-8",
      "cache-control": "no-cache",
      etag,
    };
    if (request.headers.get("if-none-match") === etag) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(
      request.method === "HEAD" ? null : bytes as Uint8Array<ArrayBuffer>,
      { headers: { ...headers, "content-length": String(bytes.length) } },
    );
  };
}

/**
 * A skill's files, their modes and its cache key (the manifest's digests),
 * or why it cannot be published.
 */
function keyOf(skill: Skill, digests: DigestCache): Keyed | string {
  let manifest;
  try {
    manifest = digests.manifest(skill);
  } catch (error) {
    return messageOf(error);
  }
  if (manifest.kind === "dynamic") return manifest.reason;
  const executable = new Set<string>();
  if (skill.dir !== undefined) {
    for (const file of manifest.files) {
      try {
        const mode = Deno.statSync(join(skill.dir, file.path)).mode;
        if (mode !== null && (mode & 0o111) !== 0) executable.add(file.path);
      } catch {
        // Read (or reported) with the rest of its files.
      }
    }
  }
  return {
    skill,
    paths: manifest.files.map((f) => f.path),
    executable,
    key: JSON.stringify([
      skill.name,
      skill.description,
      manifest.files.map((f) => [f.path, f.digest]),
      [...executable],
    ]),
  };
}
