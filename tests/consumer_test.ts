// Copyright 2026 the skillscope authors. MIT license.
// What a project that uses the package installs: importing the main entry
// brings js-yaml and nothing else from npm (the SDKs, the conformance suite
// and the property-test tools are the tests' own, in tests/deno.json).
import assert from "node:assert/strict";
import { join } from "node:path";
import { currentDenoDir, tempDir } from "./_helpers.ts";

const REPO = new URL("..", import.meta.url).pathname;

/** A consumer project's deno.json: the package, linked to this checkout. */
async function consumerConfig(dir: string): Promise<void> {
  await Deno.writeTextFile(
    join(dir, "deno.json"),
    JSON.stringify({
      imports: { "@skillscope/skills": "jsr:@skillscope/skills@^0.1.0" },
      links: [REPO],
    }),
  );
}

Deno.test("a consumer that imports the main entry gains js-yaml and smol-toml alone in its lock, and lists the bundled skills", async () => {
  await using project = await tempDir();
  await consumerConfig(project.path);
  await Deno.writeTextFile(
    join(project.path, "main.ts"),
    `import { directorySource, discover } from "@skillscope/skills";
const { skills } = await discover({ sources: [directorySource(Deno.args[0]!)] });
console.log(skills.map((s) => s.name).join(","));
`,
  );
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--allow-read=${join(REPO, "fixtures")}`,
      "main.ts",
      join(REPO, "fixtures", "skills"),
    ],
    cwd: project.path,
    env: { DENO_DIR: await currentDenoDir(), NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, stderr);
  assert.equal(
    new TextDecoder().decode(out.stdout).trim(),
    "brand-guidelines,changelog-writer,pdf-tools,sql-review",
  );
  const lock = JSON.parse(
    await Deno.readTextFile(join(project.path, "deno.lock")),
  ) as { npm?: Record<string, unknown> };
  const packages = Object.keys(lock.npm ?? {}).map((key) =>
    key.slice(0, key.indexOf("@", 1))
  ).sort();
  // js-yaml and its one dependency, and smol-toml (read only for Codex's
  // config.toml, loaded on first use): nothing of MCP, install or the CLI.
  assert.deepEqual(packages, ["argparse", "js-yaml", "smol-toml"]);
});

Deno.test("deno install in a consumer records none of the tests' own packages", async () => {
  await using project = await tempDir();
  await consumerConfig(project.path);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["install", "--quiet"],
    cwd: project.path,
    env: { DENO_DIR: await currentDenoDir(), NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const lock = await Deno.readTextFile(join(project.path, "deno.lock"));
  const root = JSON.parse(await Deno.readTextFile(join(REPO, "deno.json")));
  const tests = JSON.parse(
    await Deno.readTextFile(join(REPO, "tests", "deno.json")),
  );
  const testOnly = Object.entries(tests.imports as Record<string, string>)
    .filter(([name, target]) =>
      target.startsWith("npm:") && !(name in root.imports)
    )
    .map(([, target]) => target.replace(/^npm:\/?/, "").replace(/@[^@]*$/, ""));
  assert.ok(testOnly.includes("fast-check"), testOnly.join(", "));
  for (const name of testOnly) {
    assert.ok(
      !lock.includes(`npm:${name}@`),
      `the consumer's lock holds ${name}`,
    );
  }
});
