// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `skills/list` entries of a skill set, built once and shared by every
 * source over the same discovery (HTTP builds a server, so a source, per
 * request): which skills can be served, the entry of each listing, and the
 * diagnostics told once per callback and discovery.
 *
 * @module
 */
import type { Skill as SkillEntry } from "@modelcontextprotocol/server/ext/skills";
import { isValidSkillName } from "../parse/skill_name.ts";
import { contentOf } from "../content/content_of.ts";
import type { SkillSet } from "../serve/skill_set.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import type { SkillManifest } from "./skill_files.ts";
import { skillFileUri } from "./uri.ts";
import { entryProblems } from "./entry_rules.ts";

/** A skill the extension can serve, with the URI of its `SKILL.md`. */
export interface Servable {
  /** The skill. */
  readonly skill: Skill;
  /** `skill://<name>/SKILL.md`. */
  readonly uri: string;
}

/** The servable skills of a discovery, and why the others were left out. */
const servables = new WeakMap<
  readonly Skill[],
  { readonly servable: readonly Servable[]; readonly left: Diagnostic[] }
>();

/**
 * The entry built for a skill, what building it reported, and why the
 * extension's rules keep it out of `skills/list` (when they do).
 */
export interface Listed {
  /** The entry (`undefined` when none can be built). */
  readonly entry: SkillEntry | undefined;
  /** What building it reported. */
  readonly diagnostics: readonly Diagnostic[];
  /** Set when the entry breaks the extension's rules: it is not listed. */
  readonly dropped?: Diagnostic | undefined;
}

/** The entry built from one listing of a skill (or of a website's skill). */
const entries = new WeakMap<object, Listed>();

/** What each diagnostics callback was told, per discovery (`code\0path`). */
const told = new WeakMap<
  (diagnostic: Diagnostic) => void,
  WeakMap<readonly Skill[], Set<string>>
>();

/**
 * The skills of a discovery the extension can serve (valid names, not read
 * from another server), and a warning for each one left out; computed once
 * per discovery.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { servableSkills } from "./listed_entries.ts";
 *
 * const set = SkillSet.openSync({ sources: [
 *   embeddedSkill({ name: "good", description: "Fine", content: "" }),
 *   embeddedSkill({ name: "Bad_Name", description: "Lenient", content: "" }),
 * ] });
 * const { servable, left } = servableSkills(set.list());
 * assert.deepEqual(servable.map((s) => s.uri), ["skill://good/SKILL.md"]);
 * assert.equal(left.length, 1);
 * assert.equal(servableSkills(set.list()).servable, servable);
 * ```
 *
 * @param skills A discovery's skills (`SkillSet.list()`).
 * @returns The servable skills and the warnings.
 */
export function servableSkills(
  skills: readonly Skill[],
): { readonly servable: readonly Servable[]; readonly left: Diagnostic[] } {
  const cached = servables.get(skills);
  if (cached !== undefined) return cached;
  const servable: Servable[] = [];
  const left: Diagnostic[] = [];
  for (const skill of skills) {
    // Content read from elsewhere is served on only for a website's skills
    // (fetched and verified on read); another MCP server's are not served
    // again.
    if (
      contentOf(skill).local === undefined &&
      !skill.source.key.startsWith("web+")
    ) {
      left.push({
        level: "warning",
        code: "mcp-skill-not-listed",
        message:
          `"${skill.name}" comes from another server (${skill.source.key}); skills read from MCP are not served again`,
        path: skill.source.key,
      });
      continue;
    }
    if (!isValidSkillName(skill.name)) {
      left.push({
        level: "warning",
        code: "mcp-skill-not-listed",
        message:
          `"${skill.name}" is not a valid skill name, so it cannot be served as skill://<name>/SKILL.md; it is left out of skills/list`,
        path: skill.path ?? skill.source.key,
      });
      continue;
    }
    servable.push({ skill, uri: skillFileUri(skill.name, "SKILL.md") });
  }
  const result = { servable, left };
  servables.set(skills, result);
  return result;
}

/**
 * The `skills/list` entry of a skill from its listing (see
 * `DigestCache.listing`), or `undefined` when the extension cannot list it
 * (a frontmatter without name or description, or an entry against the
 * extension's rules), with what to report; built and checked once per
 * listing object.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { DigestCache } from "./skill_files.ts";
 * import { listedEntry } from "./listed_entries.ts";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const skill = set.require("hi");
 * const listing = new DigestCache().listing(skill);
 * const { entry } = listedEntry(skill, listing);
 * assert.equal(entry?.uri, "skill://hi/SKILL.md");
 * assert.equal(listedEntry(skill, listing).entry, entry);
 * ```
 *
 * @param skill The skill.
 * @param listing Its frontmatter and manifest.
 * @returns The entry and the diagnostics.
 */
export function listedEntry(
  skill: Skill,
  listing: {
    readonly frontmatter: Readonly<Record<string, unknown>>;
    readonly manifest: SkillManifest;
  },
): Listed {
  let built = entries.get(listing);
  if (built === undefined) {
    built = entryOf(skill, listing.frontmatter, listing.manifest);
    entries.set(listing, built);
  }
  return built;
}

