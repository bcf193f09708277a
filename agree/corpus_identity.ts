// Copyright 2026 the skillscope authors. MIT license.
/**
 * Corpus cases about identity and visibility: one name in several places,
 * `disable-model-invocation`, `user-invocable`, conditional `paths:`, and
 * Claude Code's legacy commands.
 *
 * @module
 */
import {
  type Case,
  describe,
  type Layout,
  one,
  plain,
  skillMd,
} from "./corpus_layout.ts";
import type { TreeEntry } from "./types.ts";

/**
 * The `duplicates` cases: one name in several scopes, roots and folders.
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function duplicateCases(l: Layout): Case[] {
  const d = "duplicates";
  const dup = (dir: string, label: string): Record<string, TreeEntry> => ({
    [`${dir}/SKILL.md`]: skillMd("twin", `The ${label} copy of twin.`),
  });
  const cases: Case[] = [
    one(d, "project-and-user", "one name in the project and user roots", {
      ...dup(`${l.p}/twin`, "project"),
      ...dup(`${l.u}/twin`, "user"),
    }),
    one(d, "two-folders", "two folders of one root with one frontmatter name", {
      ...dup(`${l.p}/twin-a`, "first"),
      ...dup(`${l.p}/twin-b`, "second"),
    }),
    one(
      d,
      "name-is-other-folder",
      "a frontmatter name equal to another folder's",
      {
        ...plain(`${l.p}/taken`),
        [`${l.p}/taker/SKILL.md`]: skillMd("taken", "The renamed copy."),
      },
    ),
    one(d, "cwd-and-git-root", "one name at the git root and at the cwd", {
      ...dup(`${l.p}/twin`, "top"),
      ...dup(`project/sub/${l.p.slice("project/".length)}/twin`, "nested"),
    }, { cwd: "project/sub" }),
  ];
  if (l.projectRoots.length > 1) {
    cases.push(one(d, "two-project-roots", "one name in two project roots", {
      ...dup(`project/${l.projectRoots[0]}/twin`, "first-root"),
      ...dup(`project/${l.projectRoots[1]}/twin`, "second-root"),
    }));
  }
  if (l.userRoots.length > 1) {
    cases.push(one(d, "two-user-roots", "one name in two user roots", {
      ...dup(`home/${l.userRoots[0]}/twin`, "first-root"),
      ...dup(`home/${l.userRoots[1]}/twin`, "second-root"),
    }));
  }
  return cases;
}

/**
 * The `visibility` cases: `disable-model-invocation`, `user-invocable`,
 * conditional `paths:`.
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function visibilityCases(l: Layout): Case[] {
  const p = l.p;
  const d = "visibility";
  const ok = plain(`${p}/control`);
  const flagged = (
    name: string,
    lines: string[],
  ): Record<string, TreeEntry> => ({
    ...ok,
    [`${p}/${name}/SKILL.md`]: skillMd(name, describe(name), { lines }),
  });
  return [
    one(
      d,
      "disable-model-invocation",
      "disable-model-invocation: true",
      flagged("hidden-model", ["disable-model-invocation: true"]),
    ),
    one(
      d,
      "disable-model-invocation-string",
      'disable-model-invocation: "true"',
      flagged("hidden-string", ['disable-model-invocation: "true"']),
    ),
    one(
      d,
      "user-invocable-false",
      "user-invocable: false",
      flagged("no-user", ["user-invocable: false"]),
    ),
    one(
      d,
      "both-flags",
      "both flags",
      flagged("both", [
        "disable-model-invocation: true",
        "user-invocable: false",
      ]),
    ),
    one(
      d,
      "conditional-paths",
      "a paths: condition",
      flagged("conditional", ["paths:", '  - "**/*.py"']),
    ),
  ];
}

/**
 * Claude Code's legacy commands (`.claude/commands/**.md`); none for others.
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function legacyCases(l: Layout): Case[] {
  if (l.client !== "claude") return [];
  const d = "legacy";
  const command = (text: string): string =>
    `---\ndescription: ${text}\n---\nDo the thing.\n`;
  return [
    one(d, "project-command", "a project command file", {
      "project/.claude/commands/deploy.md": command("Deploy the app."),
    }),
    one(d, "nested-command", "a command file in a subfolder", {
      "project/.claude/commands/ops/restart.md": command("Restart it."),
    }),
    one(d, "user-command", "a user command file", {
      "home/.claude/commands/greet.md": command("Greet someone."),
    }),
    one(d, "command-and-skill", "a command and a skill of one name", {
      "project/.claude/commands/review.md": command("The command."),
      "project/.claude/skills/review/SKILL.md": skillMd("review", "The skill."),
    }),
    one(d, "command-no-frontmatter", "a command without frontmatter", {
      "project/.claude/commands/bare.md": "Just do it.\n",
    }),
  ];
}
