// Copyright 2026 the skillscope authors. MIT license.
// `skillscope mcp --http` against clients that hold memory or connections,
// and its bearer token: each attack runs against the real CLI server.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { sh } from "./_git.ts";
import { runCli, tempDir } from "./_helpers.ts";
import {
  FIXTURES,
  type HttpCli,
  initializeRequest,
  startHttpCli,
} from "./_mcp.ts";

const encoder = new TextEncoder();

/**
 * The child's resident memory (VmRSS), in bytes. Deno reads `/proc` only
 * with `--allow-all`; `cat` needs no more than `--allow-run`.
 */
async function rss(pid: number): Promise<number> {
  const status = await sh("cat", [`/proc/${pid}/status`]);
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

/** A well-formed `initialize` POST to `url`. */
function initialize(
  url: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(initializeRequest(url, headers));
}

async function expectStatus(
  response: Promise<Response>,
  status: number,
): Promise<Response> {
  const got = await response;
  await got.body?.cancel();
  assert.equal(got.status, status);
  return got;
}

/** Opens a raw TCP connection to the server of `url`. */
function connect(url: string): Promise<Deno.TcpConn> {
  return Deno.connect({
    hostname: "127.0.0.1",
    port: Number(new URL(url).port),
  });
}

/** Resolves once the server closes `conn` (EOF or reset), or `false` after `ms`. */
async function closedWithin(conn: Deno.Conn, ms: number): Promise<boolean> {
  const buffer = new Uint8Array(4096);
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = await Promise.race([
      conn.read(buffer).catch(() => null),
      new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), left);
      }),
    ]);
    clearTimeout(timer);
    if (read === "timeout") return false;
    if (read === null) return true;
  }
}

/** Closes `conn` unless a failed write closed it already. */
function close(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}

async function stop(server: HttpCli): Promise<void> {
  server.child.kill("SIGTERM");
  await server.child.status;
}

/** Waits for `promise`, at most `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    promise,
    new Promise((resolve) => timer = setTimeout(resolve, ms)),
  ]);
  clearTimeout(timer);
}

/**
 * 60 connections each send a 3.4 MB body of a 3.5 MB request (announced
 * with `content-length`, or chunked with no length) and wait; meanwhile a
 * normal request must succeed and the server's resident memory must grow by
 * less than 96 MiB (the bounds admit 4 large bodies and the SDK copies each
 * about three times; without them it grew by about 500 MiB).
 */
async function bodyFlood(framing: "content-length" | "chunked"): Promise<void> {
  const server = await startHttpCli(FIXTURES, { extra: ["--no-watch"] });
  const conns: Deno.TcpConn[] = [];
  try {
    await expectStatus(initialize(server.url), 200);
    const before = await rss(server.child.pid);
    const sent = 3_400_000;
    const head = encoder.encode(
      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
        "content-type: application/json\r\n" +
        "accept: application/json, text/event-stream\r\n" +
        (framing === "chunked"
          ? `transfer-encoding: chunked\r\n\r\n${sent.toString(16)}\r\n`
          : "content-length: 3500000\r\n\r\n"),
    );
    const body = new Uint8Array(sent).fill(0x20);
    let peak = before;
    const sampling = setInterval(() => {
      rss(server.child.pid).then((n) => peak = Math.max(peak, n), () => {});
    }, 100);
    try {
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 60; i++) {
        const conn = await connect(server.url);
        conns.push(conn);
        writes.push(
          (async () => {
            const writer = conn.writable.getWriter();
            await writer.write(head);
            await writer.write(body);
            writer.releaseLock();
          })().catch(() => {}),
        );
      }
      // Bounded: a write the server does not read stays pending.
      await within(Promise.all(writes), 15_000);
      await expectStatus(initialize(server.url), 200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      clearInterval(sampling);
    }
    const grown = (peak - before) / 1048576;
    assert.ok(grown < 96, `the server grew by ${grown.toFixed(0)} MiB`);
    await expectStatus(initialize(server.url), 200);
  } finally {
    conns.forEach(close);
    await stop(server);
  }
}

Deno.test("mcp --http holds a bounded amount of memory for 60 unfinished 3.5 MB request bodies and still answers", async () => {
  await bodyFlood("content-length");
});

Deno.test("mcp --http holds a bounded amount of memory for 60 unfinished chunked bodies and still answers", async () => {
  await bodyFlood("chunked");
});

Deno.test("mcp --http closes connections that never finish their headers, bounds how many stay open, and still answers", async () => {
  const server = await startHttpCli(FIXTURES, { extra: ["--no-watch"] });
  const open = async (partial: boolean): Promise<Deno.TcpConn> => {
    const conn = await connect(server.url);
    if (partial) {
      await conn.write(
        encoder.encode("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a"),
      );
    }
    return conn;
  };
  const conns: Deno.TcpConn[] = [];
  try {
    // 100 slow clients, and 10 that connect and send nothing: fewer than
    // the connection bound, so a normal request still gets through.
    for (let i = 0; i < 110; i++) conns.push(await open(i < 100));
    await expectStatus(initialize(server.url), 200);
    // The header deadline is 10 s, checked every second.
    const closed = await Promise.all(conns.map((c) => closedWithin(c, 25_000)));
    assert.equal(closed.filter((c) => !c).length, 0, "connections left open");
    await expectStatus(initialize(server.url), 200);

    // Past the bound of 128 open connections, new ones are closed at once.
    const flood: Deno.TcpConn[] = [];
    for (let i = 0; i < 200; i++) flood.push(await open(true));
    conns.push(...flood);
    const early = await Promise.all(flood.map((c) => closedWithin(c, 5_000)));
    assert.ok(
      early.filter((c) => c).length >= 200 - 128,
      `only ${
        early.filter((c) => c).length
      } of 200 closed before the header deadline`,
    );
    const late = await Promise.all(flood.map((c) => closedWithin(c, 25_000)));
    assert.equal(
      late.filter((c, i) => !c && !early[i]).length,
      0,
      "connections left open",
    );
    await expectStatus(initialize(server.url), 200);
  } finally {
    conns.forEach(close);
    await stop(server);
  }
});

