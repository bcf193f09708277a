// Copyright 2026 the skillscope authors. MIT license.
// Test helpers: real temporary directories and skills written into them.
import { dirname, join } from "node:path";
import { LARGE_DIR_BYTES } from "../src/discover/scan_step.ts";

/** Creates a temporary directory (real path) removed when disposed. */
export async function tempDir(prefix = "skillscope_test_"): Promise<
  { path: string } & AsyncDisposable
> {
  const path = await Deno.realPath(await Deno.makeTempDir({ prefix }));
  return {
    path,
    async [Symbol.asyncDispose](): Promise<void> {
      await Deno.remove(path, { recursive: true }).catch(() => {});
    },
  };
}

/** A temporary HOME and a project directory (not a git repository) beside it. */
export async function machine(): Promise<
  { home: string; cwd: string } & AsyncDisposable
> {
  const tmp = await tempDir();
  const home = join(tmp.path, "home");
  const cwd = join(tmp.path, "work");
  await Deno.mkdir(home);
  await Deno.mkdir(cwd);
  return { home, cwd, [Symbol.asyncDispose]: tmp[Symbol.asyncDispose] };
}

/** Makes a FIFO at `path` (with `mkfifo`); fails with its error. */
export async function mkfifo(path: string): Promise<void> {
  const out = await new Deno.Command("mkfifo", {
    args: [path],
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`mkfifo ${path}: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/** A SKILL.md text with the given frontmatter lines and body. */
export function skillMd(frontmatter: string, body = "# Body\n"): string {
  return `---\n${frontmatter}\n---\n${body}`;
}

/** Writes `files` (relative path → content) below `root`. */
export async function writeTree(
  root: string,
  files: Record<string, string | Uint8Array>,
): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    const path = join(root, rel);
    await Deno.mkdir(dirname(path), { recursive: true });
    if (typeof content === "string") await Deno.writeTextFile(path, content);
    else await Deno.writeFile(path, content);
  }
}

/** Writes a skill directory `root/dir` with a minimal valid SKILL.md. */
export async function writeSkill(
  root: string,
  dir: string,
  options: {
    name?: string;
    description?: string;
    extra?: string;
    body?: string;
  } = {},
): Promise<string> {
  const name = options.name ?? dir.split("/").at(-1)!;
  const description = options.description ?? `The ${name} skill`;
  const lines = [`name: ${name}`, `description: ${description}`];
  if (options.extra) lines.push(options.extra);
  const path = join(root, dir, "SKILL.md");
  await writeTree(root, {
    [join(dir, "SKILL.md")]: skillMd(lines.join("\n"), options.body),
  });
  return path;
}

/** Result of running the CLI as a subprocess. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `cli.ts`, run as a subprocess by the CLI tests. */
export const CLI: string = new URL("../cli.ts", import.meta.url).pathname;
/** The repository's deno.json, passed explicitly so subprocesses resolve imports from any cwd. */
export const CONFIG: string = new URL("../deno.json", import.meta.url).pathname;

let denoDir: Promise<string> | undefined;

/**
 * Deno's cache directory, passed on to subprocesses so that a test that
 * fakes HOME does not make Deno download every dependency again.
 */
export function currentDenoDir(): Promise<string> {
  denoDir ??= new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
    stderr: "null",
  })
    .output()
    .then((out) =>
      JSON.parse(new TextDecoder().decode(out.stdout)).denoDir as string
    );
  return denoDir;
}

/** How {@linkcode runCli} runs the CLI. */
export type CliOptions = {
  permissions?: string[];
  cwd?: string;
  env?: Record<string, string>;
  stdin?: string;
  /** Kills the run when it aborts (a bound for runs that must not hang). */
  signal?: AbortSignal;
  /** Runs this module instead of `cli.ts` (a test's own script). */
  script?: string;
  /** Runs Deno under this command (`["/usr/bin/time", "-f", "%M"]`). */
  wrapper?: string[];
};

/**
 * Starts the CLI as a subprocess as {@linkcode runCli} does, its stdout and
 * stderr piped, for a test that reads them (or closes them) itself.
 */
export async function spawnCli(
  args: string[],
  options: Omit<CliOptions, "stdin"> & { stdin?: "null" | "piped" } = {},
): Promise<Deno.ChildProcess> {
  const [program, ...wrapperArgs] = options.wrapper ?? [Deno.execPath()];
  const command = new Deno.Command(program!, {
    args: [
      ...(options.wrapper ? [...wrapperArgs, Deno.execPath()] : []),
      "run",
      "--quiet",
      "--no-prompt",
      `--config=${CONFIG}`,
      ...(options.permissions ?? ["--allow-read"]),
      options.script ?? CLI,
      ...args,
    ],
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: {
      NO_COLOR: "1",
      DENO_DIR: await currentDenoDir(),
      // Never the machine's own /etc/codex, /etc/claude-code, …
      SKILLSCOPE_SYSTEM_ROOT: "/nonexistent/skillscope-test-system-root",
      ...options.env,
    },
    stdin: options.stdin ?? "null",
    stdout: "piped",
    stderr: "piped",
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return command.spawn();
}

/** Runs `cli.ts` in a real Deno subprocess with the given permission flags. */
export async function runCli(
  args: string[],
  options: CliOptions = {},
): Promise<CliRun> {
  const child = await spawnCli(args, {
    ...options,
    stdin: options.stdin === undefined ? "null" : "piped",
  });
  if (options.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(options.stdin));
    await writer.close();
  }
  const out = await child.output();
  const decoder = new TextDecoder();
  return {
    code: out.code,
    stdout: decoder.decode(out.stdout),
    stderr: decoder.decode(out.stderr),
  };
}

/**
 * Runs `code` as a module in a new `deno` process — its own module state,
 * such as whether the YAML parser is loaded — with `$MOD` replaced by the
 * main entry's URL and `$DIR` by `dir`; returns its stdout parsed as JSON.
 */
export async function inFreshProcess(
  dir: string,
  code: string,
): Promise<unknown> {
  const mod = new URL("../mod.ts", import.meta.url).href;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      "--quiet",
      `--config=${CONFIG}`,
      "--ext=ts",
      code.replaceAll("$MOD", mod).replaceAll("$DIR", dir),
    ],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/**
 * Grows `dir` with empty files of long names until its `stat` size reaches
 * the size from which the async scan lists on a worker (on ext4 a few
 * thousand entries; on file systems that count entries, more).
 */
export function growPastWorkerThreshold(dir: string): void {
  const long = "x".repeat(200);
  for (let i = 0; Deno.statSync(dir).size < LARGE_DIR_BYTES; i++) {
    if (i >= 60_000) {
      throw new Error("the directory's size does not grow with entries");
    }
    for (let j = 0; j < 100; j++) {
      Deno.writeFileSync(join(dir, `${long}-${i}-${j}`), new Uint8Array());
    }
  }
}
