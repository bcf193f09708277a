// Copyright 2026 the skillscope authors. MIT license.
/**
 * One scenario for one driver: the tree in a temporary root, the client's
 * turn offline (see `namespace.ts`), the listing read from what it sent, and
 * skillscope's own answer — `list --client NAME --json` and `doctor` for each
 * skill folder — with the same `HOME`, cwd and environment.
 *
 * @module
 */
import { dirname, fromFileUrl, join } from "../src/shared/path.ts";
import { runOffline, STAND_IN_PORT } from "./namespace.ts";
import type {
  ClientDriver,
  ListedSkill,
  Listing,
  RunContext,
  Scenario,
} from "./types.ts";

/** The repository (the parent of `agree/`). */
export const REPO: string = fromFileUrl(new URL("..", import.meta.url)).replace(
  /\/$/,
  "",
);

/** What doctor said about one skill folder for the client. */
export interface DoctorVerdict {
  /** The folder, relative to the scenario root. */
  readonly folder: string;
  /** The name doctor gives the skill (undefined when it could not say). */
  readonly name?: string | undefined;
  /** `yes`, `no` or `unknown` (also when doctor failed). */
  readonly sees: string;
  /** The description the client would offer it under, when doctor says. */
  readonly description?: string | undefined;
  /** The folder's real path, when a symlink leads to it (a client may report that path). */
  readonly real?: string | undefined;
}

/** Everything one scenario run produced. */
export interface ScenarioRun {
  readonly scenario: Scenario;
  /** The scenario root the run used (removed afterwards unless kept). */
  readonly root: string;
  /** The client's listing, or undefined when the run failed. */
  readonly listing?: Listing | undefined;
  /** Why the client run failed. */
  readonly error?: string | undefined;
  /** skillscope's model-visible skills, in its order (undefined when it failed). */
  readonly skillscope?: readonly ListedSkill[] | undefined;
  /** Why `skillscope list` failed. */
  readonly skillscopeError?: string | undefined;
  /** doctor's verdict for each skill folder. */
  readonly doctor: readonly DoctorVerdict[];
  /** Milliseconds the client's turn took. */
  readonly ms: number;
}

/**
 * Replaces `$ROOT` in a scenario's environment values.
 *
 * @param env The scenario's environment.
 * @param root The scenario root.
 * @returns The environment with absolute paths.
 */
export function expandEnv(
  env: Readonly<Record<string, string>> | undefined,
  root: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env ?? {})) {
    out[key] = value.replaceAll("$ROOT", root);
  }
  return out;
}

/**
 * The skill folders of a scenario tree: each directory holding a `SKILL.md`
 * entry, seen through the symlink when a symlink of the tree leads to it (a
 * folder only reached through a link is not one of its own).
 *
 * @param scenario The scenario.
 * @returns Folders relative to the root, sorted.
 */
export function skillFolders(scenario: Scenario): string[] {
  const entries = Object.entries(scenario.files);
  const targets: [string, string][] = [];
  for (const [path, entry] of entries) {
    if (typeof entry !== "string") {
      targets.push([path, join(dirname(path), entry.symlink)]);
    }
  }
  const below = (path: string, dir: string): boolean =>
    path === dir || path.startsWith(`${dir}/`);
  const folders = new Set<string>();
  for (const [path] of entries) {
    if (!path.endsWith("/SKILL.md")) continue;
    const folder = dirname(path);
    const reached = targets.filter(([, target]) => below(path, target));
    if (reached.length === 0) {
      folders.add(folder);
      continue;
    }
    for (const [link, target] of reached) {
      if (target === path) continue;
      folders.add(link + folder.slice(target.length));
    }
  }
  return [...folders].sort();
}

/**
 * Writes a scenario's tree below `root` (`home/`, `project/`, its files and
 * symlinks, `git init` of the project when asked, the cwd).
 *
 * @param scenario The scenario.
 * @param root An empty directory.
 */
export async function buildTree(
  scenario: Scenario,
  root: string,
): Promise<void> {
  await Deno.mkdir(join(root, "home"), { recursive: true });
  if (scenario.worktree !== undefined) {
    const main = join(root, scenario.worktree.main);
    await Deno.mkdir(main, { recursive: true });
    await git(main, ["init", "-q"]);
    await git(main, [
      "-c",
      "user.name=agree",
      "-c",
      "user.email=agree@example.invalid",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "start",
    ]);
    await git(main, [
      "worktree",
      "add",
      "-q",
      "--detach",
      join(root, scenario.worktree.at),
    ]);
  }
  await Deno.mkdir(join(root, "project"), { recursive: true });
  for (const [path, entry] of Object.entries(scenario.files)) {
    const full = join(root, path);
    await Deno.mkdir(dirname(full), { recursive: true });
    if (typeof entry === "string") await Deno.writeTextFile(full, entry);
    else await Deno.symlink(entry.symlink, full);
  }
  if (scenario.git && scenario.worktree === undefined) {
    await git(join(root, "project"), ["init", "-q"]);
  }
  await Deno.mkdir(join(root, scenario.cwd), { recursive: true });
}

async function git(cwd: string, args: string[]): Promise<void> {
  const result = await new Deno.Command("git", {
    args,
    cwd,
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!result.success) {
    throw new Error(
      `git ${args.join(" ")}: ${new TextDecoder().decode(result.stderr)}`,
    );
  }
}

let denoDir: string | undefined;

/** The warm module cache (`deno info --json`'s `denoDir`). */
async function warmDenoDir(): Promise<string> {
  if (denoDir !== undefined) return denoDir;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
    stderr: "null",
  }).output();
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    denoDir?: string;
  };
  denoDir = info.denoDir ??
    join(Deno.env.get("HOME") ?? "/root", ".cache/deno");
  return denoDir;
}

