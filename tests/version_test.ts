// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { VERSION } from "../mod.ts";

Deno.test("VERSION equals the version in deno.json", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../deno.json", import.meta.url)),
  );
  assert.equal(VERSION, config.version);
});
