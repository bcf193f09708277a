// Copyright 2026 the skillscope authors. MIT license.
// The CLI installed the README's way: its `deno install` line grants exactly
// deno.json's `cli` permission set, the command it writes shows the install
// picker on a terminal, reaches any https host, and an installation with
// fewer permissions says how to install it again.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import {
  cliPermissions,
  permissionFlags,
} from "../.ci/npm/permission_flags.ts";
import {
  CONFIG,
  currentDenoDir,
  runCli,
  tempDir,
  writeSkill,
} from "./_helpers.ts";
import { HAS_SCRIPT, KEY } from "./_pty.ts";
import { UNSET } from "./_cli_user.ts";

const REPO = new URL("..", import.meta.url).pathname;

/** The README's `deno install -g …` line of the CLI. */
async function readmeInstallLine(): Promise<string> {
  const readme = await Deno.readTextFile(join(REPO, "README.md"));
  const lines = readme.split("\n").filter((l) =>
    /^deno install -g .*-n skillscope /.test(l)
  );
  assert.equal(lines.length, 1, `README install lines: ${lines.join("\n")}`);
  return lines[0]!;
}

Deno.test("the README's deno install line grants exactly deno.json's cli permission set, and no prompt", async () => {
  const words = (await readmeInstallLine()).split(/\s+/);
  assert.deepEqual(
    words.filter((w) => w.startsWith("--allow-")),
    permissionFlags(await cliPermissions(CONFIG)),
  );
  assert.ok(words.includes("--no-prompt"), words.join(" "));
  assert.ok(words.includes("--config") && words.at(-1) === "cli.ts");
});

