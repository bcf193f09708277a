// Copyright 2026 the skillscope authors. MIT license.
// pi's own settings (src/clients/settings/pi_settings.ts, pi_glob.ts), as
// measured on pi 0.73.1 (agree scenarios pi/settings/*): the reader against
// real temporary trees, the glob matcher against minimatch's answers, and
// `list --client pi --json` run as a subprocess. Never the machine's real
// HOME or PI_CODING_AGENT_DIR.
import assert from "node:assert/strict";
import { join } from "node:path";
import { listedNames, settingsContext } from "./_settings.ts";
import { skillMd, tempDir, writeTree } from "./_helpers.ts";
import type { Skill } from "../src/shared/types.ts";
import {
  type ClientSettings,
  decidingRule,
  type SettingsContext,
} from "../src/clients/client_settings.ts";
import { ANY_DEPTH_BOUND } from "../src/clients/client_profile.ts";
import { piSettings } from "../src/clients/settings/pi_settings.ts";
import { piGlob } from "../src/clients/settings/pi_glob.ts";

/** A skill whose SKILL.md (or loose Markdown file) is `path`, of a scope. */
function skill(path: string, name: string, scope: string): Skill {
  const dir = path.slice(0, path.lastIndexOf("/"));
  return {
    name,
    description: `The ${name} skill`,
    ...(path.endsWith("/SKILL.md") ? { dir } : {}),
    path,
    scope,
    source: { kind: "directory", key: dir },
    frontmatter: {},
  };
}

/** What the settings do to a skill: the deciding rule's action, or "on". */
function actionFor(
  settings: ClientSettings,
  path: string,
  scope: string,
  name = path.split("/").at(-2)!,
): string {
  return decidingRule(settings, skill(path, name, scope), name)?.action ??
    "on";
}

const md = (name: string): string =>
  skillMd(`name: ${name}\ndescription: The ${name} skill`);
const json = (value: unknown): string => JSON.stringify(value);

Deno.test("pi settings: plain entries add folders (any depth) and one SKILL.md's folder, from ~, the agent directory and the project's .pi; patterns and missing paths add nothing", async () => {
  await using t = await tempDir();
  const root = t.path;
  await writeTree(root, {
    "home/extra/a/SKILL.md": md("a"),
    "home/one/solo/SKILL.md": md("solo"),
    "home/.pi/agent/rel/b/SKILL.md": md("b"),
    "home/itself/SKILL.md": md("itself"),
    "project/shared/c/SKILL.md": md("c"),
    "home/loose/notes.md": md("notes"),
    "home/.pi/agent/settings.json": json({
      skills: [
        "~/extra",
        " ~/one/solo/SKILL.md ",
        "rel",
        "~/itself",
        "~/missing",
        "~/loose/notes.md",
        "~/glob/*",
        "!x",
        7,
      ],
    }),
    "project/.pi/settings.json": json({ skills: ["../shared"] }),
  });
  const roots = piSettings.roots!(settingsContext(root)).map((r) =>
    `${r.scope} ${r.path.slice(root.length)} ${r.maxDepth}`
  );
  assert.deepEqual(roots, [
    `project /project/shared ${ANY_DEPTH_BOUND}`,
    `user /home/extra ${ANY_DEPTH_BOUND}`,
    "user /home/one/solo 0",
    `user /home/.pi/agent/rel ${ANY_DEPTH_BOUND}`,
    "user /home/itself 0",
  ]);
  // An untrusted project: its settings are not read.
  assert.deepEqual(
    piSettings.roots!(settingsContext(root, { trusted: false })).map((r) =>
      r.scope
    ),
    ["user", "user", "user", "user"],
  );
});

Deno.test("pi settings: PI_CODING_AGENT_DIR moves the user file (paths below it); the legacy {customDirectories} object is read; a file that is not JSON is left out", async () => {
  await using t = await tempDir();
  const root = t.path;
  await writeTree(root, {
    "agent/extra/e/SKILL.md": md("e"),
    "agent/settings.json": json({ skills: ["extra"] }),
    "home/legacy/l/SKILL.md": md("l"),
    "home/.pi/agent/settings.json": json({
      skills: { customDirectories: ["~/legacy"], enableSkillCommands: false },
    }),
    "project/.pi/settings.json": '{"skills": ["../x",]}',
  });
  const paths = (context: SettingsContext): string[] =>
    piSettings.roots!(context).map((r) => r.path.slice(root.length));
  assert.deepEqual(paths(settingsContext(root)), ["/home/legacy"]);
  assert.deepEqual(
    paths(
      settingsContext(root, {
        env: { PI_CODING_AGENT_DIR: join(root, "agent") },
      }),
    ),
    ["/agent/extra"],
  );
});

