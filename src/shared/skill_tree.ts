// Copyright 2026 the skillscope authors. MIT license.
/**
 * The one walk over a skill's files, for every subsystem that looks at them
 * (hashing, serving, auditing, copying): entries in sorted order, each with
 * what it is, symlinks resolved and marked inside or outside the skill,
 * never walked into. Each caller decides what an entry means for it.
 *
 * @module
 */
import { isInside } from "./containment.ts";

/**
 * What a walked entry is (a symlink is reported as one, never followed).
 * `undecodable`: an entry whose name is not valid UTF-8, which arrives
 * decoded lossily and so cannot be opened, hashed or audited by that name.
 */
export type SkillTreeKind =
  | "file"
  | "directory"
  | "symlink"
  | "special"
  | "undecodable";

/** Where a symlink leads. */
export interface ResolvedLink {
  /** Its real path. */
  readonly real: string;
  /** Whether that lies inside the skill's real directory. */
  readonly inside: boolean;
  /** What it is (`stat`, through the link). */
  readonly info: Deno.FileInfo;
}

/** One entry of a skill tree. */
export interface SkillTreeEntry {
  /** Path relative to the skill directory, `/`-separated. */
  readonly rel: string;
  /** Absolute path, as walked (below the skill directory as given). */
  readonly path: string;
  /** The entry's own name. */
  readonly name: string;
  /** 1 for an entry of the skill directory itself, 2 below it, … */
  readonly depth: number;
  /** What the entry is. */
  readonly kind: SkillTreeKind;
  /** A symlink's target, as written. */
  readonly link?: string;
  /** Where a symlink leads; `undefined` when dangling or looping. */
  readonly resolved?: ResolvedLink | undefined;
}

/** Options of {@linkcode walkSkillTree}. */
export interface SkillTreeOptions {
  /**
   * Which entries to leave out: `"git"` (default) only `.git`; `"hidden"`
   * every name starting with `.` and `node_modules` (what is never served).
   */
  readonly skip?: "git" | "hidden";
  /**
   * Whether to walk into a directory entry (default: always). The walk
   * never enters symlinks.
   */
  readonly enter?: (entry: SkillTreeEntry) => boolean;
  /** An unreadable directory: `"throw"` (default) or `"skip"` it. */
  readonly onError?: "throw" | "skip";
}

function byName(a: Deno.DirEntry, b: Deno.DirEntry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Walks a skill directory: every entry in code-unit order of names, a
 * directory before what it holds.
 *
 * @example Usage
 * ```ts
 * import { walkSkillTree } from "./skill_tree.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = Deno.makeTempDirSync();
 * Deno.mkdirSync(`${dir}/references`);
 * Deno.writeTextFileSync(`${dir}/SKILL.md`, "---\nname: x\n---\n");
 * Deno.writeTextFileSync(`${dir}/references/guide.md`, "# Guide\n");
 * Deno.symlinkSync("references/guide.md", `${dir}/guide.md`);
 * const seen = [...walkSkillTree(dir)].map((e) => `${e.rel} ${e.kind}${e.resolved?.inside ? " inside" : ""}`);
 * assert.deepEqual(seen, ["SKILL.md file", "guide.md symlink inside", "references directory", "references/guide.md file"]);
 * ```
 *
 * @param dir The skill directory.
 * @param options What to skip and where to descend.
 * @returns The entries.
 * @throws {Deno.errors.NotFound} and other errors reading a directory, unless `onError: "skip"`.
 */
export function* walkSkillTree(
  dir: string,
  options: SkillTreeOptions = {},
): Generator<SkillTreeEntry, void, undefined> {
  const hidden = options.skip === "hidden";
  let realDir: string | undefined;
  const realOfDir = (): string => realDir ??= Deno.realPathSync(dir);
  const stack: { abs: string; rel: string; depth: number }[] = [{
    abs: dir,
    rel: "",
    depth: 1,
  }];
  while (stack.length > 0) {
    const { abs, rel, depth } = stack.pop()!;
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(abs)].sort(byName);
    } catch (error) {
      if (options.onError === "skip") continue;
      throw error;
    }
    const below: { abs: string; rel: string; depth: number }[] = [];
    for (const entry of entries) {
      const name = entry.name;
      if (name === ".git") continue;
      if (hidden && (name.startsWith(".") || name === "node_modules")) {
        continue;
      }
      const path = `${abs.endsWith("/") ? abs : `${abs}/`}${name}`;
      const childRel = rel === "" ? name : `${rel}/${name}`;
      if (isUndecodable(path, name)) {
        yield { rel: childRel, path, name, depth, kind: "undecodable" };
        continue;
      }
      if (entry.isSymlink) {
        yield {
          rel: childRel,
          path,
          name,
          depth,
          kind: "symlink",
          link: Deno.readLinkSync(path),
          resolved: resolveLink(path, realOfDir()),
        };
        continue;
      }
      const kind: SkillTreeKind = entry.isDirectory
        ? "directory"
        : entry.isFile
        ? "file"
        : "special";
      const item: SkillTreeEntry = { rel: childRel, path, name, depth, kind };
      yield item;
      if (kind === "directory" && (options.enter?.(item) ?? true)) {
        // Walked after this directory's own entries, in name order: the
        // stack takes them in reverse so the first pops first.
        below.push({ abs: path, rel: childRel, depth: depth + 1 });
      }
    }
    for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]!);
  }
}

