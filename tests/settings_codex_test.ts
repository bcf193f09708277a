// Copyright 2026 the skillscope authors. MIT license.
// Codex's own settings (src/clients/settings/codex_settings.ts), as measured
// on Codex 0.169.0 (agree scenarios codex/settings/*): the reader against
// real temporary trees, and `list --client codex --json` run as a
// subprocess. Never the machine's real HOME or CODEX_HOME.
import assert from "node:assert/strict";
import { join } from "node:path";
import { listedNames, settingsContext } from "./_settings.ts";
import { skillMd, tempDir, writeTree } from "./_helpers.ts";
import type { Skill } from "../src/shared/types.ts";
import {
  type ClientSettings,
  decidingRule,
} from "../src/clients/client_settings.ts";
import { codexSettings } from "../src/clients/settings/codex_settings.ts";

/** A skill whose SKILL.md is `path`, offered under `name`. */
function skill(path: string, name: string): Skill {
  const dir = path.slice(0, path.lastIndexOf("/"));
  return {
    name,
    description: `The ${name} skill`,
    dir,
    path,
    source: { kind: "directory", key: dir },
    frontmatter: {},
  };
}

/** What the settings do to a skill: the deciding rule's action, or "on". */
function actionFor(
  settings: ClientSettings,
  path: string,
  name: string,
): string {
  return decidingRule(settings, skill(path, name), name)?.action ?? "on";
}

/** A `[[skills.config]]` entry. */
function rule(selector: string, value: string, enabled: boolean): string {
  return `[[skills.config]]\n${selector} = ${
    JSON.stringify(value)
  }\nenabled = ${enabled}\n`;
}

const md = (name: string): string =>
  skillMd(`name: ${name}\ndescription: The ${name} skill`);

Deno.test("codex settings: a path selector is the SKILL.md file (absolute, from ~, relative to CODEX_HOME, symlinks resolved); a folder matches nothing", async () => {
  await using t = await tempDir();
  const root = t.path;
  await writeTree(root, {
    "home/.agents/skills/abs/SKILL.md": md("abs"),
    "home/.agents/skills/tilde/SKILL.md": md("tilde"),
    "home/.agents/skills/folder/SKILL.md": md("folder"),
    "project/.agents/skills/rel/SKILL.md": md("rel"),
    "shared/target/SKILL.md": md("linked"),
    "home/.codex/config.toml": [
      rule("path", `${root}/home/.agents/skills/abs/SKILL.md`, false),
      rule("path", "~/.agents/skills/tilde/SKILL.md", false),
      rule("path", "~/.agents/skills/folder", false),
      rule("path", "../../project/.agents/skills/rel/SKILL.md", false),
      rule("path", "~/../project/.agents/skills/via-link/SKILL.md", false),
    ].join("\n"),
  });
  await Deno.symlink(
    join(root, "shared/target"),
    join(root, "project/.agents/skills/via-link"),
  );
  const settings = await codexSettings.rules!(settingsContext(root));
  assert.equal(settings.none, undefined);
  const at = (rel: string, name: string): string =>
    actionFor(settings, join(root, rel), name);
  assert.equal(at("home/.agents/skills/abs/SKILL.md", "abs"), "off");
  assert.equal(at("home/.agents/skills/tilde/SKILL.md", "tilde"), "off");
  assert.equal(at("home/.agents/skills/folder/SKILL.md", "folder"), "on");
  assert.equal(at("project/.agents/skills/rel/SKILL.md", "rel"), "off");
  // The skill as found through its link, and as found at its target.
  assert.equal(at("project/.agents/skills/via-link/SKILL.md", "linked"), "off");
  assert.equal(at("shared/target/SKILL.md", "linked"), "off");
  assert.equal(
    settings.rules[1]!.entry,
    'path = "~/.agents/skills/tilde/SKILL.md", enabled = false',
  );
  assert.equal(
    settings.rules[1]!.from,
    `${join(root, "home/.codex/config.toml")} [[skills.config]]`,
  );
});

Deno.test("codex settings: a name selector is the exact name, trimmed, for every copy; no globs; both or neither selector, or an empty name, is skipped", async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "home/.codex/config.toml": [
      rule("name", "twin", false),
      rule("name", "glob*", false),
      rule("name", " trimmed ", false),
      rule("name", "  ", false),
      '[[skills.config]]\nname = "both"\npath = "/x/SKILL.md"\nenabled = false\n',
      "[[skills.config]]\nenabled = false\n",
    ].join("\n"),
  });
  const settings = await codexSettings.rules!(settingsContext(t.path));
  assert.equal(settings.rules.length, 3);
  assert.equal(actionFor(settings, "/u/twin/SKILL.md", "twin"), "off");
  assert.equal(actionFor(settings, "/p/twin/SKILL.md", "twin"), "off");
  assert.equal(actionFor(settings, "/p/glob1/SKILL.md", "glob1"), "on");
  assert.equal(actionFor(settings, "/p/trimmed/SKILL.md", "trimmed"), "off");
  assert.equal(actionFor(settings, "/p/both/SKILL.md", "both"), "on");
  // The folder does not count: the name the skill is offered under does.
  assert.equal(actionFor(settings, "/p/twin/SKILL.md", "other"), "on");
});

