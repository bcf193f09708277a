// Copyright 2026 the skillscope authors. MIT license.
/**
 * Load on the MCP server over loopback: `skillscope mcp --http 127.0.0.1:0`
 * on a generated tree of 1,000 skills (`generate.ts`), N concurrent clients
 * (one connection each) sending raw JSON-RPC POSTs after an `initialize`
 * handshake: `skills/list` pages, `tools/call` of `skills_read` and
 * `resources/read` of a `SKILL.md`, each method on its own for a bounded
 * time and count, then all three mixed at 64 clients to count errors.
 * Prints requests/s, p50/p99 latency, errors, the server's CPU time per
 * request (user + system of `/proc/PID/stat` over the phase: steadier than
 * requests/s on a busy machine, where the clients compete for the same
 * cores) and its peak RSS (`VmHWM` of `/proc/PID/status`) beside the
 * targets. It stops by itself.
 *
 * ```sh
 * deno task serve-load                          # 8 clients, 5 s per method, 64 clients mixed
 * deno task serve-load --quick                  # a smoke run: 1 s per method
 * deno task serve-load --clients 16 --error-clients 64 --seconds 10 --requests 50000
 * ```
 *
 * @module
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { benchTree } from "./fixtures.ts";
import { percentile, Rows } from "./measure.ts";
import {
  connect,
  listNames,
  type LoadClient,
  post,
} from "./mcp_load_client.ts";

const REPO = new URL("..", import.meta.url).pathname;

/** One kind of request the clients send. */
interface Method {
  readonly label: string;
  readonly target: number;
  /** The JSON-RPC request for the client's `i`-th call. */
  readonly request: (i: number) => { method: string; params: unknown };
  /** Whether a successful answer of this method can still be a failure (a tool's `isError`). */
  readonly toolResult?: boolean;
}

/** What one phase measured. */
interface PhaseResult {
  readonly requests: number;
  readonly errors: number;
  readonly seconds: number;
  readonly latencies: number[];
  /** The server's CPU time over the measured part, in seconds (unmeasured without `/proc`). */
  readonly serverCpu?: number;
  readonly firstError?: string;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      clients: { type: "string", default: "8" },
      "error-clients": { type: "string", default: "64" },
      seconds: { type: "string", default: "5" },
      requests: { type: "string", default: "20000" },
      skills: { type: "string", default: "1000" },
      quick: { type: "boolean", default: false },
    },
  });
  const count = (name: keyof typeof values): number => {
    const value = Number(values[name]);
    if (!Number.isSafeInteger(value) || value <= 0) {
      console.error(`--${name} must be a positive integer`);
      Deno.exit(2);
    }
    return value;
  };
  await serveLoad({
    clients: count("clients"),
    errorClients: count("error-clients"),
    seconds: values.quick ? 1 : count("seconds"),
    requests: count("requests"),
    skills: count("skills"),
  });
}

/**
 * Starts the server, runs every phase and prints the table.
 *
 * @param options Clients per phase, the bounds of each phase, the tree size.
 */
async function serveLoad(options: {
  clients: number;
  errorClients: number;
  seconds: number;
  requests: number;
  skills: number;
}): Promise<void> {
  const root = benchTree(options.skills);
  const server = await startServer(root);
  const rows = new Rows();
  try {
    const probe = await connect(server.url);
    const names = await listNames(server.url, probe);
    probe.http.close();
    if (names.length === 0) throw new Error(`No skills served from "${root}"`);
    const pageSize = 100;
    const pages = Math.ceil(names.length / pageSize);
    const name = (i: number): string => names[i % names.length]!;
    const methods: Method[] = [
      {
        label: `\`skills/list\` (pages of ${pageSize})`,
        target: 1000,
        request: (i) => ({
          method: "skills/list",
          params: { cursor: String((i % pages) * pageSize) },
        }),
      },
      {
        label: "`tools/call` `skills_read`",
        target: 2000,
        request: (i) => ({
          method: "tools/call",
          params: { name: "skills_read", arguments: { name: name(i) } },
        }),
        toolResult: true,
      },
      {
        label: "`resources/read` of a `SKILL.md`",
        target: 2000,
        request: (i) => ({
          method: "resources/read",
          params: { uri: `skill://${name(i)}/SKILL.md` },
        }),
      },
    ];
    console.log(
      `${names.length} skills, ${options.clients} clients, up to ${options.seconds} s or ${options.requests} requests per method`,
    );
    const cpu = (): number | undefined => serverCpu(server.child.pid);
    for (const method of methods) {
      const result = await phase(server.url, options.clients, options, [
        method,
      ], cpu);
      const rate = result.requests / result.seconds;
      const sorted = result.latencies.sort((a, b) => a - b);
      rows.report(
        `${method.label}, ${options.clients} clients`,
        `**${rate.toFixed(0)} req/s** (${result.requests} in ${
          result.seconds.toFixed(1)
        } s; p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${
          percentile(sorted, 99).toFixed(1)
        } ms; ${perRequest(result, "; ")}${result.errors} errors${
          result.firstError === undefined ? "" : `: ${result.firstError}`
        })`,
        `≥ ${method.target.toLocaleString("en-US")} req/s`,
      );
    }
    const mixed = await phase(
      server.url,
      options.errorClients,
      options,
      methods,
      cpu,
    );
    const sorted = mixed.latencies.sort((a, b) => a - b);
    rows.report(
      `all three mixed, ${options.errorClients} clients`,
      `**${mixed.errors} errors** in ${mixed.requests} requests (${
        (mixed.requests / mixed.seconds).toFixed(0)
      } req/s; p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${
        percentile(sorted, 99).toFixed(1)
      } ms${perRequest(mixed, "", "; ")}${
        mixed.firstError === undefined ? "" : `; first: ${mixed.firstError}`
      })`,
      "0 errors",
    );
    const memory = serverMemory(server.child.pid);
    rows.report(
      "server peak RSS (`VmHWM`) over the run",
      memory === undefined
        ? "unmeasured (no /proc/PID/status)"
        : `**${memory.peak.toFixed(0)} MiB** (now ${
          memory.now.toFixed(0)
        } MiB)`,
      "bounded",
    );
  } finally {
    server.child.kill("SIGTERM");
    await server.child.status;
    await server.drained;
  }
  console.log(`\n${rows.markdown()}`);
}