Deno.test("pi settings: !patterns match the folder (relative, name, absolute), never the frontmatter name; each file speaks only of its own scope's skills", async () => {
  await using t = await tempDir();
  const root = t.path;
  const us = `${root}/home/.pi/agent/skills`;
  const ps = `${root}/project/.pi/skills`;
  await writeTree(root, {
    "home/.pi/agent/settings.json": json({
      skills: [
        "!named-x",
        "!glob-*",
        "!skills/by-rel",
        `!${us}/by-abs`,
        "!p-1",
      ],
    }),
    "project/.pi/settings.json": json({ skills: ["!p-*", "!u-keep"] }),
  });
  const settings = await piSettings.rules!(settingsContext(root));
  assert.equal(
    actionFor(settings, `${us}/dir-x/SKILL.md`, "user", "named-x"),
    "on",
  );
  assert.equal(
    actionFor(settings, `${us}/named-x/SKILL.md`, "user", "other"),
    "off",
  );
  assert.equal(actionFor(settings, `${us}/glob-a/SKILL.md`, "user"), "off");
  assert.equal(actionFor(settings, `${us}/by-rel/SKILL.md`, "user"), "off");
  assert.equal(actionFor(settings, `${us}/by-abs/SKILL.md`, "user"), "off");
  assert.equal(actionFor(settings, `${us}/u-keep/SKILL.md`, "user"), "on");
  assert.equal(actionFor(settings, `${ps}/p-1/SKILL.md`, "project"), "off");
  assert.equal(actionFor(settings, `${ps}/q-1/SKILL.md`, "project"), "on");
  const rule = decidingRule(
    settings,
    skill(`${ps}/p-2/SKILL.md`, "p-2", "project"),
    "p-2",
  );
  assert.equal(rule?.entry, "!p-*");
  assert.equal(rule?.from, `${root}/project/.pi/settings.json (skills)`);
});

Deno.test("pi settings: !* turns every skill off, +path turns one back on, -path off again (exact, relative to the agent directory or absolute)", async () => {
  await using t = await tempDir();
  const root = t.path;
  const us = `${root}/home/.pi/agent/skills`;
  await writeTree(root, {
    "home/.pi/agent/settings.json": json({
      skills: [
        "!*",
        "+skills/keep-c",
        "+./skills/ua",
        "-skills/ua",
        `+${root}/home/.agents/skills/ub/SKILL.md`,
        "+keep",
      ],
    }),
  });
  const settings = await piSettings.rules!(settingsContext(root));
  assert.equal(actionFor(settings, `${us}/keep-c/SKILL.md`, "user"), "on");
  assert.equal(actionFor(settings, `${us}/ua/SKILL.md`, "user"), "off");
  assert.equal(actionFor(settings, `${us}/other/SKILL.md`, "user"), "off");
  assert.equal(
    actionFor(settings, `${root}/home/.agents/skills/ub/SKILL.md`, "user"),
    "on",
  );
  // `+` is exact: a folder name alone is no path.
  assert.equal(actionFor(settings, `${us}/keep/SKILL.md`, "user"), "off");
  // A loose Markdown file is matched by its own name (`!*` too).
  assert.equal(actionFor(settings, `${us}/notes.md`, "user", "notes"), "off");
});

Deno.test("pi settings: an unprefixed glob keeps only the matching skills its file's paths add; skills pi finds itself, and the other file's, are untouched", async () => {
  await using t = await tempDir();
  const root = t.path;
  await writeTree(root, {
    "project/extra-skills/keep/SKILL.md": md("keep"),
    "project/extra-skills/drop/SKILL.md": md("drop"),
    "home/user-extra/other/SKILL.md": md("other"),
    "project/.pi/settings.json": json({ skills: ["../extra-skills", "kee*"] }),
    "home/.pi/agent/settings.json": json({
      skills: ["~/user-extra", "~/globbed/*"],
    }),
  });
  const settings = await piSettings.rules!(settingsContext(root));
  const extra = `${root}/project/extra-skills`;
  assert.equal(actionFor(settings, `${extra}/keep/SKILL.md`, "project"), "on");
  assert.equal(actionFor(settings, `${extra}/drop/SKILL.md`, "project"), "off");
  assert.equal(
    actionFor(settings, `${root}/project/.pi/skills/pa/SKILL.md`, "project"),
    "on",
  );
  // The user file's glob matches none of its own paths' skills.
  assert.equal(
    actionFor(settings, `${root}/home/user-extra/other/SKILL.md`, "user"),
    "off",
  );
  assert.equal(
    actionFor(settings, `${root}/home/.pi/agent/skills/ua/SKILL.md`, "user"),
    "on",
  );
  const rule = decidingRule(
    settings,
    skill(`${extra}/drop/SKILL.md`, "drop", "project"),
    "drop",
  );
  assert.equal(rule?.entry, "kee* (matches none)");
});