Deno.test("codex settings: entries apply in order, the later winning; CODEX_HOME's config.toml is the user's", async () => {
  await using t = await tempDir();
  const skillPath = join(t.path, "project/.agents/skills/back/SKILL.md");
  await writeTree(t.path, {
    "project/.agents/skills/back/SKILL.md": md("back"),
    "alt/config.toml": [
      rule("path", skillPath, false),
      rule("name", "back", true),
      rule("name", "again", true),
      rule("name", "again", false),
    ].join("\n"),
    "home/.codex/config.toml": rule("name", "home-only", false),
  });
  const settings = await codexSettings.rules!(
    settingsContext(t.path, { env: { CODEX_HOME: join(t.path, "alt") } }),
  );
  assert.equal(actionFor(settings, skillPath, "back"), "on");
  assert.equal(actionFor(settings, "/p/again/SKILL.md", "again"), "off");
  assert.equal(actionFor(settings, "/p/home-only/SKILL.md", "home-only"), "on");
});

Deno.test("codex settings: include_instructions = false sends no listing; a trusted project's .codex/config.toml layers from its root down to the cwd win; its [[skills.config]] is ignored", async () => {
  await using t = await tempDir();
  const off = "[skills]\ninclude_instructions = false\n";
  const on = "[skills]\ninclude_instructions = true\n";
  await writeTree(t.path, { "home/.codex/config.toml": off });
  const user = await codexSettings.rules!(settingsContext(t.path));
  assert.deepEqual(user.none, {
    from: `${join(t.path, "home/.codex/config.toml")} [skills]`,
    file: join(t.path, "home/.codex/config.toml"),
    entry: "include_instructions = false",
  });
  await writeTree(t.path, {
    "home/.codex/config.toml": on,
    "project/.codex/config.toml": off + "\n" + rule("name", "proj", false),
  });
  const sub = settingsContext(t.path, { cwd: "project/sub" });
  const project = await codexSettings.rules!(sub);
  assert.notEqual(project.none, undefined);
  assert.deepEqual(project.rules, []);
  // Untrusted: the project's file is not read.
  const untrusted = await codexSettings.rules!(
    settingsContext(t.path, { trusted: false }),
  );
  assert.equal(untrusted.none, undefined);
  // The cwd's own file is the deepest layer.
  await writeTree(t.path, { "project/sub/.codex/config.toml": on });
  assert.equal((await codexSettings.rules!(sub)).none, undefined);
});

Deno.test("codex settings: features.omit_skill_descriptions lists every skill by name only; what [[skills.config]] turns off stays off", async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "home/.codex/config.toml": [
      rule("name", "dropped", false),
      rule("name", "back", true),
      "[features]\nomit_skill_descriptions = true\n",
    ].join("\n"),
  });
  const settings = await codexSettings.rules!(settingsContext(t.path));
  assert.equal(actionFor(settings, "/p/any/SKILL.md", "any"), "name-only");
  assert.equal(actionFor(settings, "/p/back/SKILL.md", "back"), "name-only");
  assert.equal(actionFor(settings, "/p/dropped/SKILL.md", "dropped"), "off");
  assert.equal(settings.rules[0]!.entry, "omit_skill_descriptions = true");
  // A project layer turns it off again.
  await writeTree(t.path, {
    "project/.codex/config.toml":
      "[features]\nomit_skill_descriptions = false\n",
  });
  const project = await codexSettings.rules!(settingsContext(t.path));
  assert.equal(actionFor(project, "/p/any/SKILL.md", "any"), "on");
});

Deno.test("codex settings: a config.toml Codex refuses (not TOML, an entry without enabled) gives no rules; no file gives none", async () => {
  await using t = await tempDir();
  assert.deepEqual(await codexSettings.rules!(settingsContext(t.path)), {
    rules: [],
  });
  await writeTree(t.path, {
    "home/.codex/config.toml": rule("name", "a", false) + "this is not toml\n",
  });
  assert.deepEqual(await codexSettings.rules!(settingsContext(t.path)), {
    rules: [],
  });
  await writeTree(t.path, {
    "home/.codex/config.toml": rule("name", "a", false) +
      '\n[[skills.config]]\nname = "b"\n\n[skills]\ninclude_instructions = false\n',
  });
  assert.deepEqual(await codexSettings.rules!(settingsContext(t.path)), {
    rules: [],
  });
});

Deno.test("codex settings: list --client codex leaves out what [[skills.config]] turns off, and lists nothing under include_instructions = false", async () => {
  await using t = await tempDir();
  const home = join(t.path, "home");
  const project = join(t.path, "project");
  await writeTree(t.path, {
    "home/.agents/skills/by-path/SKILL.md": md("by-path"),
    "project/.agents/skills/by-name/SKILL.md": md("by-name"),
    "project/.agents/skills/kept/SKILL.md": md("kept"),
    "home/.codex/config.toml": [
      rule("path", "~/.agents/skills/by-path/SKILL.md", false),
      rule("name", "by-name", false),
    ].join("\n"),
  });
  assert.deepEqual(await listedNames("codex", project, home), ["kept"]);
  await writeTree(t.path, {
    "home/.codex/config.toml": "[skills]\ninclude_instructions = false\n",
  });
  assert.deepEqual(await listedNames("codex", project, home), []);
});
