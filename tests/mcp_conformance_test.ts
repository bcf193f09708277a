// Copyright 2026 the skillscope authors. MIT license.
// The official MCP conformance suite (a test-only package, pinned in
// tests/deno.lock) against
// `skillscope mcp --http` on the bundled skills.
import assert from "node:assert/strict";
import { directorySource, SkillSet } from "../mod.ts";
import { createHttpHandler } from "../src/mcp/http.ts";
import { currentDenoDir } from "./_helpers.ts";
import { FIXTURES, serveLoopback, startHttpCli } from "./_mcp.ts";

const SUITE = "npm:@modelcontextprotocol/conformance@0.2.0-alpha.12";
const TESTS_CONFIG = new URL("./deno.json", import.meta.url).pathname;

/** Runs one scenario; returns its output, failing the test on any failed check. */
async function scenario(url: string, name: string): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      `--config=${TESTS_CONFIG}`,
      "--frozen",
      SUITE,
      "server",
      "--url",
      url,
      "--scenario",
      name,
    ],
    env: { NO_COLOR: "1", DENO_DIR: await currentDenoDir() },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) +
    new TextDecoder().decode(out.stderr);
  const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(text);
  assert.ok(summary, `${name}: no summary in\n${text}`);
  assert.equal(summary[3], "0", `${name} failed:\n${text}`);
  assert.equal(summary[1], summary[2], `${name}:\n${text}`);
  assert.equal(out.code, 0, `${name} exited ${out.code}:\n${text}`);
  return text;
}

Deno.test({
  name:
    "skillscope mcp --http passes the official skills-extension and base scenarios",
  async fn(): Promise<void> {
    const { url, child } = await startHttpCli(FIXTURES);
    try {
      for (
        const name of [
          "sep-2640-skills-enumeration",
          "sep-2640-skills-manifest",
          "sep-2640-skills-directory",
          "server-initialize",
          "ping",
          "tools-list",
          "resources-list",
          "dns-rebinding-protection",
        ]
      ) {
        await scenario(url, name);
      }
    } finally {
      child.kill("SIGTERM");
      await child.status;
    }
  },
});

Deno.test("the library's HTTP handler with the suite's fixture tool and resources passes their scenarios", async () => {
  // tools-call-simple-text and resources-read-* read fixtures that only a
  // test server has (test_simple_text, test://static-text,
  // test://static-binary); they are added through the server hook, next to
  // the skills.
  const set = await SkillSet.open({ sources: [directorySource(FIXTURES)] });
  const handler = createHttpHandler(set, {}, (server) => {
    server.registerTool(
      "test_simple_text",
      { description: "Returns a fixed text" },
      () => ({
        content: [{
          type: "text",
          text: "This is a simple text response for testing.",
        }],
      }),
    );
    server.registerResource(
      "static-text",
      "test://static-text",
      { mimeType: "text/plain" },
      (uri) => ({
        contents: [{
          uri: uri.href,
          mimeType: "text/plain",
          text: "This is the content of the static text resource.",
        }],
      }),
    );
    server.registerResource(
      "static-binary",
      "test://static-binary",
      { mimeType: "image/png" },
      (uri) => ({
        contents: [{
          uri: uri.href,
          mimeType: "image/png",
          blob:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        }],
      }),
    );
  });
  const { url, close } = serveLoopback(handler.fetch);
  try {
    for (
      const name of [
        "tools-call-simple-text",
        "resources-read-text",
        "resources-read-binary",
        "sep-2640-skills-enumeration",
      ]
    ) {
      await scenario(url, name);
    }
  } finally {
    await close();
    await handler.close();
  }
});
