// Copyright 2026 the skillscope authors. MIT license.
// The npm package: `deno task npm-pack` writes a tarball that npm installs
// into an empty prefix, and whose `skillscope` command lists, installs a
// local collection and serves MCP with no `deno` on PATH and no network.
import assert from "node:assert/strict";
import { join } from "node:path";
import { CONFIG, tempDir, writeSkill } from "./_helpers.ts";

const REPO = new URL("..", import.meta.url).pathname;
const config = JSON.parse(await Deno.readTextFile(CONFIG));

/** The real path of `name` on PATH, if any. */
function which(name: string): string | undefined {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    if (dir === "") continue;
    try {
      const path = Deno.realPathSync(join(dir, name));
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // not here
    }
  }
  return undefined;
}

const TOOLS = ["node", "npm", "npx", "sh"] as const;
const missing = TOOLS.filter((tool) => which(tool) === undefined);

/** What the machine's npm needs to reach its registry (certificates, proxy, registry). */
function registryEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(Deno.env.toObject())) {
    if (
      /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|HTTPS?_PROXY|NO_PROXY)$/i
        .test(name) ||
      /^npm_config_(registry|cafile|ca|strict_ssl)$/i.test(name)
    ) {
      env[name] = value;
    }
  }
  return env;
}

async function run(
  program: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; stdin?: string },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = new Deno.Command(program, {
    args,
    cwd: options.cwd,
    clearEnv: true,
    env: options.env,
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(300_000),
  }).spawn();
  if (options.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(options.stdin));
    await writer.close();
  }
  const out = await child.output();
  const decoder = new TextDecoder();
  return {
    code: out.code,
    stdout: decoder.decode(out.stdout),
    stderr: decoder.decode(out.stderr),
  };
}

Deno.test({
  name:
    `deno task npm-pack writes a skillscope package that runs list, install and mcp from an empty prefix with no deno on PATH${
      missing.length > 0 ? ` (skipped: no ${missing.join(", ")} on PATH)` : ""
    }`,
  ignore: missing.length > 0,
  async fn(): Promise<void> {
    await using tmp = await tempDir();
    const dist = join(tmp.path, "dist");
    const links = join(tmp.path, "path");
    const prefix = join(tmp.path, "prefix");
    const home = join(tmp.path, "home");
    const work = join(tmp.path, "work");
    const collection = join(work, "collection");
    for (const dir of [links, prefix, home, work]) await Deno.mkdir(dir);
    for (const name of ["alpha", "beta"]) await writeSkill(collection, name);

    // Pack with the task the README names.
    const packed = await new Deno.Command(Deno.execPath(), {
      args: ["task", "-q", `--config=${CONFIG}`, "npm-pack", "--out", dist],
      cwd: REPO,
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(300_000),
    }).output();
    const decoder = new TextDecoder();
    assert.equal(packed.code, 0, decoder.decode(packed.stderr));
    const tarball = join(dist, `skillscope-${config.version}.tgz`);
    assert.ok((await Deno.stat(tarball)).isFile, decoder.decode(packed.stdout));

    // A PATH of node, npm, npx and sh only: no deno.
    for (const tool of TOOLS) {
      await Deno.symlink(which(tool)!, join(links, tool));
    }
    const base = {
      PATH: links,
      HOME: home,
      "npm_config_cache": join(tmp.path, "npm_cache"),
      "npm_config_prefix": prefix,
      "npm_config_update_notifier": "false",
      "npm_config_fund": "false",
      "npm_config_audit": "false",
      NO_COLOR: "1",
    };
    // The README's line, into the empty prefix (npm_config_prefix).
    const install = await run("npm", ["install", "-g", tarball], {
      cwd: work,
      env: { ...base, ...registryEnv() },
    });
    assert.equal(install.code, 0, install.stderr);

    // From here on, no network: a proxy on a closed port, npm offline,
    // an empty Deno cache.
    const env = {
      ...base,
      PATH: `${join(prefix, "bin")}:${links}`,
      "npm_config_offline": "true",
      HTTPS_PROXY: "http://127.0.0.1:9",
      HTTP_PROXY: "http://127.0.0.1:9",
      DENO_DIR: join(tmp.path, "deno_dir"),
    };
    const denoOnPath = await run("sh", ["-c", "command -v deno || echo none"], {
      cwd: work,
      env,
    });
    assert.equal(denoOnPath.stdout.trim(), "none");

    const list = await run("npx", [
      "skillscope",
      "list",
      "--root",
      collection,
      "--json",
    ], {
      cwd: work,
      env,
    });
    assert.equal(list.code, 0, list.stderr);
    assert.deepEqual(
      JSON.parse(list.stdout).skills.map((s: { name: string }) => s.name),
      ["alpha", "beta"],
    );

    const installed = await run("skillscope", [
      "install",
      "./collection",
      "--all",
    ], {
      cwd: work,
      env,
    });
    assert.equal(installed.code, 0, installed.stderr);
    assert.match(installed.stdout, /Installed alpha /);
    const skills = [...Deno.readDirSync(join(home, ".agents/skills"))]
      .map((e) => e.name).filter((n) => !n.startsWith(".")).sort();
    assert.deepEqual(skills, ["alpha", "beta", "skills.lock"]);

    // MCP over stdio: initialize, then the skills_list tool; stdin closing ends it.
    const messages = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "npm-package-test", version: "1" },
        },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "skills_list", arguments: {} },
      },
    ];
    const mcp = await run("skillscope", ["mcp", "--root", collection], {
      cwd: work,
      env,
      stdin: messages.map((m) => JSON.stringify(m)).join("\n") + "\n",
    });
    assert.equal(mcp.code, 0, mcp.stderr);
    const answers = mcp.stdout.trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(
      answers.find((a) => a.id === 1)?.result.serverInfo.name,
      "skillscope",
    );
    const listed = answers.find((a) => a.id === 2)?.result.structuredContent
      .result.map((s: { name: string }) => s.name);
    assert.deepEqual(listed, ["alpha", "beta"]);
  },
});
