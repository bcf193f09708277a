// Copyright 2026 the skillscope authors. MIT license.
// Client profiles: each peer scenario's tree built for real (symlinked
// sub-directories, a symlink cycle, a .system root, the singular opencode
// directory, Claude Code's precedence and its description fallback) and the
// client's behaviour asserted through the CLI; then the table itself.
import assert from "node:assert/strict";
import { CLIENT_DIR_SUFFIXES } from "../src/clients/client_dirs_table.ts";
import { dirname, join } from "node:path";
import {
  CLIENTS,
  clientSkillsDir,
  defaultRoots,
} from "../src/clients/default_roots.ts";
import {
  CLIENT_TABLE,
  type ClientEntry,
} from "../src/clients/clients_table.ts";
import { clientProfile } from "../src/clients/client_profile.ts";
import { rootsOfClient } from "../src/cli/doctor_verdict.ts";
import { runCli, skillMd, tempDir, writeSkill, writeTree } from "./_helpers.ts";
import { renderClientsDoc } from "./_clients_doc.ts";

const REPO = new URL("..", import.meta.url).pathname;

interface Listed {
  skills: { name: string; scope: string; path: string; description: string }[];
  diagnostics: { code: string; level: string; message: string }[];
  shadowed: { name: string; winner: string; loser: string }[];
}

/** `list --json` in `cwd` with a fake HOME (and more env), bounded in time. */
async function list(
  cwd: string,
  args: string[],
  env: Record<string, string>,
): Promise<Listed> {
  const run = await runCli(["list", "--json", ...args], {
    cwd,
    env: { XDG_CONFIG_HOME: "", CODEX_HOME: "", CLAUDE_CONFIG_DIR: "", ...env },
    permissions: ["--allow-read", "--allow-env"],
    signal: AbortSignal.timeout(120_000),
  });
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout);
}

const names = (listed: Listed): string[] => listed.skills.map((s) => s.name);
const scopes = (listed: Listed): string[][] =>
  listed.skills.map((s) => [s.name, s.scope]);

/** `list --client codex --no-project` with `$CODEX_HOME` set. */
function listCodex(tmp: string, codexHome: string): Promise<Listed> {
  return list(tmp, ["--client", "codex", "--no-project"], {
    HOME: join(tmp, "home"),
    CODEX_HOME: codexHome,
  });
}

/** Codex's `symlink_dir(shared, link)` with skill `name` in `shared/demo`. */
async function linkShared(
  tmp: string,
  link: string,
  name: string,
): Promise<void> {
  await writeSkill(join(tmp, "shared"), "demo", { name });
  await Deno.mkdir(dirname(link), { recursive: true });
  await Deno.symlink(join(tmp, "shared"), link);
}

Deno.test("--client codex follows a symlinked sub-directory of $CODEX_HOME/skills (Codex: loads_skills_via_symlinked_subdir_for_user_scope)", async () => {
  await using tmp = await tempDir();
  const codexHome = join(tmp.path, "codex-home");
  await linkShared(tmp.path, join(codexHome, "skills/shared"), "linked-skill");
  const codex = await listCodex(tmp.path, codexHome);
  assert.deepEqual(scopes(codex), [["linked-skill", "user"]]);
  // The same root scanned flat, as before profiles drove the scan: not found.
  const flat = await list(tmp.path, ["--root", join(codexHome, "skills")], {
    HOME: join(tmp.path, "home"),
  });
  assert.deepEqual(names(flat), []);
});