Deno.test("mcp --http --token-file admits the official client with the bearer token and answers 401 without it or with a wrong one", async () => {
  await using dir = await tempDir();
  const file = join(dir.path, "token");
  await Deno.writeTextFile(file, "  s3cret-Token.1\n");
  const server = await startHttpCli(FIXTURES, {
    extra: ["--no-watch", "--token-file", file],
    permissions: [`--allow-read=${file}`],
  });
  try {
    const client = new Client({ name: "t", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        authProvider: { token: () => Promise.resolve("s3cret-Token.1") },
      }),
    );
    try {
      const { resources } = await client.listResources();
      assert.ok(resources.length > 0);
    } finally {
      await client.close();
    }

    const anonymous = new Client({ name: "t", version: "1" });
    await assert.rejects(
      anonymous.connect(new StreamableHTTPClientTransport(new URL(server.url))),
      /401|nauthori/,
    );
    await anonymous.close().catch(() => {});

    const wrong = await expectStatus(
      initialize(server.url, { authorization: "Bearer s3cret-Token.2" }),
      401,
    );
    assert.match(wrong.headers.get("www-authenticate")!, /^Bearer /);
    const none = await expectStatus(initialize(server.url), 401);
    assert.match(none.headers.get("www-authenticate")!, /^Bearer /);
    await expectStatus(
      initialize(server.url, { authorization: "Bearer s3cret-Token.1" }),
      200,
    );
    assert.doesNotMatch(server.stderr(), /no authentication/);
  } finally {
    await stop(server);
  }
});

Deno.test("mcp --http takes the token from SKILLSCOPE_MCP_TOKEN, and warns when there is none", async () => {
  const server = await startHttpCli(FIXTURES, {
    extra: ["--no-watch"],
    permissions: ["--allow-env=SKILLSCOPE_MCP_TOKEN"],
    env: { SKILLSCOPE_MCP_TOKEN: "from-env" },
  });
  try {
    await expectStatus(initialize(server.url), 401);
    await expectStatus(
      initialize(server.url, { authorization: "Bearer from-env" }),
      200,
    );
  } finally {
    await stop(server);
  }
  const open = await startHttpCli(FIXTURES, { extra: ["--no-watch"] });
  try {
    await expectStatus(initialize(open.url), 200);
    assert.match(open.stderr(), /no authentication: any local process/);
  } finally {
    await stop(open);
  }
});

Deno.test("mcp --token-file refuses an empty token, a symlink, a special file and a huge file", async () => {
  await using dir = await tempDir();
  const files = {
    empty: join(dir.path, "empty"),
    link: join(dir.path, "link"),
    huge: join(dir.path, "huge"),
    spaced: join(dir.path, "spaced"),
    fifo: join(dir.path, "fifo"),
  };
  await sh("mkfifo", [files.fifo]);
  await Deno.writeTextFile(files.empty, " \n\t\n");
  await Deno.writeTextFile(files.huge, "x".repeat(100_000));
  await Deno.writeTextFile(files.spaced, "two words\n");
  await Deno.symlink("/dev/zero", files.link);
  const run = (file: string): ReturnType<typeof runCli> =>
    runCli([
      "mcp",
      "--root",
      FIXTURES,
      "--http",
      "127.0.0.1:0",
      "--token-file",
      file,
    ], {
      permissions: [
        `--allow-read=${FIXTURES},${dir.path},/dev`,
        "--allow-net=127.0.0.1",
      ],
      signal: AbortSignal.timeout(30_000),
    });
  const empty = await run(files.empty);
  assert.equal(empty.code, 2);
  assert.match(empty.stderr, /token of --token-file ".*empty" is empty/);
  const link = await run(files.link);
  assert.equal(link.code, 1);
  assert.match(link.stderr, /not a regular file/);
  const fifo = await run(files.fifo);
  assert.equal(fifo.code, 1);
  assert.match(fifo.stderr, /not a regular file/);
  const huge = await run(files.huge);
  assert.equal(huge.code, 1);
  assert.match(huge.stderr, /100000 bytes or more; the limit is 4096/);
  const spaced = await run(files.spaced);
  assert.equal(spaced.code, 2);
  assert.match(spaced.stderr, /printable ASCII without spaces/);
  const missing = await run(join(dir.path, "missing"));
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /does not exist/);
});

Deno.test("mcp --help says that HTTP has no authentication without a token", async () => {
  const { code, stdout } = await runCli(["mcp", "--help"]);
  assert.equal(code, 0);
  assert.match(stdout, /no authentication unless a token is set/);
  assert.match(stdout, /--token-file FILE/);
  assert.match(stdout, /SKILLSCOPE_MCP_TOKEN/);
});
