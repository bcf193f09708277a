// Copyright 2026 the skillscope authors. MIT license.
// opencode's own settings (src/clients/settings/opencode_settings.ts and
// opencode_config_files.ts), as measured on opencode 1.18.33 (agree
// scenarios opencode/settings/*): the reader against real temporary trees,
// and `list --client opencode --json` run as a subprocess. Never the
// machine's real HOME or XDG_CONFIG_HOME.
import assert from "node:assert/strict";
import { join } from "node:path";
import { listedNames, settingsContext } from "./_settings.ts";
import { skillMd, tempDir, writeTree } from "./_helpers.ts";
import type { Skill } from "../src/shared/types.ts";
import {
  type ClientSettings,
  decidingRule,
} from "../src/clients/client_settings.ts";
import {
  opencodeSettings,
  wildcardMatch,
} from "../src/clients/settings/opencode_settings.ts";
import { opencodeConfigFiles } from "../src/clients/settings/opencode_config_files.ts";

/** A skill named `name` (opencode offers it under its frontmatter name). */
function skill(name: string): Skill {
  return {
    name,
    description: `The ${name} skill`,
    dir: `/skills/${name}`,
    path: `/skills/${name}/SKILL.md`,
    source: { kind: "directory", key: "/skills" },
    frontmatter: {},
  };
}

/** What the settings do to a name: the deciding rule's action, or "on". */
function actionFor(settings: ClientSettings, name: string): string {
  return decidingRule(settings, skill(name), name)?.action ?? "on";
}

const GLOBAL = "home/.config/opencode/opencode.json";
const json = (value: unknown): string => JSON.stringify(value);
const permission = (skill: unknown): string => json({ permission: { skill } });

/** A git repository at `root/project`, so the walk stops there. */
async function gitProject(root: string): Promise<void> {
  await Deno.mkdir(join(root, "project/.git"), { recursive: true });
}

Deno.test("opencode settings: wildcard patterns match the whole name, case-sensitive, * and ?, a trailing ' *' optional", () => {
  assert.equal(wildcardMatch("sec-one", "sec-*"), true);
  assert.equal(wildcardMatch("sec-", "sec-*"), true);
  assert.equal(wildcardMatch("Sec-one", "sec-*"), false);
  assert.equal(wildcardMatch("exact", "exact"), true);
  assert.equal(wildcardMatch("exactly", "exact"), false);
  assert.equal(wildcardMatch("qa", "q?"), true);
  assert.equal(wildcardMatch("qab", "q?"), false);
  assert.equal(wildcardMatch("a.b", "a?b"), true);
  assert.equal(wildcardMatch("axb", "a.b"), false);
  assert.equal(wildcardMatch("git", "git *"), true);
  assert.equal(wildcardMatch("git push", "git *"), true);
  assert.equal(wildcardMatch("a*b", "a*b"), true);
  assert.equal(wildcardMatch("abcbd", "a*b*d"), true);
  assert.equal(wildcardMatch("anything", "*"), true);
  // Many stars against a long name that does not match: no blow-up.
  assert.equal(wildcardMatch("a".repeat(5000), "*a".repeat(40) + "b"), false);
});

Deno.test('opencode settings: permission.skill rules, the last match deciding after "*": "allow"; "ask" lists, "deny" drops', async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    [GLOBAL]: permission({
      "*": "allow",
      "sec-*": "deny",
      askme: "ask",
      exact: "deny",
      bogus: "maybe",
    }),
  });
  const settings = await opencodeSettings.rules!(settingsContext(t.path));
  assert.equal(settings.none, undefined);
  assert.equal(actionFor(settings, "sec-one"), "off");
  assert.equal(actionFor(settings, "askme"), "on");
  assert.equal(actionFor(settings, "exact"), "off");
  assert.equal(actionFor(settings, "exactly"), "on");
  assert.equal(settings.rules.length, 4);
  assert.equal(settings.rules[1]!.entry, '"sec-*": "deny"');
  assert.equal(
    settings.rules[1]!.from,
    `${join(t.path, GLOBAL)} permission.skill`,
  );
});

Deno.test('opencode settings: "deny", or a last rule "*": "deny", sends no listing; "*": "deny" then an allow keeps that one', async () => {
  await using t = await tempDir();
  const none = async (value: unknown): Promise<ClientSettings> => {
    await writeTree(t.path, { [GLOBAL]: permission(value) });
    return await opencodeSettings.rules!(settingsContext(t.path));
  };
  assert.deepEqual((await none("deny")).none, {
    from: `${join(t.path, GLOBAL)} permission.skill`,
    file: join(t.path, GLOBAL),
    entry: '"deny"',
  });
  assert.equal(
    (await none({ keep: "allow", "*": "deny" })).none?.entry,
    '"*": "deny"',
  );
  const keep = await none({ "*": "deny", keep: "allow" });
  assert.equal(keep.none, undefined);
  assert.equal(actionFor(keep, "keep"), "on");
  assert.equal(actionFor(keep, "other"), "off");
  assert.equal((await none("ask")).none, undefined);
});