/**
 * Runs the skillscope CLI with a scenario's `HOME`, cwd and environment.
 *
 * @param args The CLI's arguments.
 * @param context Where and with what environment.
 * @returns Its exit code and standard output.
 */
export async function skillscope(
  args: readonly string[],
  context: {
    readonly home: string;
    readonly cwd: string;
    readonly env: Readonly<Record<string, string>>;
  },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-P=cli",
      "--config",
      join(REPO, "deno.json"),
      join(REPO, "cli.ts"),
      ...args,
    ],
    cwd: context.cwd,
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      DENO_DIR: await warmDenoDir(),
      DENO_NO_UPDATE_CHECK: "1",
      TERM: "dumb",
      NO_COLOR: "1",
      LANG: "C.UTF-8",
      HOME: context.home,
      ...context.env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    code: result.code,
    stdout: decoder.decode(result.stdout),
    stderr: decoder.decode(result.stderr),
  };
}

/**
 * The model-visible skills of `skillscope list --json` output (those whose
 * `policy.modelVisible` is not `false`), in its order.
 *
 * @param json The parsed output.
 * @returns The skills, by name, description and path.
 */
export function visibleSkills(json: unknown): ListedSkill[] {
  const skills = (json as { skills?: unknown[] }).skills ?? [];
  const out: ListedSkill[] = [];
  for (const raw of skills) {
    const skill = raw as {
      name?: string;
      description?: string;
      dir?: string;
      policy?: { modelVisible?: boolean };
    };
    if (skill.policy?.modelVisible === false) continue;
    out.push({
      name: String(skill.name ?? ""),
      description: skill.description,
      location: skill.dir,
    });
  }
  return out;
}

/**
 * Runs one scenario for one driver (see the module doc).
 *
 * @param driver The client's driver.
 * @param scenario The scenario.
 * @param options The client's install directory; `keep` keeps the root.
 * @returns What the run produced; a client failure is recorded, not thrown.
 */
export async function runScenario(
  driver: ClientDriver,
  scenario: Scenario,
  options: { readonly cacheDir: string; readonly keep?: boolean },
): Promise<ScenarioRun> {
  const root = await Deno.realPath(
    await Deno.makeTempDir({ prefix: "agree-" }),
  );
  try {
    await buildTree(scenario, root);
    const env = expandEnv(scenario.env, root);
    const context: RunContext = {
      cacheDir: options.cacheDir,
      root,
      home: join(root, "home"),
      project: join(root, "project"),
      cwd: join(root, scenario.cwd),
      port: STAND_IN_PORT,
      scenario: { ...scenario, env },
    };
    const client = await runClient(driver, context, env);
    const listed = await skillscope(
      ["list", "--client", driver.name, "--json"],
      { home: context.home, cwd: context.cwd, env },
    );
    let visible: ListedSkill[] | undefined;
    let skillscopeError: string | undefined;
    try {
      visible = visibleSkills(JSON.parse(listed.stdout));
    } catch {
      skillscopeError = `list exited ${listed.code}: ${
        listed.stderr.slice(-500)
      }`;
    }
    const doctor: DoctorVerdict[] = [];
    for (const folder of skillFolders(scenario)) {
      doctor.push(await doctorVerdict(driver.name, folder, context, env));
    }
    return {
      scenario,
      root,
      listing: client.listing,
      error: client.error,
      skillscope: visible,
      skillscopeError,
      doctor,
      ms: client.ms,
    };
  } finally {
    if (options.keep !== true) {
      await Deno.remove(root, { recursive: true }).catch(() => {});
    }
  }
}

async function runClient(
  driver: ClientDriver,
  context: RunContext,
  env: Record<string, string>,
): Promise<{ listing?: Listing; error?: string; ms: number }> {
  const work = await Deno.makeTempDir({ prefix: "agree-run-" });
  try {
    await driver.prepare(context);
    const command = driver.command(context);
    const outcome = await runOffline(
      { ...command, env: { ...command.env, ...env } },
      { cwd: context.cwd, port: context.port, workDir: work },
    );
    try {
      return { listing: driver.extract(outcome.requests), ms: outcome.ms };
    } catch (error) {
      const tail = (outcome.stderr || outcome.stdout).trim().slice(-400);
      return {
        error: `${error instanceof Error ? error.message : String(error)}` +
          ` (exit ${outcome.code}${outcome.timedOut ? ", timed out" : ""}, ` +
          `${outcome.requests.length} requests) ${tail}`,
        ms: outcome.ms,
      };
    }
  } catch (error) {
    return {
      error: error instanceof Error ? error.message : String(error),
      ms: 0,
    };
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

async function doctorVerdict(
  client: string,
  folder: string,
  context: RunContext,
  env: Record<string, string>,
): Promise<DoctorVerdict> {
  const result = await skillscope(
    ["doctor", join(context.root, folder), "--client", client, "--json"],
    { home: context.home, cwd: context.cwd, env },
  );
  try {
    const json = JSON.parse(result.stdout) as {
      skill?: { name?: string };
      clients?: {
        client?: string;
        sees?: string;
        name?: string;
        description?: string;
      }[];
    };
    const verdict = json.clients?.[0];
    const full = join(context.root, folder);
    const real = await Deno.realPath(full).catch(() => full);
    return {
      folder,
      ...(real === full ? {} : { real }),
      // The name the client offers it under, where doctor says.
      name: verdict?.name ?? json.skill?.name,
      sees: typeof verdict?.sees === "string" ? verdict.sees : "unknown",
      ...(typeof verdict?.description === "string"
        ? { description: verdict.description }
        : {}),
    };
  } catch {
    return { folder, sees: "unknown" };
  }
}