/** A program's output, bounded, on a pseudo-terminal (util-linux `script`). */
function onTerminal(
  command: string,
  options: { cwd: string; env: Record<string, string> },
): {
  waitFor(text: string): Promise<void>;
  type(keys: string): Promise<void>;
  screen(): string;
  status: Promise<Deno.CommandStatus>;
  kill(): void;
} {
  const child = new Deno.Command("script", {
    args: [
      "-q",
      "-e",
      "-c",
      `stty cols 120 rows 40; exec ${command}`,
      "/dev/null",
    ],
    cwd: options.cwd,
    clearEnv: true,
    env: options.env,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
    signal: AbortSignal.timeout(180_000),
  }).spawn();
  const writer = child.stdin.getWriter();
  let raw = "";
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) {
      raw += decoder.decode(chunk, { stream: true });
    }
  })();
  const screen = (): string =>
    // deno-lint-ignore no-control-regex
    raw.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replaceAll("\r", "");
  let ended = false;
  const status = child.status.then(async (s) => {
    ended = true;
    await reading;
    return s;
  });
  return {
    async waitFor(text: string): Promise<void> {
      const until = Date.now() + 90_000;
      while (!screen().includes(text)) {
        if (ended || Date.now() > until) {
          throw new Error(`No "${text}" on the terminal:\n${screen()}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async type(keys: string): Promise<void> {
      await writer.write(new TextEncoder().encode(keys));
    },
    screen,
    status,
    kill(): void {
      try {
        child.kill("SIGKILL");
      } catch {
        // ended
      }
    },
  };
}

Deno.test({
  name:
    "the CLI installed with the README's line shows its picker on a terminal and installs the skill picked",
  ignore: !HAS_SCRIPT,
  async fn(): Promise<void> {
    await using tmp = await tempDir();
    const home = join(tmp.path, "home");
    const work = join(tmp.path, "work");
    const root = join(tmp.path, "deno_root");
    const collection = join(tmp.path, "collection");
    await Deno.mkdir(home);
    await Deno.mkdir(work);
    for (const name of ["alpha", "beta", "gamma"]) {
      await writeSkill(collection, name);
    }
    const path = `${dirname(Deno.execPath())}:/usr/bin:/bin`;
    const denoDir = await currentDenoDir();
    const installed = await new Deno.Command("sh", {
      args: ["-c", await readmeInstallLine()],
      cwd: REPO,
      env: {
        DENO_INSTALL_ROOT: root,
        DENO_DIR: denoDir,
        HOME: home,
        PATH: path,
      },
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(180_000),
    }).output();
    assert.equal(
      installed.code,
      0,
      new TextDecoder().decode(installed.stderr),
    );
    const command = join(root, "bin", "skillscope");
    const term = onTerminal(`'${command}' install '${collection}'`, {
      cwd: work,
      env: {
        ...UNSET,
        HOME: home,
        PATH: path,
        DENO_DIR: denoDir,
        TERM: "xterm",
      },
    });
    try {
      await term.waitFor("Which skills of");
      await term.type(KEY.down); // beta
      await term.type(KEY.space);
      await term.type(KEY.enter);
      // Every later question keeps its preselected answer.
      const until = Date.now() + 60_000;
      let seen = term.screen().length;
      let done = false;
      term.status.then(() => done = true);
      while (!done && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 500));
        if (term.screen().length !== seen && !done) {
          seen = term.screen().length;
          await term.type(KEY.enter).catch(() => {});
        }
      }
      const { code } = await term.status;
      assert.equal(code, 0, term.screen());
      assert.match(term.screen(), /Installed beta /);
      const skills = [...Deno.readDirSync(join(home, ".agents/skills"))]
        .map((e) => e.name).filter((n) => !n.startsWith(".")).sort();
      assert.deepEqual(skills, ["beta", "skills.lock"]);
    } finally {
      term.kill();
      await term.status.catch(() => {});
    }
  },
});

// `list --root` of a site on a host that is not loopback; a proxy on a
// closed port keeps the run off the real network (it fails to connect).
const OFFLINE = {
  HTTPS_PROXY: "http://127.0.0.1:9",
  HTTP_PROXY: "http://127.0.0.1:9",
  NO_PROXY: "",
};
/** The flags the README's install line gave before the CLI could reach any host. */
const NARROWER = [
  "--allow-read",
  "--allow-write",
  "--allow-env=HOME,USERPROFILE,XDG_CONFIG_HOME,XDG_DATA_HOME,CODEX_HOME,CLAUDE_CONFIG_DIR,ZERO_SKILLS_DIR,SKILLSCOPE_MCP_TOKEN,COLUMNS",
  "--allow-run=git",
  "--allow-net=127.0.0.1,localhost,[::1]",
];

Deno.test("the CLI's permission set lets it fetch from any https host; installed with fewer, it says how to install it again", async () => {
  await using tmp = await tempDir();
  const site = "https://skills.example.test";
  const run = (permissions: string[]) =>
    runCli(["list", "--root", site], {
      permissions,
      cwd: tmp.path,
      env: { ...UNSET, HOME: tmp.path, ...OFFLINE },
      signal: AbortSignal.timeout(120_000),
    });
  const full = await run(["-P=cli"]);
  // It tried the site: the fetch failed, no permission was missing.
  assert.equal(full.code, 1, full.stderr);
  assert.match(full.stderr, /skills\.example\.test/);
  assert.doesNotMatch(full.stderr, /permission/i);
  const narrow = await run(NARROWER);
  assert.equal(narrow.code, 3, narrow.stderr);
  assert.match(
    narrow.stderr,
    /^skillscope: Missing net permission for "skills\.example\.test": this skillscope was installed without it\. Install it again with the "deno install -g" line of the README's Install section, or from npm \("npm install -g skillscope"\)/,
  );
  assert.doesNotMatch(narrow.stderr, /--allow-net/);
  // The same error as JSON, with its stable code.
  const json = await runCli(["list", "--root", site, "--json"], {
    permissions: NARROWER,
    cwd: tmp.path,
    env: { ...UNSET, HOME: tmp.path, ...OFFLINE },
    signal: AbortSignal.timeout(120_000),
  });
  assert.equal(json.code, 3, json.stderr);
  const error = JSON.parse(json.stdout).error;
  assert.equal(error.code, "permission-denied");
  assert.match(error.message, /installed without it/);
  // Run from source with chosen flags, the library's message names the flag.
  const source = await run(["--allow-read", "--allow-env"]);
  assert.equal(source.code, 3, source.stderr);
  assert.match(
    source.stderr,
    /run Deno with --allow-net=skills\.example\.test/,
  );
});
