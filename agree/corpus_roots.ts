// Copyright 2026 the skillscope authors. MIT license.
/**
 * Corpus cases about where a client looks: each of its roots, the shared
 * `.agents/skills`, other clients' roots, its directory variables, the walk
 * from the cwd up (with and without git), skills directories below the cwd,
 * and depth below a root.
 *
 * @module
 */
import { type Case, type Layout, plain, slug } from "./corpus_layout.ts";

/** Roots other clients read, tried on every client. */
const FOREIGN_ROOTS: readonly string[] = [
  ".claude/skills",
  ".codex/skills",
  ".gemini/skills",
  ".opencode/skills",
  ".pi/skills",
  ".qwen/skills",
  ".github/skills",
  ".agents/skills",
];

/**
 * The `roots` cases of a client.
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function rootCases(l: Layout): Case[] {
  const cases: Case[] = [];
  const all: Record<string, string> = {};
  l.projectRoots.forEach((root, i) => {
    const files = plain(`project/${root}/proj-${i}`);
    Object.assign(all, files);
    cases.push({
      dimension: "roots",
      name: `project-${slug(root)}`,
      title: `one skill in the project root ${root}`,
      files,
    });
  });
  l.userRoots.forEach((root, i) => {
    const files = plain(`home/${root}/user-${i}`);
    Object.assign(all, files);
    cases.push({
      dimension: "roots",
      name: `user-${slug(root)}`,
      title: `one skill in the user root ~/${root}`,
      files,
    });
  });
  cases.push({
    dimension: "roots",
    name: "every-root",
    title: "one skill in each of the client's roots",
    files: all,
  });
  for (const root of FOREIGN_ROOTS) {
    if (l.projectRoots.includes(root)) continue;
    cases.push({
      dimension: "roots",
      name: `foreign-project-${slug(root)}`,
      title: `a skill in ${root}, not one of the table's project roots`,
      files: plain(`project/${root}/foreign`),
    });
  }
  for (const root of [".agents/skills", ".claude/skills"]) {
    if (l.userRoots.includes(root)) continue;
    cases.push({
      dimension: "roots",
      name: `foreign-user-${slug(root)}`,
      title: `a skill in ~/${root}, not one of the table's user roots`,
      files: plain(`home/${root}/foreign-user`),
    });
  }
  for (const variable of l.variableRoots) {
    cases.push({
      dimension: "roots",
      name: `env-${variable.name.toLowerCase().replaceAll("_", "-")}`,
      title:
        `${variable.name} set: a skill below it and one in the default user root`,
      files: {
        ...plain(`alt/${variable.name}/${variable.below}/moved`),
        ...plain(`${l.u}/unmoved`),
      },
      env: { [variable.name]: `$ROOT/alt/${variable.name}` },
    });
  }
  return cases;
}

/**
 * The `walk` cases: ancestors of the cwd, with and without git, and skills
 * directories below the cwd.
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function walkCases(l: Layout): Case[] {
  const root = l.projectRoots[0]!;
  const cases: Case[] = [];
  for (const git of [true, false]) {
    const g = git ? "git" : "nogit";
    cases.push({
      dimension: "walk",
      name: `nested-cwd-${g}`,
      title:
        `cwd two levels below the project, skill at the project's root (${g})`,
      files: plain(`project/${root}/at-top`),
      git,
      cwd: "project/sub/deeper",
    });
    cases.push({
      dimension: "walk",
      name: `cwd-level-${g}`,
      title: `skills at the project and at the nested cwd (${g})`,
      files: {
        ...plain(`project/${root}/at-top`),
        ...plain(`project/sub/${root}/at-sub`),
      },
      git,
      cwd: "project/sub",
    });
    cases.push({
      dimension: "walk",
      name: `above-project-${g}`,
      title: `a skill in the directory above the project (${g})`,
      files: {
        ...plain(`${root}/above`),
        ...plain(`project/${root}/inside`),
      },
      git,
    });
  }
  cases.push({
    dimension: "walk",
    name: "below-cwd",
    title: "a skills directory nested below the cwd",
    files: {
      ...plain(`project/${root}/at-top`),
      ...plain(`project/pkg/${root}/nested-below`),
    },
  });
  cases.push({
    dimension: "walk",
    name: "between-git-and-cwd",
    title: "skills at the git root, a middle directory and the cwd",
    files: {
      ...plain(`project/${root}/level-zero`),
      ...plain(`project/a/${root}/level-one`),
      ...plain(`project/a/b/${root}/level-two`),
    },
    cwd: "project/a/b",
  });
  // Git worktrees: the project a worktree of a main checkout beside it (its
  // untracked skills not in the worktree), or a worktree nested inside it.
  cases.push({
    dimension: "walk",
    name: "worktree-beside-main",
    title: "the cwd in a worktree whose main checkout beside it has a skill",
    files: {
      ...plain(`main/${root}/main-checkout`),
      ...plain(`project/${root}/in-worktree`),
    },
    worktree: { main: "main", at: "project" },
  });
  cases.push({
    dimension: "walk",
    name: "worktree-inside-main",
    title: "the cwd in a worktree nested inside the main checkout",
    files: {
      ...plain(`project/${root}/main-checkout`),
      ...plain(`project/.worktrees/feat/${root}/in-worktree`),
    },
    worktree: { main: "project", at: "project/.worktrees/feat" },
    cwd: "project/.worktrees/feat",
  });
  return cases;
}

/**
 * The `depth` cases: depth 1 versus deeper, below a project and a user root.
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function depthCases(l: Layout): Case[] {
  const cases: Case[] = [];
  const levels: readonly [string, string][] = [
    ["two", "group"],
    ["three", "group/inner"],
    ["seven", "a/b/c/d/e/f"],
  ];
  for (const [where, base] of [["project", l.p], ["user", l.u]] as const) {
    for (const [depth, path] of levels) {
      cases.push({
        dimension: "depth",
        name: `${where}-${depth}`,
        title:
          `a skill ${depth} levels below the ${where} root, one at depth 1`,
        files: {
          ...plain(`${base}/shallow-${where}`),
          ...plain(`${base}/${path}/deep-${depth}`),
        },
      });
    }
  }
  return cases;
}