/**
 * Whether a listed name is one that is not valid UTF-8: it is listed with
 * U+FFFD in place of its bytes, and nothing is found by that name. Only a
 * name holding U+FFFD costs a `lstat`.
 *
 * @example Usage
 * ```ts
 * import { isUndecodable } from "./skill_tree.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = Deno.makeTempDirSync();
 * Deno.writeTextFileSync(`${dir}/a\uFFFD.md`, "");
 * assert.equal(isUndecodable(`${dir}/a\uFFFD.md`, "a\uFFFD.md"), false);
 * assert.equal(isUndecodable(`${dir}/b\uFFFD.md`, "b\uFFFD.md"), true);
 * ```
 *
 * @param path The entry's path, as listed.
 * @param name The entry's name, as listed.
 * @returns `true` when the name cannot be read back.
 */
export function isUndecodable(path: string, name: string): boolean {
  if (!name.includes("\uFFFD")) return false;
  try {
    Deno.lstatSync(path);
    return false;
  } catch (error) {
    return error instanceof Deno.errors.NotFound;
  }
}

/**
 * An entry whose name is not valid UTF-8, where every byte of a skill must
 * be known (install, approval, the tree hash): the skill is refused.
 *
 * @example Usage
 * ```ts
 * import { UndecodableNameError } from "./skill_tree.ts";
 * import assert from "node:assert/strict";
 *
 * const error = new UndecodableNameError("/skills/demo/scripts");
 * assert.equal(error.code, "undecodable-name");
 * assert.match(error.message, /\/skills\/demo\/scripts/);
 * ```
 */
export class UndecodableNameError extends TypeError {
  /** Stable code. */
  readonly code = "undecodable-name";
  /** The directory that holds the entry. */
  readonly dir: string;

  /**
   * Makes the error.
   *
   * @param dir The directory that holds the entry.
   */
  constructor(dir: string) {
    super(
      `A file name in ${dir} is not valid UTF-8: it cannot be read, hashed or audited (rename it)`,
    );
    this.name = "UndecodableNameError";
    this.dir = dir;
  }
}

/**
 * The directory that holds a walked entry.
 *
 * @example Usage
 * ```ts
 * import { parentOf } from "./skill_tree.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(parentOf({ path: "/s/demo/scripts/x.sh", name: "x.sh" }), "/s/demo/scripts");
 * ```
 *
 * @param entry A walked entry.
 * @returns Its directory, as walked.
 */
export function parentOf(entry: Pick<SkillTreeEntry, "path" | "name">): string {
  return entry.path.slice(0, entry.path.length - entry.name.length - 1);
}

/** Where a symlink leads, or `undefined` when it is dangling or loops. */
function resolveLink(path: string, realDir: string): ResolvedLink | undefined {
  try {
    const real = Deno.realPathSync(path);
    return {
      real,
      inside: isInside(realDir, real, { resolved: true }),
      info: Deno.statSync(real),
    };
  } catch {
    return undefined;
  }
}
