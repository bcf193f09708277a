// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { VERSION } from "../mod.ts";

Deno.test("VERSION equals the version in deno.json", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../deno.json", import.meta.url)),
  );
  assert.equal(VERSION, config.version);
});

Deno.test("README's rule table lists every rule code with its lenient level", async () => {
  const { RULES } = await import("../src/shared/diagnostics.ts");
  const readme = await Deno.readTextFile(
    new URL("../README.md", import.meta.url),
  );
  for (const [code, rule] of Object.entries(RULES)) {
    const row = new RegExp(
      `^\\| \`${code}\` +\\| ${rule.lenient} +\\| error +\\|`,
      "m",
    );
    assert.match(readme, row, `README lacks the row for ${code}`);
  }
});
