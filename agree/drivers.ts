// Copyright 2026 the skillscope authors. MIT license.
/**
 * The registry of client drivers: each client's module
 * `agree/clients/<file>.ts` exports `driver`. A module that is missing or
 * fails to load is reported and left out; the others still run.
 *
 * @module
 */
import type { ClientDriver } from "./types.ts";

/** The driver modules, by file name, in the order clients run. */
export const DRIVER_FILES: readonly string[] = [
  "claude",
  "codex",
  "opencode",
  "gemini",
  "pi",
  "qwen",
  "copilot",
  "kilo",
];

/** The drivers that loaded, and why the others did not. */
export interface Registry {
  readonly drivers: readonly ClientDriver[];
  readonly failures: readonly {
    readonly file: string;
    readonly error: string;
  }[];
}

/**
 * Loads every driver module.
 *
 * @returns The registry.
 */
export async function loadDrivers(): Promise<Registry> {
  const drivers: ClientDriver[] = [];
  const failures: { file: string; error: string }[] = [];
  for (const file of DRIVER_FILES) {
    const url = new URL(`./clients/${file}.ts`, import.meta.url).href;
    try {
      const module = await import(url) as { driver?: ClientDriver };
      if (module.driver === undefined) throw new Error("no `driver` export");
      drivers.push(module.driver);
    } catch (error) {
      failures.push({
        file,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { drivers, failures };
}

/**
 * The driver of a client, by skillscope's name, an alias or its file name.
 *
 * @param registry The registry.
 * @param name The name asked for.
 * @returns The driver, or undefined.
 */
export function findDriver(
  registry: Registry,
  name: string,
): ClientDriver | undefined {
  const index = DRIVER_FILES.indexOf(name);
  return registry.drivers.find((d) =>
    d.name === name ||
    (index !== -1 && d.name.startsWith(DRIVER_FILES[index]!))
  );
}
