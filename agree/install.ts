// Copyright 2026 the skillscope authors. MIT license.
/**
 * Installing a client's pinned npm packages into the cache outside the
 * repository (`$SKILLSCOPE_AGREE_CACHE`, default
 * `~/.cache/skillscope-agree`), one directory per client, reused when the
 * pinned versions are already there. Install scripts do not run, except the
 * postinstall of the packages named in {@linkcode NEEDS_POSTINSTALL}.
 *
 * @module
 */
import { join } from "../src/shared/path.ts";
import type { ClientDriver } from "./types.ts";

/** Packages whose postinstall must run (Claude Code copies its native binary). */
export const NEEDS_POSTINSTALL: ReadonlySet<string> = new Set([
  "@anthropic-ai/claude-code",
]);

/**
 * The cache directory of every client.
 *
 * @returns `$SKILLSCOPE_AGREE_CACHE`, or `~/.cache/skillscope-agree`.
 */
export function cacheRoot(): string {
  const set = Deno.env.get("SKILLSCOPE_AGREE_CACHE");
  if (set !== undefined && set !== "") return set;
  return join(Deno.env.get("HOME") ?? "/root", ".cache/skillscope-agree");
}

/**
 * Splits an npm spec into name and version (`@scope/pkg@1.2.3`).
 *
 * @param spec The spec.
 * @returns The name and the version (`""` when none is given).
 */
export function splitSpec(spec: string): { name: string; version: string } {
  const at = spec.lastIndexOf("@");
  if (at <= 0) return { name: spec, version: "" };
  return { name: spec.slice(0, at), version: spec.slice(at + 1) };
}

async function installedVersion(
  dir: string,
  name: string,
): Promise<string | undefined> {
  try {
    const text = await Deno.readTextFile(
      join(dir, "node_modules", name, "package.json"),
    );
    return (JSON.parse(text) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/**
 * Makes sure a client's pinned packages are installed in its cache directory.
 *
 * @param driver The client's driver.
 * @param root The cache root (default: {@linkcode cacheRoot}).
 * @returns The client's directory.
 * @throws {Error} when npm fails.
 */
export async function ensureInstalled(
  driver: ClientDriver,
  root: string = cacheRoot(),
): Promise<string> {
  const dir = join(root, driver.name);
  const missing: string[] = [];
  for (const spec of driver.packages) {
    const { name, version } = splitSpec(spec);
    const have = await installedVersion(dir, name);
    if (have === undefined || (version !== "" && have !== version)) {
      missing.push(spec);
    }
  }
  if (missing.length === 0) return dir;
  await Deno.mkdir(dir, { recursive: true });
  console.error(`installing ${missing.join(" ")} into ${dir}`);
  await run("npm", [
    "install",
    "--prefix",
    dir,
    "--no-save",
    "--ignore-scripts",
    "--no-audit",
    "--no-fund",
    ...driver.packages,
  ], dir);
  for (const spec of driver.packages) {
    const { name } = splitSpec(spec);
    if (!NEEDS_POSTINSTALL.has(name)) continue;
    const pkgDir = join(dir, "node_modules", name);
    const pkg = JSON.parse(
      await Deno.readTextFile(join(pkgDir, "package.json")),
    ) as { scripts?: { postinstall?: string } };
    const script = pkg.scripts?.postinstall;
    if (script !== undefined) await run("sh", ["-c", script], pkgDir);
  }
  return dir;
}

async function run(cmd: string, args: string[], cwd: string): Promise<void> {
  const result = await new Deno.Command(cmd, {
    args,
    cwd,
    stdin: "null",
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!result.success) {
    throw new Error(`${cmd} ${args.join(" ")} exited ${result.code}`);
  }
}