Deno.test("--client codex skips a SKILL.md that is itself a symlink, with a warning, and still follows symlinked directories; a plain --root reads it (Codex: ignores_symlinked_skill_file_for_user_scope)", async () => {
  await using tmp = await tempDir();
  const codexHome = join(tmp.path, "codex-home");
  const skills = join(codexHome, "skills");
  // The file elsewhere, linked in as the skill's SKILL.md.
  await writeTree(join(tmp.path, "elsewhere"), {
    "SKILL.md": skillMd("name: linked-file-skill\ndescription: Linked file"),
  });
  await Deno.mkdir(join(skills, "linked-file"), { recursive: true });
  await Deno.symlink(
    join(tmp.path, "elsewhere/SKILL.md"),
    join(skills, "linked-file/SKILL.md"),
  );
  await linkShared(tmp.path, join(skills, "shared"), "linked-dir-skill");
  const codex = await listCodex(tmp.path, codexHome);
  assert.deepEqual(names(codex), ["linked-dir-skill"]);
  const skipped = codex.diagnostics.find((d) => d.code === "symlink-skipped");
  assert.match(
    skipped?.message ?? "",
    /linked-file\/SKILL\.md.*does not read a symlinked SKILL\.md/,
  );
  // The agent is named, by its label in the client table.
  assert.ok(
    skipped?.message.includes(
      `, and ${CLIENT_TABLE.codex.label} does not read a symlinked SKILL.md`,
    ),
    skipped?.message,
  );
  const plain = await list(tmp.path, ["--root", skills, "--recursive"], {
    HOME: join(tmp.path, "home"),
  });
  assert.deepEqual(names(plain).sort(), [
    "linked-dir-skill",
    "linked-file-skill",
  ]);
});

Deno.test("--client codex does not loop on a symlink cycle and still loads the skill beside it (Codex: does_not_loop_on_symlink_cycle_for_user_scope)", async () => {
  await using tmp = await tempDir();
  const codexHome = join(tmp.path, "codex-home");
  const cycle = join(codexHome, "skills/cycle");
  await writeSkill(cycle, "demo", { name: "cycle-skill" });
  await Deno.symlink(cycle, join(cycle, "loop"));
  const listed = await listCodex(tmp.path, codexHome);
  assert.deepEqual(names(listed), ["cycle-skill"]);
  assert.ok(
    listed.diagnostics.some((d) => d.code === "symlink-cycle"),
    JSON.stringify(listed.diagnostics),
  );
});

Deno.test("--client codex follows a symlinked sub-directory of the repository's .codex/skills (Codex: loads_skills_via_symlinked_subdir_for_repo_scope)", async () => {
  await using tmp = await tempDir();
  const repo = join(tmp.path, "repo");
  await writeTree(repo, { ".git": "gitdir: fake\n" });
  await linkShared(
    tmp.path,
    join(repo, ".codex/skills/shared"),
    "repo-linked-skill",
  );
  const listed = await list(repo, ["--client", "codex"], {
    HOME: join(tmp.path, "home"),
  });
  assert.deepEqual(scopes(listed), [["repo-linked-skill", "project"]]);
});

Deno.test("--client codex scans to depth 6 and no deeper (Codex: respects_max_scan_depth_for_user_scope)", async () => {
  await using tmp = await tempDir();
  const codexHome = join(tmp.path, "codex-home");
  const skills = join(codexHome, "skills");
  await writeSkill(skills, "d0/d1/d2/d3/d4/d5", { name: "within-depth-skill" });
  await writeSkill(skills, "d0/d1/d2/d3/d4/d5/d6", { name: "too-deep-skill" });
  const listed = await listCodex(tmp.path, codexHome);
  assert.deepEqual(names(listed), ["within-depth-skill"]);
});

Deno.test("Codex's system skills in $CODEX_HOME/skills/.system are a root of scope system that follows no symlinked directory (Codex: loads_skills_from_system_cache_when_present, system_scope_ignores_symlinked_subdir)", async () => {
  await using tmp = await tempDir();
  const codexHome = join(tmp.path, "codex-home");
  const system = join(codexHome, "skills/.system");
  await writeSkill(system, "system", { name: "system-skill" });
  await linkShared(tmp.path, join(system, "shared"), "system-linked-skill");
  const listed = await listCodex(tmp.path, codexHome);
  assert.deepEqual(scopes(listed), [["system-skill", "system"]]);
  // Without the codex client the hidden .system directory is not a root
  // (a plain list detects Codex by $CODEX_HOME: name the convention alone).
  const env = { HOME: join(tmp.path, "home"), CODEX_HOME: codexHome };
  const shared = ["--client", "agents", "--no-project"];
  assert.deepEqual(names(await list(tmp.path, shared, env)), []);
});