/**
 * The `skills/list` entry of a website's skill: listed from its index entry
 * (name and description) as `"dynamic"`, its files fetched and verified only
 * when read; built and checked once per skill object.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { remoteEntry } from "./listed_entries.ts";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "" })] });
 * const listed = remoteEntry(set.require("hi"));
 * assert.equal(listed.entry?.resources, "dynamic");
 * assert.equal(remoteEntry(set.require("hi")), listed);
 * ```
 *
 * @param skill The skill.
 * @returns Its entry.
 */
export function remoteEntry(skill: Skill): Listed {
  let built = entries.get(skill);
  if (built === undefined) {
    const entry: SkillEntry = {
      uri: skillFileUri(skill.name, "SKILL.md"),
      frontmatter: { name: skill.name, description: skill.description },
      resources: "dynamic",
    };
    built = { entry, diagnostics: [], dropped: dropWarning(entry) };
    entries.set(skill, built);
  }
  return built;
}

/**
 * A function reporting each diagnostic to `report` once per discovery of
 * `set` (by code and path), however many sources over the set report it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { SkillSet } from "@skillscope/skills";
 * import type { Diagnostic } from "@skillscope/skills";
 * import { reportOnce } from "./listed_entries.ts";
 *
 * const set = SkillSet.openSync({ sources: [] });
 * const seen: Diagnostic[] = [];
 * const report = (d: Diagnostic) => seen.push(d);
 * const d: Diagnostic = { level: "warning", code: "mcp-skill-not-listed", message: "M", path: "/p" };
 * reportOnce(report, set)(d);
 * reportOnce(report, set)(d);
 * assert.equal(seen.length, 1);
 * ```
 *
 * @param report The callback (`undefined`: nothing is reported).
 * @param set The skill set whose current discovery scopes "once".
 * @returns The reporting function.
 */
export function reportOnce(
  report: ((diagnostic: Diagnostic) => void) | undefined,
  set: SkillSet,
): (diagnostic: Diagnostic) => void {
  if (report === undefined) return () => {};
  return (diagnostic: Diagnostic): void => {
    const skills = set.list();
    let byDiscovery = told.get(report);
    if (byDiscovery === undefined) {
      told.set(report, byDiscovery = new WeakMap());
    }
    let seen = byDiscovery.get(skills);
    if (seen === undefined) byDiscovery.set(skills, seen = new Set());
    const key = `${diagnostic.code}\0${diagnostic.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    report(diagnostic);
  };
}

function entryOf(
  skill: Skill,
  frontmatter: Readonly<Record<string, unknown>>,
  manifest: SkillManifest,
): Listed {
  if (
    frontmatter.name !== skill.name ||
    typeof frontmatter.description !== "string"
  ) {
    return {
      entry: undefined,
      diagnostics: [{
        level: "warning",
        code: "mcp-skill-not-listed",
        message:
          `The frontmatter of "${skill.name}" does not carry its name and description as strings, which the MCP skills extension requires; it is left out of skills/list`,
        path: skill.path ?? skill.source.key,
      }],
    };
  }
  const diagnostics: Diagnostic[] = [];
  if (manifest.kind === "dynamic") {
    diagnostics.push({
      level: "warning",
      code: "mcp-skill-dynamic",
      message:
        `"${skill.name}" is listed without a file manifest ("dynamic"): ${manifest.reason}, past the MCP skills extension's limits`,
      path: skill.dir ?? skill.source.key,
    });
  }
  const entry: SkillEntry = {
    uri: skillFileUri(skill.name, "SKILL.md"),
    frontmatter: frontmatter as SkillEntry["frontmatter"],
    resources: manifest.kind === "dynamic"
      ? "dynamic"
      : manifest.files.map((file) => ({
        uri: skillFileUri(skill.name, file.path),
        digest: file.digest,
        size: file.size,
      })),
  };
  return { entry, diagnostics, dropped: dropWarning(entry) };
}

/**
 * Why the extension's rules keep `entry` out of `skills/list` (worded as
 * the SDK's extension words it), or `undefined` when it may be listed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { dropWarning } from "./listed_entries.ts";
 *
 * const entry = {
 *   uri: "skill://hi/SKILL.md",
 *   frontmatter: { name: "hi", description: "x".repeat(1025) },
 *   resources: "dynamic" as const,
 * };
 * assert.equal(dropWarning(entry)?.code, "mcp-skill-not-listed");
 * assert.equal(dropWarning({ ...entry, frontmatter: { name: "hi", description: "Hi" } }), undefined);
 * ```
 *
 * @param entry The entry built for a skill.
 * @returns The warning.
 */
export function dropWarning(entry: SkillEntry): Diagnostic | undefined {
  const problems = entryProblems(entry);
  if (problems.length === 0) return undefined;
  return {
    level: "warning",
    code: "mcp-skill-not-listed",
    message: `invalid skill entry from the source: ${
      problems.join("; ")
    } (dropped from skills/list)`,
    path: entry.uri,
  };
}