Deno.test("opencode settings: agent.build.permission.skill applies after permission.skill", async () => {
  await using t = await tempDir();
  await gitProject(t.path);
  await writeTree(t.path, {
    [GLOBAL]: permission({ "sec-two": "deny", "x-*": "allow" }),
    "project/opencode.json": json({
      agent: {
        build: { permission: { skill: { "sec-*": "allow", "x-*": "deny" } } },
      },
    }),
  });
  const settings = await opencodeSettings.rules!(settingsContext(t.path));
  assert.equal(actionFor(settings, "sec-two"), "on");
  assert.equal(actionFor(settings, "x-one"), "off");
  assert.match(settings.rules.at(-1)!.from, /agent\.build\.permission\.skill$/);
});

Deno.test("opencode settings: config files in opencode's order, from the git root down, .opencode folders from the cwd up", async () => {
  await using t = await tempDir();
  await gitProject(t.path);
  const root = t.path;
  const files = opencodeConfigFiles(settingsContext(root, {
    cwd: "project/sub",
    env: {
      OPENCODE_CONFIG: join(root, "custom.json"),
      OPENCODE_CONFIG_DIR: join(root, "cfgdir"),
    },
  }));
  assert.deepEqual(
    files.map((f) => `${f.scope} ${f.path.slice(root.length + 1)}`),
    [
      "user home/.config/opencode/config.json",
      "user home/.config/opencode/opencode.json",
      "user home/.config/opencode/opencode.jsonc",
      "user custom.json",
      "project project/opencode.json",
      "project project/opencode.jsonc",
      "project project/sub/opencode.json",
      "project project/sub/opencode.jsonc",
      "project project/sub/.opencode/opencode.json",
      "project project/sub/.opencode/opencode.jsonc",
      "project project/.opencode/opencode.json",
      "project project/.opencode/opencode.jsonc",
      "user home/.opencode/opencode.json",
      "user home/.opencode/opencode.jsonc",
      "user cfgdir/opencode.json",
      "user cfgdir/opencode.jsonc",
    ],
  );
  const xdg = opencodeConfigFiles(settingsContext(root, {
    env: {
      XDG_CONFIG_HOME: join(root, "xdg"),
      OPENCODE_DISABLE_PROJECT_CONFIG: "true",
    },
  }));
  assert.deepEqual(
    xdg.map((f) => f.path.slice(root.length + 1)),
    [
      "xdg/opencode/config.json",
      "xdg/opencode/opencode.json",
      "xdg/opencode/opencode.jsonc",
      "home/.opencode/opencode.json",
      "home/.opencode/opencode.jsonc",
    ],
  );
});

Deno.test("opencode settings: files merge deeply: a key keeps its first place, a string replaces the patterns, patterns replace a string", async () => {
  await using t = await tempDir();
  await gitProject(t.path);
  await writeTree(t.path, {
    [GLOBAL]: permission({ "a-*": "deny", "a-one": "allow" }),
    "project/opencode.json": permission({ "a-*": "deny" }),
  });
  const kept = await opencodeSettings.rules!(settingsContext(t.path));
  assert.equal(actionFor(kept, "a-one"), "on");
  assert.equal(actionFor(kept, "a-two"), "off");
  assert.match(
    kept.rules[0]!.from,
    /project\/opencode\.json permission\.skill$/,
  );
  await writeTree(t.path, { "project/opencode.json": permission("deny") });
  assert.equal(
    (await opencodeSettings.rules!(settingsContext(t.path))).rules.length,
    1,
  );
  await writeTree(t.path, {
    [GLOBAL]: permission("deny"),
    "project/.opencode/opencode.jsonc":
      '{\n  // comments allowed\n  "permission": { "skill": { "keep": "allow", }, },\n}\n',
  });
  const replaced = await opencodeSettings.rules!(settingsContext(t.path));
  assert.equal(replaced.none, undefined);
  assert.deepEqual(replaced.rules.map((r) => r.entry), ['"keep": "allow"']);
  // Without the project's files: the global string alone.
  const global = await opencodeSettings.rules!(
    settingsContext(t.path, { env: { OPENCODE_DISABLE_PROJECT_CONFIG: "1" } }),
  );
  assert.notEqual(global.none, undefined);
  const untrusted = await opencodeSettings.rules!(
    settingsContext(t.path, { trusted: false }),
  );
  assert.notEqual(untrusted.none, undefined);
});

