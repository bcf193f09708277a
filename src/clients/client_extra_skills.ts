// Copyright 2026 the skillscope authors. MIT license.
/**
 * Every copy of a skill a client weighs, beyond the winners of our
 * discovery: the copies our discovery shadowed, and what the client loads
 * that our parser or walk does not (each by a rule of the client table's
 * `view`): files our parser rejects, hidden folders, `node_modules`, a
 * `SKILL.md` at a root, loose Markdown files and command files.
 *
 * @module
 */
import { walkSkillTree } from "../shared/skill_tree.ts";
import { basename, dirname } from "../shared/path.ts";
import type { Discovery, Skill } from "../shared/types.ts";
import { isDirectorySync, isFileSync } from "../shared/fs_checks.ts";
import { discover } from "../discover/discover.ts";
import { directorySource } from "../discover/sources.ts";
import type { ClientEntry, ClientViewRules } from "./clients_table.ts";
import { firstBodyLine, readSkillText } from "./client_descriptions.ts";

/** A root of a client, with its scope. */
type Root = { readonly path: string; readonly scope: string };

/**
 * Every copy a client weighs: the discovery's skills, then the copies it
 * shadowed (doctor names the one that wins over another), then what the
 * client loads that our discovery does not.
 *
 * @example Usage
 * ```ts
 * import { clientCopies } from "./client_extra_skills.ts";
 * import { clientEntry } from "./client_profile.ts";
 * import { discover, directorySource } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${root}/.hidden`);
 * await Deno.writeTextFile(`${root}/.hidden/SKILL.md`, "---\nname: hidden\ndescription: Hidden.\n---\n");
 * const found = await discover({ sources: [directorySource(root)] });
 * const roots = [{ path: root, scope: "project" }];
 * const copies = await clientCopies(found, clientEntry("claude"), roots);
 * assert.deepEqual(found.skills.map((s) => s.name), []);
 * assert.deepEqual(copies.map((s) => s.name), ["hidden"]);
 * ```
 *
 * @param found The discovery of the client's roots.
 * @param entry The client's table entry.
 * @param roots Its roots, with their scopes.
 * @returns The copies, in that order.
 */
export async function clientCopies(
  found: Discovery,
  entry: ClientEntry,
  roots: readonly Root[],
): Promise<Skill[]> {
  return [
    ...found.skills,
    ...await shadowedCopies(
      found,
      roots,
      entry.withoutDescription?.value === "first-paragraph",
    ),
    ...await extraCopies(found, entry.view ?? {}, roots),
  ];
}

/** The scope of a skill's root: its discovery scope, or the longest root holding it. */
function scopeOf(
  dir: string,
  roots: readonly Root[],
): string | undefined {
  const holding = roots.filter((r) =>
    dir === r.path || dir.startsWith(`${r.path}/`)
  ).sort((a, b) => b.path.length - a.path.length);
  return holding[0]?.scope;
}

/** The skills a discovery shadowed (other copies of a name), loaded one by one. */
async function shadowedCopies(
  found: Discovery,
  roots: readonly Root[],
  fallback: boolean,
): Promise<Skill[]> {
  const out: Skill[] = [];
  for (const s of found.shadowed) {
    if (s.same === true || s.loser.startsWith("embedded:")) continue;
    const dir = s.loser.endsWith("SKILL.md") ? dirname(s.loser) : s.loser;
    const scope = scopeOf(dir, roots);
    const one = await discover({
      sources: [
        directorySource(dir, {
          recursive: true,
          maxDepth: 0,
          ...(scope === undefined ? {} : { scope }),
          ...(fallback ? { descriptionFallback: "first-paragraph" } : {}),
        }),
      ],
      cache: false,
    });
    out.push(...one.skills);
  }
  return out;
}

/**
 * A frontmatter read line by line, as the clients that do not give up on
 * YAML that does not parse read it: each `key: value` line, quotes around a
 * value removed.
 *
 * @example Usage
 * ```ts
 * import { lineFrontmatter } from "./client_extra_skills.ts";
 * import assert from "node:assert/strict";
 *
 * const fm = lineFrontmatter("---\nname: bad\ndescription: [unclosed\n---\n");
 * assert.deepEqual(fm, { name: "bad", description: "[unclosed" });
 * ```
 *
 * @param text The whole file.
 * @param toEnd Read to the end of the file when no closing `---` comes.
 * @returns The keys and their values (strings).
 */