Deno.test("pi settings: a skill a file's paths add is that file's, whatever its scope: the user's rules decide a project folder the user adds", async () => {
  await using t = await tempDir();
  const root = t.path;
  await writeTree(root, {
    "project/vendor/v1/SKILL.md": md("v1"),
    "home/.pi/agent/settings.json": json({
      skills: [`${root}/project/vendor`, "!v1"],
    }),
    "project/.pi/settings.json": json({ skills: ["!*"] }),
  });
  const settings = await piSettings.rules!(settingsContext(root));
  // `!*` of the project does not reach it; the user's `!v1` does.
  assert.equal(
    actionFor(settings, `${root}/project/vendor/v1/SKILL.md`, "project"),
    "off",
  );
  assert.equal(
    decidingRule(
      settings,
      skill(`${root}/project/vendor/v1/SKILL.md`, "v1", "project"),
      "v1",
    )?.entry,
    "!v1",
  );
});

Deno.test("pi settings: no settings file, no rules and no roots", async () => {
  await using t = await tempDir();
  assert.deepEqual(await piSettings.rules!(settingsContext(t.path)), {
    rules: [],
  });
  assert.deepEqual(piSettings.roots!(settingsContext(t.path)), []);
});

Deno.test("pi glob: answers as minimatch 10.2.6 (default options) does", () => {
  // [path, pattern, minimatch's answer], read from minimatch itself.
  const cases: [string, string, boolean][] = [
    ["..", ".?", false],
    [".a", ".?", true],
    [".", ".*", false],
    [".a", "[.]a", true],
    [".a", "?a", false],
    ["", "*", false],
    ["x/.a/b", "**/b", false],
    ["a", "a/**", false],
    ["a/b", "a/**", true],
    ["a/b", "a/**/b", true],
    ["b", "**/b", true],
    ["../x", "**/x", false],
    ["../x", "../*", true],
    ["/a/b", "*/a/b", false],
    ["/a/b", "/a/b", true],
    ["a/b", "/a/b", false],
    ["a", "a{,b}", true],
    ["a2", "a{1..3}", true],
    ["a/b", "a//b", true],
    ["b", "a/../b", true],
    ["a*b", "a\\*b", true],
    ["ab", "a\\*b", false],
    ["]", "[]]", true],
    ["b", "[!a]", true],
    ["a", "[^a]", false],
    ["a", "#a", false],
    ["b", "!a", true],
    ["a", "!!a", true],
    [".x.md", "*.md", false],
    ["a.c", "a?c", true],
    ["a/b", "*", false],
    ["{a}", "{a}", true],
    [".a", "**", false],
    ["a", "a/*/..", true],
    ["-", "[a-]", true],
    ["b", "**/b/**", false],
    ["b/c", "**/b/**", true],
    ["é/skills/ba/.a/.a", "**/skills/**/ba/.a/.a", false],
    ["a/../b", "a/\\../b", true],
  ];
  for (const [path, pattern, expected] of cases) {
    assert.equal(piGlob(pattern)(path), expected, `${pattern} on ${path}`);
  }
});

Deno.test("pi glob: hostile patterns answer at once", () => {
  const start = performance.now();
  const deep = Array.from({ length: 60 }, () => "a").join("/") + "/.x";
  assert.equal(piGlob("**/a".repeat(100) + "/**/.x")(deep), false);
  assert.equal(piGlob("*?".repeat(400) + "x")("a".repeat(4000)), false);
  assert.equal(piGlob("{1..100000}")("5"), false);
  assert.equal(piGlob("x".repeat(2000))("x".repeat(2000)), false);
  assert.ok(performance.now() - start < 5000);
});

Deno.test("pi settings: list --client pi adds the folders the settings name and leaves out what their patterns turn off", async () => {
  await using t = await tempDir();
  const home = join(t.path, "home");
  const project = join(t.path, "project");
  await writeTree(t.path, {
    "home/.pi/agent/skills/u-off/SKILL.md": md("u-off"),
    "home/.pi/agent/skills/u-keep/SKILL.md": md("u-keep"),
    "home/extra/deep/er/added/SKILL.md": md("added"),
    "home/extra/dropped/SKILL.md": md("dropped"),
    "project/.pi/skills/p-keep/SKILL.md": md("p-keep"),
    "project/.pi/skills/p-off/SKILL.md": md("p-off"),
    "project/more/kept/SKILL.md": md("kept"),
    "project/more/filtered/SKILL.md": md("filtered"),
    "home/.pi/agent/settings.json": json({
      skills: ["~/extra", "!u-off", "!dropped", "!p-keep"],
    }),
    "project/.pi/settings.json": json({
      skills: ["../more", "kep*", "!p-off"],
    }),
  });
  assert.deepEqual(await listedNames("pi", project, home), [
    "added",
    "kept",
    "p-keep",
    "u-keep",
  ]);
});