Deno.test("Codex's roots come in its order: $CODEX_HOME/skills, ~/.agents/skills, system, /etc/codex/skills (Codex: skill_roots_include_admin_with_lowest_priority)", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  const codexHome = join(tmp.path, "codex-home");
  const run = await runCli([
    "roots",
    "--json",
    "--no-project",
    "--client",
    "codex",
  ], {
    cwd: tmp.path,
    // The admin root below a stand-in for / (never the machine's /etc).
    env: {
      HOME: home,
      CODEX_HOME: codexHome,
      SKILLSCOPE_SYSTEM_ROOT: join(tmp.path, "sys"),
    },
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(
    JSON.parse(run.stdout).map((r: { scope: string; path: string }) => [
      r.scope,
      r.path,
    ]),
    [
      ["user", join(codexHome, "skills")],
      ["user", join(home, ".agents/skills")],
      ["system", join(codexHome, "skills/.system")],
      ["admin", join(tmp.path, "sys/etc/codex/skills")],
    ],
  );
});

Deno.test("--client opencode reads the singular .opencode/skill and ~/.config/opencode/skill at any depth (opencode: discovers skills from .opencode/skill/ directory; its {skill,skills}/**/SKILL.md glob)", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  await writeSkill(join(tmp.path, ".opencode/skill"), "test-skill");
  await writeSkill(join(tmp.path, ".opencode/skill"), "group/a/b/nested-skill");
  await writeSkill(join(home, ".config/opencode/skill"), "global-skill");
  const listed = await list(tmp.path, ["--client", "opencode"], { HOME: home });
  assert.deepEqual(names(listed).sort(), [
    "global-skill",
    "nested-skill",
    "test-skill",
  ]);
  // The shared convention alone reads none of them (a plain list would
  // detect opencode by ~/.config/opencode and read them).
  assert.deepEqual(
    names(await list(tmp.path, ["--client", "agents"], { HOME: home })),
    [],
  );
});

Deno.test("--client claude: a personal skill overrides a project skill of the same name (Claude Code docs: enterprise > personal > project)", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  await writeSkill(join(tmp.path, ".claude/skills"), "dup", {
    description: "project copy",
  });
  await writeSkill(join(home, ".claude/skills"), "dup", {
    description: "personal copy",
  });
  const claude = await list(tmp.path, ["--client", "claude"], { HOME: home });
  assert.deepEqual(
    claude.skills.map((s) => [s.name, s.scope, s.description]),
    [["dup", "user", "personal copy"]],
  );
  assert.equal(claude.shadowed.length, 1);
  assert.match(claude.shadowed[0]!.loser, /\.claude\/skills\/dup/);
  assert.ok(!claude.shadowed[0]!.loser.startsWith(home));
  // opencode reads the same two directories and keeps the default order.
  const opencode = await list(tmp.path, ["--client", "opencode"], {
    HOME: home,
  });
  assert.deepEqual(
    opencode.skills.map((s) => [s.name, s.scope, s.description]),
    [["dup", "project", "project copy"]],
  );
  // doctor explains the project copy by Claude Code's precedence.
  const doctor = await runCli(
    ["doctor", ".claude/skills/dup", "--client", "claude", "--json"],
    {
      cwd: tmp.path,
      env: { HOME: home, CLAUDE_CONFIG_DIR: "" },
      permissions: ["--allow-read", "--allow-env"],
    },
  );
  assert.equal(doctor.code, 0, doctor.stderr);
  const [verdict] = JSON.parse(doctor.stdout).clients;
  assert.equal(verdict.sees, "no");
  assert.match(
    verdict.reasons.join(),
    /shadowed by .*home\/\.claude\/skills\/dup/,
  );
});