export function lineFrontmatter(
  text: string,
  toEnd = false,
): Record<string, string> {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const out: Record<string, string> = {};
  if (lines[0]?.trim() !== "---") return out;
  const close = lines.findIndex((l, i) => i > 0 && l.trim() === "---");
  if (close === -1 && !toEnd) return out;
  for (const line of lines.slice(1, close === -1 ? undefined : close)) {
    const match = /^([A-Za-z0-9_-]+):[ \t]*(.*)$/.exec(line);
    if (match === null) continue;
    let value = match[2]!.trim();
    if (/^(["']).*\1$/.test(value) && value.length >= 2) {
      value = value.slice(1, -1);
    }
    out[match[1]!] = value;
  }
  return out;
}

/** A skill made from a file our parser does not load (see {@linkcode extraCopies}). */
function madeSkill(
  path: string,
  dir: string | undefined,
  root: Root | undefined,
  name: string,
  description: string,
  frontmatter: Record<string, unknown>,
): Skill {
  return Object.freeze({
    name,
    description,
    path,
    ...(dir === undefined ? {} : { dir }),
    source: { kind: "directory", key: root?.path ?? dirname(path) },
    ...(root === undefined ? {} : { scope: root.scope }),
    frontmatter: Object.freeze(
      Object.assign(Object.create(null), frontmatter),
    ),
  } as Skill);
}

/** Loads one skill folder (or a root's own SKILL.md) on its own. */
async function loadOne(
  dir: string,
  scope: string | undefined,
  recursive = false,
): Promise<Skill[]> {
  const found = await discover({
    sources: [
      directorySource(dir, {
        recursive: true,
        maxDepth: recursive ? 6 : 0,
        ...(scope === undefined ? {} : { scope }),
      }),
    ],
    cache: false,
  });
  return [...found.skills];
}

/**
 * The skills a client loads that our discovery does not (each by a view
 * rule): files our parser rejects, hidden folders, `node_modules`, a
 * `SKILL.md` at a root, Markdown command files.
 */
async function extraCopies(
  found: Discovery,
  rules: ClientViewRules,
  roots: readonly Root[],
): Promise<Skill[]> {
  const out: Skill[] = [];
  const rootOf = (path: string) =>
    roots.filter((r) => path.startsWith(`${r.path}/`)).sort((a, b) =>
      b.path.length - a.path.length
    )[0];
  const seen = new Set<string>();
  for (const d of found.diagnostics) {
    if (d.level !== "error" || d.path === undefined) continue;
    if (!d.path.endsWith("SKILL.md") || seen.has(d.path)) continue;
    const text = readSkillText(d.path);
    if (text === undefined) continue;
    const dir = dirname(d.path);
    const folder = basename(dir);
    const root = rootOf(d.path);
    let fm: Record<string, string> | undefined;
    let description: string | undefined;
    if (d.code === "yaml-invalid" && rules.invalidYamlLines?.value === true) {
      fm = lineFrontmatter(text);
      description = fm.description ?? "";
    } else if (d.code === "frontmatter-unclosed") {
      const how = rules.unclosedFrontmatter?.value;
      if (how === "to-end") {
        fm = lineFrontmatter(text, true);
        description = fm.description;
      } else if (how === "body") {
        fm = {};
        description = firstBodyLine(text) ?? "";
      }
    } else if (
      d.code === "frontmatter-missing" &&
      rules.loadsWithoutFrontmatter?.value === true
    ) {
      fm = {};
      description = firstBodyLine(text) ?? "";
    } else if (
      d.code === "description-missing" &&
      rules.keepsEmptyDescription?.value === true
    ) {
      fm = lineFrontmatter(text);
      if (fm.description !== "") fm = undefined;
      else description = "";
    }
    if (fm === undefined || description === undefined) continue;
    seen.add(d.path);
    out.push(
      madeSkill(d.path, dir, root, fm.name ?? folder, description, fm),
    );
  }
  for (const root of roots) {
    if (rules.legacyCommands?.value === true && root.path.endsWith("/skills")) {
      out.push(...commandSkills(root));
    }
    if (!isDirectorySync(root.path)) continue;
    if (rules.looseMarkdown?.value === true) {
      for (const entry of Deno.readDirSync(root.path)) {
        if (
          !entry.isFile || !entry.name.endsWith(".md") ||
          entry.name === "SKILL.md"
        ) continue;
        const path = `${root.path}/${entry.name}`;
        const text = readSkillText(path) ?? "";
        const fm = lineFrontmatter(text);
        if (fm.description === undefined || fm.description === "") continue;
        out.push(
          madeSkill(
            path,
            undefined,
            root,
            fm.name ?? entry.name.slice(0, -3),
            fm.description,
            fm,
          ),
        );
      }
    }
    if (rules.readsHiddenDirs?.value === true) {
      for (const entry of Deno.readDirSync(root.path)) {
        const dir = `${root.path}/${entry.name}`;
        if (entry.name.startsWith(".") && isFileSync(`${dir}/SKILL.md`)) {
          out.push(...await loadOne(dir, root.scope));
        }
      }
    }
    if (
      rules.readsNodeModules?.value === true &&
      isDirectorySync(`${root.path}/node_modules`)
    ) {
      for (const entry of Deno.readDirSync(`${root.path}/node_modules`)) {
        const dir = `${root.path}/node_modules/${entry.name}`;
        if (isDirectorySync(dir)) {
          out.push(...await loadOne(dir, root.scope, true));
        }
      }
    }
    if (
      rules.rootSkillMd?.value === "also" && isFileSync(`${root.path}/SKILL.md`)
    ) {
      out.push(...await loadOne(root.path, root.scope));
    }
  }
  return out;
}

/** The command files beside a `skills` root (`commands/**.md`), as skills named by their path. */
function commandSkills(
  root: Root,
): Skill[] {
  const commands = `${root.path.slice(0, -"skills".length)}commands`;
  if (!isDirectorySync(commands)) return [];
  return markdownFiles(commands).map((file) => {
    const path = `${commands}/${file}`;
    const text = readSkillText(path) ?? "";
    const fm = lineFrontmatter(text);
    return madeSkill(
      path,
      undefined,
      root,
      file.slice(0, -3).split("/").join(":"),
      fm.description ?? firstBodyLine(text) ?? "",
      fm,
    );
  });
}

/**
 * The `.md` files below a directory (the one skill-tree walk: symlinks not
 * followed), relative paths, each folder's files and subfolders in name
 * order as one walk down would meet them.
 */
function markdownFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of walkSkillTree(dir, { onError: "skip" })) {
    if (entry.kind === "file" && entry.name.endsWith(".md")) {
      files.push(entry.rel);
    }
  }
  const segments = (rel: string) => rel.split("/");
  return files.sort((a, b) => {
    const x = segments(a);
    const y = segments(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    }
    return x.length - y.length;
  });
}