Deno.test("opencode settings: skills.paths roots: ~/ the home, relative below the cwd, absolute as is, URLs left out; the last file's list wins", async () => {
  await using t = await tempDir();
  await gitProject(t.path);
  const root = t.path;
  await writeTree(root, {
    [GLOBAL]: json({
      skills: {
        paths: [
          "~/my-skills",
          "rel",
          join(root, "abs"),
          "https://example.com/s",
        ],
      },
    }),
  });
  const sub = settingsContext(root, { cwd: "project/sub" });
  const roots = opencodeSettings.roots!(sub);
  assert.deepEqual(roots.map((r) => [r.path, r.scope]), [
    [join(root, "home/my-skills"), "user"],
    [join(root, "project/sub/rel"), "user"],
    [join(root, "abs"), "user"],
  ]);
  assert.ok(roots.every((r) => r.maxDepth > 6));
  assert.equal(roots[0]!.from, `${join(root, GLOBAL)} skills.paths`);
  // Untrusted: no cwd, so no relative root.
  assert.equal(
    opencodeSettings.roots!(settingsContext(root, { trusted: false })).length,
    2,
  );
  await writeTree(root, {
    "project/opencode.json": json({ skills: { paths: ["proj"] } }),
  });
  assert.deepEqual(
    opencodeSettings.roots!(sub).map((r) => [r.path, r.scope]),
    [[join(root, "project/sub/proj"), "project"]],
  );
});

Deno.test("opencode settings: OPENCODE_DISABLE_* turn off the .claude, .agents and project .opencode roots", () => {
  const skips = (
    env: Record<string, string>,
    path: string,
  ): string | undefined =>
    opencodeSettings.skipsRoot!(
      { home: "/h", cwd: "/p", projectRoot: "/p", env: (n) => env[n] },
      path,
    );
  assert.equal(skips({}, "/h/.claude/skills"), undefined);
  for (
    const name of [
      "OPENCODE_DISABLE_CLAUDE_CODE_SKILLS",
      "OPENCODE_DISABLE_CLAUDE_CODE",
    ]
  ) {
    assert.match(
      skips({ [name]: "1" }, "/h/.claude/skills")!,
      new RegExp(name),
    );
    assert.ok(skips({ [name]: "true" }, "/p/.claude/skills"));
    assert.equal(skips({ [name]: "1" }, "/p/.agents/skills"), undefined);
    assert.equal(skips({ [name]: "0" }, "/p/.claude/skills"), undefined);
  }
  const external = { OPENCODE_DISABLE_EXTERNAL_SKILLS: "1" };
  assert.ok(skips(external, "/h/.claude/skills"));
  assert.ok(skips(external, "/p/.agents/skills"));
  assert.equal(skips(external, "/h/.config/opencode/skills"), undefined);
  const project = { OPENCODE_DISABLE_PROJECT_CONFIG: "1" };
  assert.ok(skips(project, "/p/.opencode/skills"));
  assert.ok(skips(project, "/p/.opencode/skill"));
  assert.equal(skips(project, "/h/.opencode/skills"), undefined);
  assert.equal(skips(project, "/p/.agents/skills"), undefined);
  assert.equal(
    skips({ OPENCODE_DISABLE_PROJECT_CONFIG: "yes" }, "/p/.opencode/skills"),
    undefined,
  );
});

Deno.test("opencode settings: list --client opencode leaves out what permission.skill denies, adds skills.paths, and drops the roots OPENCODE_DISABLE_EXTERNAL_SKILLS turns off", async () => {
  await using t = await tempDir();
  await gitProject(t.path);
  const home = join(t.path, "home");
  const project = join(t.path, "project");
  const md = (name: string): string =>
    skillMd(`name: ${name}\ndescription: The ${name} skill`);
  await writeTree(t.path, {
    "home/.config/opencode/skills/kept/SKILL.md": md("kept"),
    "home/.config/opencode/skills/draft-a/SKILL.md": md("draft-a"),
    "home/extra/deep/down/added/SKILL.md": md("added"),
    "home/.agents/skills/external/SKILL.md": md("external"),
    [GLOBAL]: json({
      permission: { skill: { "draft-*": "deny" } },
      skills: { paths: ["~/extra"] },
    }),
  });
  assert.deepEqual(await listedNames("opencode", project, home), [
    "added",
    "external",
    "kept",
  ]);
  assert.deepEqual(
    await listedNames("opencode", project, home, {
      OPENCODE_DISABLE_EXTERNAL_SKILLS: "1",
    }),
    ["added", "kept"],
  );
  await writeTree(t.path, { "project/opencode.json": permission("deny") });
  assert.deepEqual(await listedNames("opencode", project, home), []);
});