Deno.test("--client claude keeps a skill without description, described by the first line of its body, with a warning; doctor says Claude Code sees it (Claude Code 2.1.328 binary: claude/parsing/no-description)", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  await writeTree(tmp.path, {
    ".claude/skills/nodesc/SKILL.md": skillMd(
      "name: nodesc",
      "# No description\n\nFills PDF forms\nfrom a data file.\n\nMore text.\n",
    ),
  });
  const claude = await list(tmp.path, ["--client", "claude"], { HOME: home });
  assert.deepEqual(
    claude.skills.map((s) => [s.name, s.description]),
    // Its docs say the first paragraph; the binary offers the first line,
    // heading marks stripped.
    [["nodesc", "No description"]],
  );
  assert.ok(
    claude.diagnostics.some((d) =>
      d.code === "description-from-body" && d.level === "warning"
    ),
    JSON.stringify(claude.diagnostics),
  );
  // opencode reads .claude/skills too, and skips it as the spec says.
  const opencode = await list(tmp.path, ["--client", "opencode"], {
    HOME: home,
  });
  assert.deepEqual(names(opencode), []);
  assert.ok(opencode.diagnostics.some((d) => d.code === "description-missing"));
  const doctor = await runCli(
    [
      "doctor",
      ".claude/skills/nodesc",
      "--json",
      ...["claude", "opencode", "cursor"].flatMap((c) => ["--client", c]),
    ],
    {
      cwd: tmp.path,
      env: { HOME: home, CLAUDE_CONFIG_DIR: "", XDG_CONFIG_HOME: "" },
      permissions: ["--allow-read", "--allow-env"],
    },
  );
  assert.equal(doctor.code, 0, doctor.stderr);
  const verdicts = Object.fromEntries(
    JSON.parse(doctor.stdout).clients.map((
      v: { client: string; sees: string; reasons: string[] },
    ) => [v.client, v]),
  );
  assert.equal(verdicts.claude.sees, "yes");
  assert.match(
    verdicts.claude.reasons.join(),
    /"No description".*no description: described by the first line of its body \(rule firstLineFallback; Claude Code 2\.1\.328/,
  );
  assert.equal(verdicts.opencode.sees, "no");
  assert.match(
    verdicts.opencode.reasons.join(),
    /no description, which opencode requires/,
  );
  assert.equal(verdicts.cursor.sees, "unknown");
  assert.match(
    verdicts.cursor.reasons.join(),
    /whether Cursor loads it is not known/,
  );
});

Deno.test("--client cursor loads ~/.claude/skills and ~/.codex/skills; --client goose reads .goose/skills and installs there (Cursor docs; Goose docs)", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  await writeSkill(join(home, ".claude/skills"), "from-claude");
  await writeSkill(join(home, ".codex/skills"), "from-codex");
  await writeSkill(join(tmp.path, ".goose/skills"), "from-goose");
  const cursor = await list(tmp.path, ["--client", "cursor", "--no-project"], {
    HOME: home,
  });
  assert.deepEqual(names(cursor).sort(), ["from-claude", "from-codex"]);
  const goose = await list(tmp.path, ["--client", "goose"], { HOME: home });
  // Goose reads ~/.claude/skills too (its backward-compatible directories).
  assert.deepEqual(names(goose), ["from-goose", "from-claude"]);
  await writeSkill(join(tmp.path, "src"), "demo");
  const install = await runCli(
    ["install", join(tmp.path, "src/demo"), "--client", "goose", "--project"],
    { cwd: tmp.path, env: { HOME: home }, permissions: ["-A"] },
  );
  assert.equal(install.code, 0, install.stderr);
  assert.ok(
    (await Deno.lstat(join(tmp.path, ".goose/skills/demo"))).isDirectory,
  );
});

