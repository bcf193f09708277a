// Copyright 2026 the skillscope authors. MIT license.
// The CLI on a pseudo-terminal, through util-linux's `script`: a test waits
// for a prompt's text (bounded), types keys, and reads what was drawn.
import { CLI, CONFIG, currentDenoDir } from "./_helpers.ts";

/** Whether `script` (util-linux) is here to give the CLI a terminal. */
export const HAS_SCRIPT: boolean = (() => {
  try {
    return new Deno.Command("script", { args: ["--version"] }).outputSync()
      .success;
  } catch {
    return false;
  }
})();

/** Keys as a terminal sends them. */
export const KEY = { enter: "\r", space: " ", down: "\x1b[B", ctrlC: "\x03" };

/** A CLI run on a terminal. */
export interface PtyRun extends AsyncDisposable {
  /** Waits until the screen so far shows `text` (escape sequences removed). */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Types `keys`. */
  type(keys: string): Promise<void>;
  /** Waits for the end: the exit code, everything drawn (`screen`, escape sequences removed) and the bytes as written (`raw`). */
  done(
    timeoutMs?: number,
  ): Promise<{ code: number; screen: string; raw: string }>;
}

function quote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/**
 * Runs `cli.ts` with `args` on a pseudo-terminal (stdin and stdout both
 * terminals), with the compiled binary's permission set (`-P=cli`).
 */
export async function runOnTerminal(
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<PtyRun> {
  const deno = [
    Deno.execPath(),
    "run",
    "--quiet",
    "--no-prompt",
    `--config=${CONFIG}`,
    "-P=cli",
    CLI,
    ...args,
  ].map(quote).join(" ");
  const child = new Deno.Command("script", {
    args: [
      "-q",
      "-e",
      "-c",
      `stty cols 120 rows 40; exec ${deno}`,
      "/dev/null",
    ],
    cwd: options.cwd,
    // A clean environment: no CI (or anything else) from the machine running the tests.
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      TERM: "xterm",
      DENO_DIR: await currentDenoDir(),
      ...options.env,
    },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const decoder = new TextDecoder();
  let screen = "";
  let changed: () => void = () => {};
  const reading = (async () => {
    for await (const chunk of child.stdout) {
      screen += decoder.decode(chunk, { stream: true });
      changed();
    }
  })();
  const plain = (): string =>
    // deno-lint-ignore no-control-regex
    screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replaceAll("\r", "");
  const status = child.status;
  const bound = <T>(
    promise: Promise<T>,
    ms: number,
    what: string,
  ): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${what}; the terminal shows:\n${plain()}`)),
          ms,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  };
  return {
    async waitFor(text, timeoutMs = 60_000): Promise<void> {
      const seen = (): boolean =>
        typeof text === "string" ? plain().includes(text) : text.test(plain());
      await bound(
        new Promise<void>((resolve) => {
          changed = () => {
            if (seen()) resolve();
          };
          changed();
          status.then(() => resolve());
        }),
        timeoutMs,
        `Waited for ${String(text)}`,
      );
      if (!seen()) {
        throw new Error(`The CLI ended before ${String(text)}:\n${plain()}`);
      }
    },
    async type(keys): Promise<void> {
      await writer.write(new TextEncoder().encode(keys));
    },
    async done(
      timeoutMs = 60_000,
    ): Promise<{ code: number; screen: string; raw: string }> {
      const { code } = await bound(status, timeoutMs, "Waited for the end");
      await reading;
      return { code, screen: plain(), raw: screen };
    },
    async [Symbol.asyncDispose](): Promise<void> {
      try {
        child.kill("SIGKILL");
      } catch {
        // already ended
      }
      await writer.close().catch(() => {});
      await child.stderr.cancel().catch(() => {});
      await reading.catch(() => {});
      await status;
    },
  };
}
