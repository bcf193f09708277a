// Copyright 2026 the skillscope authors. MIT license.
// Shared pieces of the agree harness's tests: the context of a run and the
// requests recorded from the real agents (agree/fixtures/).
import type { RecordedRequest, RunContext } from "../agree/types.ts";

/** The stand-in's port in every test's context. */
export const PORT = 4321;

/**
 * A run of the scenario `x/roots/case` under `root`: the cache at
 * `/cache/x`, the stand-in on {@linkcode PORT}, run in the project (a git
 * repository unless `git` is false), with the scenario's `env`.
 */
export function runContext(
  root: string,
  options: { env?: Record<string, string>; cwd?: string; git?: boolean } = {},
): RunContext {
  const { env, cwd = `${root}/project`, git = true } = options;
  return {
    cacheDir: "/cache/x",
    root,
    home: `${root}/home`,
    project: `${root}/project`,
    cwd,
    port: PORT,
    scenario: {
      id: "x/roots/case",
      client: "x",
      title: "t",
      dimension: "roots",
      files: {},
      git,
      cwd: "project",
      ...(env === undefined ? {} : { env }),
    },
  };
}

/** The requests recorded in `agree/fixtures/NAME.json`, by case. */
export async function agreeFixture<K extends string = string>(
  name: string,
): Promise<Record<K, RecordedRequest[]>> {
  const url = new URL(`../agree/fixtures/${name}.json`, import.meta.url);
  return JSON.parse(await Deno.readTextFile(url)) as Record<
    K,
    RecordedRequest[]
  >;
}
