// Copyright 2026 the skillscope authors. MIT license.
/**
 * What `--client` and `--no-project` select: the agent a `--client` names,
 * and the default roots, used when no root is named. Loaded only then (and
 * by the commands about agents): a listing of named roots never reads the
 * client table.
 *
 * @module
 */
import { type DefaultRoots, defaultRoots } from "../clients/default_roots.ts";
import {
  type ClientName,
  clientName,
  clientProfile,
  CLIENTS,
  isSharedRoot,
} from "../clients/client_profile.ts";
import { guessOf } from "./parse_args.ts";
import { UsageError } from "./errors.ts";
import type { RootValues } from "./root_option_defs.ts";

/**
 * The default roots the options ask for: each `--client`'s, or without one
 * those of every agent detected on this machine; `--no-project` leaves out
 * the project roots.
 *
 * @param values Parsed option values.
 * @returns The roots, their diagnostics and the agents detected.
 * @throws {UsageError} for an unknown client.
 */
export function defaultRootsFrom(
  values: Pick<RootValues, "client" | "no-project">,
): DefaultRoots {
  const clients = [...values.client ?? []];
  for (const client of clients) agentNamed(client);
  try {
    return defaultRoots({
      clients,
      trustProject: values["no-project"] !== true,
      detect: clients.length === 0,
      // X's roots only: the shared .agents/skills where X reads them (its
      // own roots list them), or where whether it does is not known.
      onlyClients: clients.length > 0 && clients.every(ownRootsOnly),
    });
  } catch (error) {
    if (error instanceof TypeError) throw new UsageError(error.message);
    throw error;
  }
}

/** Whether an agent's own roots are all it reads: it lists the shared ones it reads, or is known not to read them. */
function ownRootsOnly(client: string): boolean {
  const profile = clientProfile(client);
  return profile.name !== "agents" && profile.readsAgentsDir !== "unknown" &&
    (profile.readsAgentsDir === false || profile.roots.some(isSharedRoot) ||
      profile.roots.some((r) =>
        typeof r.path !== "string" &&
        r.path.some((p) => p.endsWith("/.agents/skills"))
      ));
}

/**
 * The agent `--client` names (a name or an alias), or a usage error that
 * suggests the closest name and where the list is.
 *
 * @example Usage
 * ```ts
 * import { agentNamed } from "./client_options.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(agentNamed("claude-code"), "claude");
 * assert.throws(() => agentNamed("claud"), /did you mean "claude"\?/);
 * ```
 *
 * @param name What `--client` was given.
 * @returns The client table's name.
 * @throws {UsageError} for a name the table does not know.
 */
export function agentNamed(name: string): "agents" | ClientName {
  try {
    return clientName(name);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new UsageError(
      `Unknown client "${name}"${
        guessOf(name, ["agents", ...CLIENTS])
      }\nRun "skillscope help roots" for the agents --client takes`,
    );
  }
}
