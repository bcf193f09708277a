// Copyright 2026 the skillscope authors. MIT license.
/**
 * The well-known index of an MCP HTTP server: `GET
 * /.well-known/agent-skills/index.json` and each artifact it lists, packed
 * from the skills the server serves with the code `publish` writes a site
 * with, so one process answers both protocols. Skills are packed one at a
 * time, when their files changed or their artifact is asked for; the index
 * keeps only each artifact's digest, the packed bytes stay within a byte
 * budget (see {@linkcode WellKnownArtifacts}), and the event loop gets a
 * turn between skills.
 *
 * @module
 */
import { contentOf } from "../content/content_of.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import { join } from "../shared/path.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import type { SkillSet } from "../serve/skill_set.ts";
import { AGENT_SKILLS_DIR } from "../web/site.ts";
import { type PublishedEntry, renderWebIndex } from "../web/index_writer.ts";
import { sha256Digest } from "../web/digest.ts";
import { TaskLimit } from "../web/task_limit.ts";
import type { DigestCache } from "./skill_files.ts";
import { type PackSource, WellKnownArtifacts } from "./well_known_artifacts.ts";
import { messageOf } from "../shared/errors.ts";

/** Longest the index build runs without giving the event loop a turn (ms). */
const TURN_MS = 10;

/** The index as last built, by the keys of the skills it lists. */
interface BuiltIndex {
  readonly key: string;
  readonly bytes: Uint8Array;
}

/**
 * A handler for `/.well-known/agent-skills/…` over the skills of `set`
 * that MCP serves (not those read from another server, and those with a
 * name an index can carry); a skill over the MCP manifest limits (512
 * files, 16 MiB) or whose files cannot be read (changed since approval,
 * say) is left out and reported. `GET` and `HEAD` only; the index carries
 * an `ETag` and answers `304` to a matching `If-None-Match`. One skill's
 * files are read and packed at a time; what is kept between requests is
 * each artifact's digest and, within the budget of `artifacts`, its bytes.
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
 * @param artifacts Packs the skills and keeps their artifacts (default: a
 *   new one with the default budget).
 * @returns The handler.
 */
export function wellKnownRoutes(
  set: SkillSet,
  digests: DigestCache,
  onDiagnostic: (diagnostic: Diagnostic) => void = () => {},
  artifacts: WellKnownArtifacts = new WellKnownArtifacts(),
): (request: Request) => Promise<Response> {
  let built: BuiltIndex | undefined;
  // One index build at a time: a second request waits, then finds it built.
  const builds = new TaskLimit(1);
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

  const listable = (skill: Skill): boolean =>
    contentOf(skill).local !== undefined && isValidSkillName(skill.name);

  /** The skills the index lists, keyed; hashing yields now and then. */
  const current = async (): Promise<PackSource[]> => {
    const keyed: PackSource[] = [];
    let turn = performance.now();
    for (const skill of set.list()) {
      if (!listable(skill)) continue;
      if (performance.now() - turn > TURN_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        turn = performance.now();
      }
      const entry = keyOf(skill, digests);
      if (typeof entry === "string") report(skill, entry);
      else keyed.push(entry);
    }
    return keyed;
  };

  const index = (): Promise<BuiltIndex> =>
    builds.run(async () => {
      const keyed = await current();
      const key = JSON.stringify(keyed.map((k) => k.key));
      if (built?.key === key) return built;
      const entries: PublishedEntry[] = [];
      for (const source of keyed) {
        try {
          const packed = await artifacts.entry(source);
          entries.push({
            name: source.skill.name,
            type: packed.type,
            description: source.skill.description,
            url: `${source.skill.name}/${packed.fileName}`,
            digest: packed.digest,
          });
        } catch (error) {
          report(source.skill, messageOf(error));
        }
      }
      artifacts.retain(keyed.map((k) => k.key));
      const bytes = new TextEncoder().encode(renderWebIndex(entries));
      built = { key, bytes };
      return built;
    });

  /** The artifact at `rel` (`NAME/FILE`), or `undefined`. */
  const artifact = async (
    rel: string,
  ): Promise<
    { bytes: Uint8Array; size: number; digest: string } | undefined
  > => {
    const slash = rel.indexOf("/");
    const name = rel.slice(0, slash);
    const skill = set.list().find((s) => s.name === name);
    if (slash === -1 || skill === undefined || !listable(skill)) {
      return undefined;
    }
    const source = keyOf(skill, digests);
    if (typeof source === "string") {
      report(skill, source);
      return undefined;
    }
    try {
      const packed = await artifacts.artifact(source);
      if (`${name}/${packed.entry.fileName}` !== rel) return undefined;
      return {
        bytes: packed.bytes,
        size: packed.entry.size,
        digest: packed.entry.digest,
      };
    } catch (error) {
      report(skill, messageOf(error));
      return undefined;
    }
  };

  return async (request: Request): Promise<Response> => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method not allowed\n", {
        status: 405,
        headers: { allow: "GET, HEAD" },
      });
    }
    const path = new URL(request.url).pathname.slice(1);
    const prefix = `${AGENT_SKILLS_DIR}/`;
    let found;
    try {
      if (path === `${prefix}index.json`) {
        const { bytes } = await index();
        found = { bytes, size: bytes.length, digest: sha256Digest(bytes) };
      } else if (path.startsWith(prefix)) {
        found = await artifact(path.slice(prefix.length));
      }
    } catch (error) {
      return new Response(
        `Cannot build the well-known index: ${messageOf(error)}\n`,
        { status: 500 },
      );
    }
    if (found === undefined) {
      return new Response("Not found\n", { status: 404 });
    }
    const etag = `"${found.digest.slice("sha256:".length)}"`;
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
      request.method === "HEAD" ? null : found.bytes as Uint8Array<ArrayBuffer>,
      { headers: { ...headers, "content-length": String(found.size) } },
    );
  };
}

/**
 * A skill's files, their modes and its cache key (the manifest's digests),
 * or why it cannot be published.
 */
function keyOf(skill: Skill, digests: DigestCache): PackSource | string {
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
