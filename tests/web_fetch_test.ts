// Copyright 2026 the skillscope authors. MIT license.
// fetchBytes(): the one HTTP client of the well-known subsystem, against a
// real server on 127.0.0.1: schemes, redirects, byte and time caps, and the
// --allow-net grant.
import assert from "node:assert/strict";
import { join } from "node:path";
import { WebFetchError } from "../src/web/mod.ts";
import { assertRedirect, resolveIndexUrl } from "../src/web/url_policy.ts";
import { fetchBytes } from "../src/web/fetch.ts";
import { CONFIG, runCli, tempDir } from "./_helpers.ts";
import { endless, serveSite } from "./web_site.ts";

const isCode = (code: string) => (error: unknown): boolean =>
  error instanceof WebFetchError && error.code === code;

Deno.test("fetchBytes() returns the body of a loopback URL and refuses plain HTTP elsewhere and other schemes", async () => {
  await using site = serveSite({ "/a": "hello" });
  const response = await fetchBytes(`${site.origin}/a`, { maxBytes: 100 });
  assert.equal(new TextDecoder().decode(response.bytes), "hello");
  for (
    const url of [
      "http://example.com/a",
      "file:///etc/passwd",
      "data:text/plain,hi",
      "ftp://127.0.0.1/a",
    ]
  ) {
    await assert.rejects(
      fetchBytes(url, { maxBytes: 100 }),
      isCode("web-url-refused"),
      url,
    );
  }
});

Deno.test("fetchBytes() follows a redirect within the origin and refuses one to file: or to another host, without requesting it", async () => {
  await using site = serveSite({
    "/moved": () =>
      new Response(null, { status: 301, headers: { location: "/a" } }),
    "/a": "there",
    "/to-file": () =>
      new Response(null, {
        status: 302,
        headers: { location: "file:///etc/passwd" },
      }),
    "/to-host": (request) =>
      new Response(null, {
        status: 307,
        headers: {
          location: `http://localhost:${new URL(request.url).port}/secret`,
        },
      }),
    "/secret": "must not be fetched",
  });
  const moved = await fetchBytes(`${site.origin}/moved`, { maxBytes: 100 });
  assert.equal(new TextDecoder().decode(moved.bytes), "there");
  assert.equal(moved.url.pathname, "/a");
  await assert.rejects(
    fetchBytes(`${site.origin}/to-file`, { maxBytes: 100 }),
    (e: unknown) => isCode("web-redirect-refused")(e) && /file/.test(String(e)),
  );
  await assert.rejects(
    fetchBytes(`${site.origin}/to-host`, { maxBytes: 100 }),
    (e: unknown) =>
      isCode("web-redirect-refused")(e) && /another host/.test(String(e)),
  );
  assert.equal(site.requests.includes("/secret"), false);
});

Deno.test("assertRedirect() never lets HTTPS fall back to HTTP, and an index on a public host cannot name a loopback URL", () => {
  assert.throws(
    () =>
      assertRedirect(
        new URL("https://example.com/a"),
        new URL("http://example.com/a"),
      ),
    isCode("web-redirect-refused"),
  );
  const index = new URL("https://example.com/.well-known/agent-skills/i.json");
  for (const ref of ["http://127.0.0.1:22/", "https://localhost/x"]) {
    assert.throws(() => resolveIndexUrl(ref, index), isCode("web-url-refused"));
  }
  assert.throws(
    () => resolveIndexUrl("file:///etc/passwd", index),
    isCode("web-url-refused"),
  );
});

Deno.test("fetchBytes() stops a redirect loop after five hops", async () => {
  await using site = serveSite({
    "/loop": () =>
      new Response(null, { status: 302, headers: { location: "/loop" } }),
  });
  await assert.rejects(
    fetchBytes(`${site.origin}/loop`, { maxBytes: 100 }),
    isCode("web-too-many-redirects"),
  );
  assert.equal(site.requests.length, 6);
});

