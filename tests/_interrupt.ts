// Copyright 2026 the skillscope authors. MIT license.
// Test helpers for interruptions: a place to run the CLI in, the CLI started
// and interrupted, a remote that takes requests and never answers, and the
// processes still talking to it.
import { join } from "node:path";
import { CLI, CONFIG, currentDenoDir, tempDir } from "./_helpers.ts";
import { gitRepo } from "./_git.ts";
import { UNSET } from "./_cli_user.ts";

/** A temporary HOME and project (a git repository) to run the CLI in. */
export interface Place extends AsyncDisposable {
  root: string;
  home: string;
  /** A git repository the command runs in. */
  project: string;
  env: Record<string, string>;
}

/** Makes a {@linkcode Place}. */
export async function place(): Promise<Place> {
  const tmp = await tempDir();
  const home = join(tmp.path, "home");
  const project = join(tmp.path, "project");
  await Deno.mkdir(home);
  await gitRepo(project, { "README.md": "# project\n" });
  return {
    root: tmp.path,
    home,
    project,
    env: { ...UNSET, HOME: home },
    [Symbol.asyncDispose]: tmp[Symbol.asyncDispose],
  };
}

/**
 * Starts the CLI in the place's project with `permissions` (the compiled
 * binary's set by default), bounded in time; `detached` gives it a process
 * group of its own, as a terminal's foreground job has.
 */
export async function startCli(
  p: Place,
  args: string[],
  options: { permissions?: string[]; detached?: boolean } = {},
): Promise<Deno.ChildProcess> {
  return new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      `--config=${CONFIG}`,
      ...(options.permissions ?? ["-P=cli"]),
      CLI,
      ...args,
    ],
    cwd: p.project,
    env: { NO_COLOR: "1", DENO_DIR: await currentDenoDir(), ...p.env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    detached: options.detached === true,
    signal: AbortSignal.timeout(60_000),
  }).spawn();
}

/** How an interrupted run ended, and how long after the signal. */
export interface Ended {
  code: number;
  stdout: string;
  stderr: string;
  /** From the signal to the exit. */
  ms: number;
}

/** Sends `kill` (SIGINT to the CLI alone by default), then waits for the end. */
export async function interrupt(
  child: Deno.ChildProcess,
  kill: (child: Deno.ChildProcess) => void = (c) => c.kill("SIGINT"),
): Promise<Ended> {
  const sent = Date.now();
  kill(child);
  const { code, stdout, stderr } = await child.output();
  const ms = Date.now() - sent;
  const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
  return { code, stdout: text(stdout), stderr: text(stderr), ms };
}

/** A git remote over HTTP that takes the request and never answers: a fetch that is still running. */
export function stalledRemote(): {
  url: string;
  asked: Promise<void>;
} & AsyncDisposable {
  const { promise: asked, resolve } = Promise.withResolvers<void>();
  const held: ReadableStreamDefaultController<Uint8Array>[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => {
      resolve();
      return new Response(
        new ReadableStream({ start: (c) => void held.push(c) }),
        { headers: { "content-type": "application/octet-stream" } },
      );
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}/big.git`,
    asked,
    async [Symbol.asyncDispose](): Promise<void> {
      for (const c of held) {
        try {
          c.close();
        } catch {
          // the client went away: the stream is closed already
        }
      }
      await server.shutdown();
    },
  };
}

/** The processes whose command line mentions `text`. */
export async function processesWith(text: string): Promise<string[]> {
  const out = await new Deno.Command("ps", {
    args: ["-eo", "args="],
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(out.stdout).split("\n").filter((line) =>
    line.includes(text) && !line.startsWith("ps ")
  );
}

/** Polls until no process mentions `text`, at most `ms`; returns those left. */
export async function gone(text: string, ms: number): Promise<string[]> {
  const until = Date.now() + ms;
  let left = await processesWith(text);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    left = await processesWith(text);
  }
  return left;
}