/** `skillscope mcp --root ROOT --http 127.0.0.1:0` under `deno run -P=cli`, once it listens. */
async function startServer(root: string): Promise<{
  url: string;
  child: Deno.ChildProcess;
  drained: Promise<void>;
}> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--config=${join(REPO, "deno.json")}`,
      "-P=cli",
      join(REPO, "cli.ts"),
      "mcp",
      "--root",
      root,
      "--http",
      "127.0.0.1:0",
    ],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const listening = Promise.withResolvers<string>();
  const timer = setTimeout(
    () => listening.reject(new Error("The server did not listen within 60 s")),
    60_000,
  );
  // Read stderr to its end (the server's diagnostics must not fill the pipe).
  const drained = (async () => {
    let text = "";
    for await (
      const chunk of child.stderr.pipeThrough(new TextDecoderStream())
    ) {
      if (text.length < 1_000_000) text += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(text);
      if (match) listening.resolve(match[1]!);
    }
    listening.reject(new Error(`The server ended before listening:\n${text}`));
  })();
  try {
    return { url: await listening.promise, child, drained };
  } catch (error) {
    child.kill();
    await child.status;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `clients` clients sending `methods` in turn: ten unmeasured rounds of one
 * request per client first (every page is listed once), then until
 * `seconds` pass or `requests` were sent.
 */
async function phase(
  url: string,
  clients: number,
  bounds: { seconds: number; requests: number },
  methods: readonly Method[],
  cpu: () => number | undefined,
): Promise<PhaseResult> {
  const connected = await Promise.all(
    Array.from({ length: clients }, () => connect(url)),
  );
  let sent = 0;
  let errors = 0;
  let firstError: string | undefined;
  const latencies: number[] = [];
  let measuring = false;
  let deadline = Infinity;
  let budget = 0;
  const run = async (client: LoadClient, c: number): Promise<void> => {
    for (let i = c;; i += clients) {
      if (measuring && (sent >= budget || performance.now() >= deadline)) {
        return;
      }
      const method = methods[i % methods.length]!;
      const call = method.request(Math.floor(i / methods.length));
      const started = performance.now();
      const answer = await post(url, client, {
        jsonrpc: "2.0",
        id: i + 1,
        ...call,
      }, method.toolResult === true);
      if (!measuring) return;
      sent++;
      latencies.push(performance.now() - started);
      if (!answer.ok) {
        errors++;
        firstError ??= `${call.method}: ${answer.error}`;
      }
    }
  };
  try {
    // Warm-up: every client sends a few requests, unmeasured.
    for (let round = 0; round < 10; round++) {
      await Promise.all(connected.map((client, c) => run(client, c + round)));
    }
    measuring = true;
    budget = bounds.requests;
    const cpuBefore = cpu();
    const started = performance.now();
    deadline = started + bounds.seconds * 1000;
    await Promise.all(connected.map((client, c) => run(client, c)));
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpu();
    return {
      requests: sent,
      errors,
      seconds,
      latencies,
      ...(cpuBefore === undefined || cpuAfter === undefined
        ? {}
        : { serverCpu: cpuAfter - cpuBefore }),
      ...(firstError === undefined ? {} : { firstError }),
    };
  } finally {
    for (const client of connected) client.http.close();
  }
}

/** `server CPU N µs/request` between `before` and `after` for a phase whose server CPU time was measured, else `""`. */
function perRequest(result: PhaseResult, after: string, before = ""): string {
  if (result.serverCpu === undefined || result.requests === 0) return "";
  return `${before}server CPU ${
    (result.serverCpu * 1e6 / result.requests).toFixed(0)
  } µs/request${after}`;
}

/** The user + system CPU time of a process so far (s), from `/proc/PID/stat`. */
function serverCpu(pid: number): number | undefined {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // Fields after the command name (which may hold spaces), from field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    // Linux counts in USER_HZ, 100 on every architecture Deno runs on.
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  } catch {
    return undefined;
  }
}

/** The peak and current resident set of a process, from `/proc/PID/status` (MiB). */
function serverMemory(pid: number): { peak: number; now: number } | undefined {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const field = (name: string): number =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) /
      1024;
    const peak = field("VmHWM");
    return Number.isFinite(peak) ? { peak, now: field("VmRSS") } : undefined;
  } catch {
    return undefined;
  }
}