Deno.test("fetchBytes() stops an endless body at its cap and closes the stream", async () => {
  const body = endless();
  await using site = serveSite({ "/endless": body.route });
  const cap = 2 * 1024 * 1024;
  await assert.rejects(
    fetchBytes(`${site.origin}/endless`, { maxBytes: cap }),
    isCode("web-too-large"),
  );
  // The server stops producing once the client has hung up (its buffers aside).
  await new Promise((resolve) => setTimeout(resolve, 200));
  const sent = body.sent();
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(body.sent(), sent);
  assert.ok(sent < cap + 64 * 1024 * 1024, `${sent} bytes were sent`);
});

Deno.test("fetchBytes() refuses a body whose Content-Length is over the cap", async () => {
  await using site = serveSite({ "/big": new Uint8Array(4096) });
  await assert.rejects(
    fetchBytes(`${site.origin}/big`, { maxBytes: 1024 }),
    (e: unknown) => isCode("web-too-large")(e) && /1024 bytes/.test(String(e)),
  );
});

Deno.test("fetchBytes() gives up on a server that never answers after its time cap", async () => {
  const never = Promise.withResolvers<Response>();
  await using site = serveSite({ "/hang": () => never.promise });
  await assert.rejects(
    fetchBytes(`${site.origin}/hang`, { maxBytes: 100, timeoutMs: 300 }),
    isCode("web-timeout"),
  );
  never.resolve(new Response("late"));
});

Deno.test("fetchBytes() names --allow-net=HOST when the grant is missing, and sends nothing", async () => {
  await using site = serveSite({ "/a": "hello" });
  await using dir = await tempDir();
  const script = join(dir.path, "fetch.ts");
  await Deno.writeTextFile(
    script,
    `import { fetchBytes } from ${
      JSON.stringify(new URL("../src/web/fetch.ts", import.meta.url).href)
    };
try {
  await fetchBytes(${JSON.stringify(`${site.origin}/a`)}, { maxBytes: 100 });
  console.log("fetched");
} catch (error) {
  console.log(JSON.stringify({ name: error.name, flag: error.flag, message: error.message }));
}
`,
  );
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--config", CONFIG, "--allow-net=127.0.0.2", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const result = JSON.parse(new TextDecoder().decode(output.stdout));
  assert.equal(result.name, "PermissionDeniedError");
  assert.equal(result.flag, `--allow-net=127.0.0.1:${site.port}`);
  assert.deepEqual(site.requests, []);
});

Deno.test("a refused connection names the URL and the cause, not only 'fetch failed', in fetchBytes() and in what install and list --root print", async () => {
  // A port nothing listens on: opened, then closed.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${listener.addr.port}`;
  listener.close();
  const index = `${origin}/.well-known/agent-skills/index.json`;
  const refused = (text: string): boolean =>
    text.includes(`GET "${index}" failed: `) &&
    /connection refused/i.test(text) && !/fetch failed/i.test(text);
  await assert.rejects(
    fetchBytes(index, { maxBytes: 100 }),
    (error) =>
      isCode("web-network")(error) && refused((error as Error).message),
  );
  await using dir = await tempDir();
  const permissions = [
    "--allow-read",
    `--allow-write=${dir.path}`,
    "--allow-net=127.0.0.1",
  ];
  for (
    const args of [
      ["install", `${origin}/site`, "--dir", dir.path],
      ["list", "--root", `${origin}/site`],
    ]
  ) {
    const run = await runCli(args, { permissions, cwd: dir.path });
    assert.equal(run.code, 1, run.stderr);
    assert.ok(refused(run.stderr), `${args[0]}: ${run.stderr}`);
  }
});

Deno.test("a connection closed mid-request is said once, without the URL or the local address again", async () => {
  // A server that takes the connection and closes it at once.
  const server = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const accepting = (async () => {
    for await (const conn of server) conn.close();
  })().catch(() => {});
  const url =
    `http://127.0.0.1:${server.addr.port}/.well-known/agent-skills/index.json`;
  try {
    await assert.rejects(fetchBytes(url, { maxBytes: 100 }), (error) => {
      const message = (error as Error).message;
      assert.ok(message.startsWith(`GET "${url}" failed: `), message);
      // The URL once, and not the local end of the connection.
      assert.equal(message.split(url).length, 2, message);
      assert.doesNotMatch(
        message,
        /error sending request|from 127\.0\.0\.1:\d+/,
      );
      return true;
    });
  } finally {
    server.close();
    await accepting;
  }
});