Deno.test("a vercel-labs/skills agent id works for --client, install --client and doctor alike, all from one table entry", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  await Deno.mkdir(home);
  await writeSkill(join(tmp.path, "src"), "demo");
  const install = await runCli(
    [
      "install",
      join(tmp.path, "src/demo"),
      "--client",
      "windsurf",
      "--project",
    ],
    { cwd: tmp.path, env: { HOME: home }, permissions: ["-A"] },
  );
  assert.equal(install.code, 0, install.stderr);
  const dir = join(tmp.path, ".windsurf/skills/demo");
  assert.ok((await Deno.lstat(dir)).isDirectory);
  const listed = await list(tmp.path, ["--client", "windsurf"], { HOME: home });
  assert.deepEqual(listed.skills.map((s) => [s.name, s.path]), [
    ["demo", join(dir, "SKILL.md")],
  ]);
  const doctor = await runCli(["doctor", ".windsurf/skills/demo", "--json"], {
    cwd: tmp.path,
    env: { HOME: home },
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(doctor.code, 0, doctor.stderr);
  const windsurf = JSON.parse(doctor.stdout).clients.find((
    v: { client: string },
  ) => v.client === "windsurf");
  assert.equal(windsurf?.sees, "yes", doctor.stdout);
  // An alias names the same entry.
  const alias = await runCli(["roots", "--json", "--client", "claude-code"], {
    cwd: tmp.path,
    env: { HOME: home, CLAUDE_CONFIG_DIR: "" },
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(alias.code, 0, alias.stderr);
  assert.ok(
    JSON.parse(alias.stdout).some((r: { path: string; client: string }) =>
      r.path === join(home, ".claude/skills") && r.client === "claude"
    ),
    alias.stdout,
  );
  const bad = await runCli(["list", "--client", "nope"], {
    cwd: tmp.path,
    env: { HOME: home },
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /Unknown client "nope"/);
});

// The vercel-labs/skills agent table (src/agents.ts, commit 007a533): each
// agent id, its project directory and its global directory below the home
// (undefined: it has none), with no environment variable set.
const VERCEL_AGENTS: readonly [string, string, string | undefined][] = [
  ["aider-desk", ".aider-desk/skills", ".aider-desk/skills"],
  ["amp", ".agents/skills", ".config/agents/skills"],
  ["antigravity", ".agents/skills", ".gemini/antigravity/skills"],
  ["antigravity-cli", ".agents/skills", ".gemini/antigravity-cli/skills"],
  ["astrbot", "data/skills", ".astrbot/data/skills"],
  ["autohand-code", ".autohand/skills", ".autohand/skills"],
  ["augment", ".augment/skills", ".augment/skills"],
  ["bob", ".bob/skills", ".bob/skills"],
  ["claude-code", ".claude/skills", ".claude/skills"],
  ["openclaw", "skills", ".openclaw/skills"],
  ["cline", ".agents/skills", ".agents/skills"],
  ["codearts-agent", ".codeartsdoer/skills", ".codeartsdoer/skills"],
  ["codebuddy", ".codebuddy/skills", ".codebuddy/skills"],
  ["codemaker", ".codemaker/skills", ".codemaker/skills"],
  ["codestudio", ".codestudio/skills", ".codestudio/skills"],
  ["codewhale", ".codewhale/skills", ".codewhale/skills"],
  ["codex", ".agents/skills", ".codex/skills"],
  ["command-code", ".commandcode/skills", ".commandcode/skills"],
  ["continue", ".continue/skills", ".continue/skills"],
  ["cortex", ".cortex/skills", ".snowflake/cortex/skills"],
  ["crush", ".crush/skills", ".config/crush/skills"],
  ["cursor", ".agents/skills", ".cursor/skills"],
  ["deepagents", ".agents/skills", ".deepagents/agent/skills"],
  ["devin", ".devin/skills", ".config/devin/skills"],
  ["dexto", ".agents/skills", ".agents/skills"],
  ["droid", ".agents/skills", ".factory/skills"],
  ["eve", "agent/skills", undefined],
  ["firebender", ".agents/skills", ".firebender/skills"],
  ["forgecode", ".forge/skills", ".forge/skills"],
  ["fx", ".fx/skills", ".fx/skills"],
  ["gemini-cli", ".agents/skills", ".gemini/skills"],
  ["github-copilot", ".agents/skills", ".copilot/skills"],
  ["goose", ".goose/skills", ".config/goose/skills"],
  ["grok", ".grok/skills", ".grok/skills"],
  ["hermes-agent", ".hermes/skills", ".hermes/skills"],
  ["inference-sh", ".inferencesh/skills", ".inferencesh/skills"],
  ["jazz", ".jazz/skills", ".jazz/skills"],
  ["junie", ".junie/skills", ".junie/skills"],
  ["iflow-cli", ".iflow/skills", ".iflow/skills"],
  ["kilo", ".agents/skills", ".kilo/skills"],
  ["kimchi", ".kimchi/skills", ".config/kimchi/harness/skills"],
  ["kimi-code-cli", ".agents/skills", ".agents/skills"],
  ["kiro-cli", ".kiro/skills", ".kiro/skills"],
  ["kode", ".kode/skills", ".kode/skills"],
  ["lingma", ".lingma/skills", ".lingma/skills"],
  ["loaf", ".agents/skills", ".agents/skills"],
  ["mcpjam", ".mcpjam/skills", ".mcpjam/skills"],
  ["minimax-code", ".minimax/skills", ".minimax/skills"],
  ["mistral-vibe", ".vibe/skills", ".vibe/skills"],
  ["moxby", ".moxby/skills", ".moxby/skills"],
  ["mux", ".mux/skills", ".mux/skills"],
  ["opencode", ".agents/skills", ".config/opencode/skills"],
  ["openhands", ".openhands/skills", ".openhands/skills"],
  ["ona", ".ona/skills", ".ona/skills"],
  ["pi", ".pi/skills", ".pi/agent/skills"],
  ["posit-assistant", ".posit/assistant/skills", ".posit/assistant/skills"],
  ["qoder", ".qoder/skills", ".qoder/skills"],
  ["qoder-cn", ".qoder/skills", ".qoder-cn/skills"],
  ["qwen-code", ".qwen/skills", ".qwen/skills"],
  ["replit", ".agents/skills", ".config/agents/skills"],
  ["reasonix", ".reasonix/skills", ".reasonix/skills"],
  ["rovodev", ".rovodev/skills", ".rovodev/skills"],
  ["roo", ".roo/skills", ".roo/skills"],
  ["sarvam-code", ".agents/skills", ".agents/skills"],
  ["tabnine-cli", ".tabnine/agent/skills", ".tabnine/agent/skills"],
  ["terramind", ".terramind/skills", ".terramind/skills"],
  ["tinycloud", ".tinycloud/skills", ".tinycloud/skills"],
  ["trae", ".trae/skills", ".trae/skills"],
  ["trae-cn", ".trae/skills", ".trae-cn/skills"],
  ["warp", ".agents/skills", ".agents/skills"],
  ["windsurf", ".windsurf/skills", ".codeium/windsurf/skills"],
  ["zed", ".agents/skills", ".agents/skills"],
  ["zcode", ".zcode/skills", ".zcode/skills"],
  ["zencoder", ".zencoder/skills", ".zencoder/skills"],
  ["zenflow", ".zencoder/skills", ".zencoder/skills"],
  ["neovate", ".neovate/skills", ".neovate/skills"],
  ["pochi", ".pochi/skills", ".pochi/skills"],
  ["promptscript", ".agents/skills", undefined],
  ["adal", ".adal/skills", ".adal/skills"],
];

const noEnv = (): undefined => undefined;

Deno.test("the client table covers every vercel-labs/skills agent, with roots for both scopes where the agent has them", () => {
  assert.equal(VERCEL_AGENTS.length, 79);
  for (const [id, project, user] of VERCEL_AGENTS) {
    const { name, roots } = clientProfile(id);
    const suffixes = (scope: string): string[] =>
      roots.filter((r) => r.scope === scope).flatMap((r) =>
        typeof r.path === "string"
          ? [r.path]
          : r.path.filter((p) => p.startsWith("~/")).map((p) => p.slice(2))
      );
    assert.ok(
      suffixes("project").includes(project),
      `${id} (${name}) ${project}`,
    );
    if (user === undefined) {
      assert.deepEqual(suffixes("user"), [], id);
    } else {
      assert.ok(suffixes("user").includes(user), `${id} (${name}) ~/${user}`);
    }
  }
});

Deno.test("every agent of the table has a label, a source for each root and each known rule, and no rule written twice", () => {
  for (
    const [name, entry] of Object.entries(CLIENT_TABLE) as [
      string,
      ClientEntry,
    ][]
  ) {
    assert.ok(entry.label.length > 0, name);
    assert.ok(entry.roots.length > 0, `${name} has no roots`);
    for (const root of entry.roots) {
      assert.ok(root.source.length > 0, `${name} ${root.path}`);
      if (root.scope === "project") assert.equal(typeof root.path, "string");
      else assert.notEqual(typeof root.path, "string", `${name} ${root.path}`);
    }
    const profile = clientProfile(name);
    for (const [rule, value] of Object.entries(profile)) {
      if (["name", "label", "aliases", "roots", "sources"].includes(rule)) {
        continue;
      }
      if (
        value !== "unknown" && !(rule === "readsAgentsDir" && value === true)
      ) {
        assert.ok(
          profile.sources[rule]?.length,
          `${name}.${rule} has no source`,
        );
      }
    }
  }
  // Names and aliases are unique across the table.
  const all = Object.entries(CLIENT_TABLE).flatMap(([name, entry]) => [
    name,
    ...((entry as ClientEntry).aliases ?? []),
  ]);
  assert.equal(new Set(all).size, all.length);
});

Deno.test("doctor, discovery and install read the same entry for every agent", () => {
  const context = { projectRoot: "/p", home: "/h", env: noEnv };
  for (const client of CLIENTS) {
    const discovered = defaultRoots({
      cwd: "/p",
      home: "/h",
      ancestors: false,
      clients: [client],
      onlyClients: true,
    }).roots;
    // doctor's roots are discovery's roots for that client alone.
    const doctor = rootsOfClient(client).own.map((r) => [r.scope, r.path]);
    const own = defaultRoots({ clients: [client], onlyClients: true }).roots
      .map((r) => [r.scope, r.path]);
    assert.deepEqual(doctor, own, client);
    for (const scope of ["project", "user"] as const) {
      const dir = clientSkillsDir(client, scope, context);
      const inScope = discovered.filter((r) => r.scope === scope);
      if (dir === undefined) {
        assert.deepEqual(inScope, [], `${client} ${scope}`);
        continue;
      }
      // install writes into one of the roots discovery scans...
      assert.ok(
        inScope.some((r) => r.path === dir),
        `${client} installs into ${dir}, not a root it reads`,
      );
      // ...and a recorded target there passes the install target check.
      const suffix = dir.slice("/p/".length);
      assert.ok(CLIENT_DIR_SUFFIXES.includes(suffix), `${client} ${suffix}`);
    }
  }
});

Deno.test("docs/clients.md is the rendering of the client table, and the README links it", async () => {
  const path = join(REPO, "docs/clients.md");
  // Rendered, then formatted as deno fmt formats the repository's Markdown.
  await using tmp = await tempDir();
  const draft = join(tmp.path, "clients.md");
  await Deno.writeTextFile(draft, renderClientsDoc());
  const fmt = await new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--quiet", draft],
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(fmt.code, 0, new TextDecoder().decode(fmt.stderr));
  const rendered = await Deno.readTextFile(draft);
  if (Deno.env.get("CLIENTS_DOC_UPDATE") === "1") {
    await Deno.mkdir(join(REPO, "docs"), { recursive: true });
    await Deno.writeTextFile(path, rendered);
  }
  assert.equal(await Deno.readTextFile(path), rendered);
  assert.match(
    await Deno.readTextFile(join(REPO, "README.md")),
    /docs\/clients\.md/,
  );
});
