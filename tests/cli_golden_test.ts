// Copyright 2026 the skillscope authors. MIT license.
// The CLI's output on the bundled skills, byte for byte, against recorded
// files in tests/golden/ (the repository path replaced by <repo>): a
// restructuring must not change what users and scripts see.
//
// Record again after an intended change:
//   GOLDEN_UPDATE=1 deno test -A tests/cli_golden_test.ts
import assert from "node:assert/strict";
import { join } from "node:path";
import { currentDenoDir } from "./_helpers.ts";

const REPO = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const GOLDEN = join(REPO, "tests/golden");
const ROOT = ["--root", "fixtures/skills"];

const CASES: Record<string, string[]> = {
  "list-json.txt": ["list", ...ROOT, "--json"],
  "list.txt": ["list", ...ROOT],
  "validate-json.txt": [
    "validate",
    "fixtures/skills/pdf-tools",
    "fixtures/skills/changelog-writer",
    "--json",
  ],
  "validate.txt": [
    "validate",
    "fixtures/skills/pdf-tools",
    "fixtures/skills/changelog-writer",
  ],
  "catalog-xml.txt": ["catalog", ...ROOT, "--format", "xml"],
  "catalog-markdown.txt": ["catalog", ...ROOT, "--format", "markdown"],
  "catalog-skills-ref.txt": ["catalog", ...ROOT, "--format", "skills-ref"],
  "search-json.txt": ["search", ...ROOT, "pdf form", "--json"],
  "match-json.txt": ["match", ...ROOT, "db/001.sql", "--json"],
  "read-json.txt": ["read", ...ROOT, "pdf-tools", "--json"],
  "resources-json.txt": ["resources", ...ROOT, "pdf-tools", "--json"],
  "activate.txt": ["activate", ...ROOT, "sql-review"],
  "help.txt": ["--help"],
};

for (const [file, args] of Object.entries(CASES)) {
  Deno.test(`skillscope ${args.join(" ")} prints exactly tests/golden/${file}`, async () => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        "--no-prompt",
        `--config=${join(REPO, "deno.json")}`,
        `--allow-read=${REPO}`,
        join(REPO, "cli.ts"),
        ...args,
      ],
      cwd: REPO,
      env: { NO_COLOR: "1", DENO_DIR: await currentDenoDir() },
      stdin: "null",
    }).output();
    const decoder = new TextDecoder();
    const text = `exit ${out.code}\n--- stdout\n${
      decoder.decode(out.stdout)
    }--- stderr\n${decoder.decode(out.stderr)}`.replaceAll(REPO, "<repo>");
    const path = join(GOLDEN, file);
    if (Deno.env.get("GOLDEN_UPDATE") === "1") {
      await Deno.mkdir(GOLDEN, { recursive: true });
      await Deno.writeTextFile(path, text);
    }
    assert.equal(text, await Deno.readTextFile(path));
  });
}
