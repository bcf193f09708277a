// Copyright 2026 the skillscope authors. MIT license.
// The README's library quick start runs as printed: each titled code block
// is written to a fresh project that uses the package through `links`, and
// the `deno run` line printed after it is run there — the provider examples
// against a local stand-in for the model APIs (their SDKs read the base URL
// from the environment), so no network is needed.
import assert from "node:assert/strict";
import { join } from "node:path";
import { currentDenoDir, tempDir } from "./_helpers.ts";
import { startModelApi } from "./_model_api.ts";

const REPO = new URL("..", import.meta.url).pathname;
const README = await Deno.readTextFile(join(REPO, "README.md"));
const TESTS = JSON.parse(
  await Deno.readTextFile(join(REPO, "tests", "deno.json")),
) as { imports: Record<string, string> };

/** The README's titled TypeScript blocks and the `deno run` line printed for each. */
function examples(): { file: string; code: string; run: string[] }[] {
  const found: { file: string; code: string; run: string[] }[] = [];
  const fence =
    /```ts ignore title="([^"]+)"\n([\s\S]*?)```\n\n```sh\n([\s\S]*?)```/g;
  for (const [, file, code, sh] of README.matchAll(fence)) {
    const line = sh!.split("\n").find((l) => l.startsWith("deno run "));
    assert.ok(line, `no deno run line after ${file}`);
    assert.ok(line.endsWith(` ${file}`), `the run line of ${file} runs it`);
    found.push({ file: file!, code: code!, run: line.split(/\s+/).slice(1) });
  }
  return found;
}

/** A project that uses the package from this checkout, with the SDKs the examples `deno add`. */
async function project(dir: string): Promise<void> {
  const sdks = ["@anthropic-ai/sdk", "openai", "ai", "@ai-sdk/openai"];
  await Deno.writeTextFile(
    join(dir, "deno.json"),
    JSON.stringify({
      imports: {
        "@skillscope/skills": "jsr:@skillscope/skills@^0.1.0",
        ...Object.fromEntries(sdks.map((name) => [name, TESTS.imports[name]])),
      },
      links: [REPO],
    }),
  );
  const cp = await new Deno.Command("cp", {
    args: ["-R", join(REPO, "fixtures", "skills"), join(dir, "skills")],
  }).output();
  assert.equal(cp.code, 0);
}

Deno.test("the README's library quick start and its provider examples run as printed", async () => {
  const blocks = examples();
  assert.deepEqual(blocks.map((b) => b.file), [
    "agent.ts",
    "anthropic.ts",
    "openai.ts",
    "ai_sdk.ts",
  ]);
  await using dir = await tempDir();
  await project(dir.path);
  await using api = startModelApi("pdf-tools");
  for (const { file, code, run } of blocks) {
    await Deno.writeTextFile(join(dir.path, file), code);
    const out = await new Deno.Command(Deno.execPath(), {
      args: [run[0]!, "--quiet", ...run.slice(1)],
      cwd: dir.path,
      env: {
        DENO_DIR: await currentDenoDir(),
        NO_COLOR: "1",
        ANTHROPIC_API_KEY: "test-key",
        ANTHROPIC_BASE_URL: api.url,
        OPENAI_API_KEY: "test-key",
        OPENAI_BASE_URL: `${api.url}/v1`,
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stdout = new TextDecoder().decode(out.stdout);
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 0, `${file}:\n${stderr}`);
    if (file === "agent.ts") {
      assert.match(stdout, /- pdf-tools: Extract text and tables/);
      assert.match(stdout, /<skill_content name="pdf-tools">/);
    } else {
      // The model asked for skills_read, got the skill, and answered.
      assert.equal(
        stdout.trim(),
        'Following "PDF tools"',
        `${file}: ${stderr}`,
      );
    }
  }
  // Each provider sent the five tools in its own shape.
  const sent = api.bodies.filter((b) => b.tools !== undefined);
  assert.equal(sent.length, 6, "two requests per provider");
  for (const body of sent) {
    assert.equal((body.tools as unknown[]).length, 5);
  }
});
