// Copyright 2026 the skillscope authors. MIT license.
/**
 * The hosts an index names, checked before anything is fetched from them:
 * an index may send a client only to hosts no nearer than its own (see
 * `HostScope`). Addresses are checked as written when the index is parsed;
 * here the names are resolved and their addresses checked the same way, so
 * a public index cannot name `admin.attacker.example` resolving to
 * `127.0.0.1` or `10.0.0.8`.
 *
 * @module
 */
import {
  type HostScope,
  hostScope,
  mayPointAt,
  nearestScope,
} from "../shared/host_scope.ts";
import { parseIpAddress } from "../shared/ip_address.ts";
import type { Diagnostic } from "../shared/types.ts";
import { WebFetchError } from "./errors.ts";
import type { WebIndex, WebIndexEntry } from "./index_parse.ts";
import { assertPointsAt, displayUrl } from "./url_policy.ts";

/**
 * Resolves a host name to its addresses (IPv4 dotted, IPv6 bare); `[]`
 * when it cannot tell. Given the operation's signal.
 *
 * @example Resolve host names without DNS
 * ```ts
 * import { buildSite, fetchWebIndex, type HostResolver } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const md = new TextEncoder().encode("---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const site = await buildSite([{ name: "hi", description: "Says hi", files: new Map([["SKILL.md", md]]) }]);
 * await using server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
 *   const bytes = site.files.get(new URL(request.url).pathname.slice(1));
 *   return bytes ? new Response(new Uint8Array(bytes)) : new Response(null, { status: 404 });
 * });
 * const url = `http://127.0.0.1:${server.addr.port}/`;
 * const resolveHost: HostResolver = (name) => Promise.resolve(name === "localhost" ? ["127.0.0.1"] : []);
 * const index = await fetchWebIndex(url, { resolveHost });
 * assert.deepEqual(index.entries.map((e) => e.name), ["hi"]);
 * ```
 */
export type HostResolver = (
  hostname: string,
  signal: AbortSignal | undefined,
) => Promise<readonly string[]>;

/** Most other hosts named by one index that are resolved; entries on more are left out. */
export const MAX_RESOLVED_HOSTS = 16;

/**
 * The default {@linkcode HostResolver}: the `A` and `AAAA` records from
 * `Deno.resolveDns`, only when Deno grants network access to every host
 * (Deno checks the grant against the name server, which is not known
 * beforehand, and a request for it would prompt); otherwise `[]`, and the
 * names are not checked. DNS is asked, not the hosts file: what a fetch
 * then connects to is resolved again by the system and may differ (a name
 * that changes its answer between the two is not caught).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveWithDns } from "./entry_hosts.ts";
 *
 * if (Deno.permissions.querySync({ name: "net" }).state !== "granted") {
 *   assert.deepEqual(await resolveWithDns("example.com", undefined), []);
 * }
 * ```
 *
 * @param hostname The name.
 * @param signal Cancels the lookups.
 * @returns Its addresses, or `[]`.
 */
export async function resolveWithDns(
  hostname: string,
  signal: AbortSignal | undefined,
): Promise<readonly string[]> {
  if (Deno.permissions.querySync({ name: "net" }).state !== "granted") {
    return [];
  }
  const options = signal === undefined ? {} : { signal };
  const answers = await Promise.allSettled([
    Deno.resolveDns(hostname, "A", options),
    Deno.resolveDns(hostname, "AAAA", options),
  ]);
  signal?.throwIfAborted();
  return answers.flatMap((a) => a.status === "fulfilled" ? a.value : []);
}

/**
 * Options of {@linkcode checkEntryHosts}.
 */
export interface EntryHostOptions {
  /**
   * What the index's host is taken for, instead of its scope as written:
   * `"public"` holds a local mirror of a public index to the public rules.
   */
  readonly indexScope?: HostScope | undefined;
  /** How names are resolved (default {@linkcode resolveWithDns}). */
  readonly resolveHost?: HostResolver | undefined;
  /** Cancels the lookups (the operation's deadline). */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Leaves out of `index` every entry whose URL leads to a host nearer than
 * the index's own: by the address as written (again, when `indexScope`
 * says the index is farther than its URL shows), and for a name on another
 * host by every address it resolves to (all must be far enough). At most
 * {@linkcode MAX_RESOLVED_HOSTS} names are resolved, at once; entries on
 * more are left out. An index on this machine names anything.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkEntryHosts } from "./entry_hosts.ts";
 * import { parseWebIndex, SCHEMA_V02 } from "./index_parse.ts";
 *
 * const entry = (name: string, url: string) => ({
 *   name, type: "skill-md", description: "D", url, digest: `sha256:${"0".repeat(64)}`,
 * });
 * const index = parseWebIndex(JSON.stringify({ $schema: SCHEMA_V02, skills: [
 *   entry("near", "https://admin.attacker.example/SKILL.md"),
 *   entry("far", "https://cdn.example.com/SKILL.md"),
 * ] }), new URL("https://example.com/.well-known/agent-skills/index.json"));
 * const checked = await checkEntryHosts(index, {
 *   resolveHost: (name) => Promise.resolve(name === "cdn.example.com" ? ["93.184.215.14"] : ["127.0.0.1"]),
 * });
 * assert.deepEqual(checked.entries.map((e) => e.name), ["far"]);
 * assert.match(checked.diagnostics[0]!.message, /resolves to 127\.0\.0\.1/);
 * ```
 *
 * @param index The parsed index.
 * @param options The index's scope, the resolver, the signal.
 * @returns The index without the refused entries, with a diagnostic each.
 */
export async function checkEntryHosts(
  index: WebIndex,
  options: EntryHostOptions = {},
): Promise<WebIndex> {
  const at = new URL(index.url);
  const indexScope = options.indexScope ?? hostScope(at.hostname);
  if (indexScope === "loopback" || indexScope === "local") return index;
  const refusals = new Map<WebIndexEntry, string>();
  const names = new Map<string, WebIndexEntry[]>();
  for (const entry of index.entries) {
    const url = entryUrl(entry);
    // The index's own host is what the index is taken for.
    if (url.hostname === at.hostname) continue;
    try {
      assertPointsAt(url, hostScope(url.hostname), indexScope);
    } catch (error) {
      refusals.set(entry, (error as Error).message);
      continue;
    }
    if (parseIpAddress(url.hostname) !== undefined) continue;
    const list = names.get(url.hostname) ?? [];
    list.push(entry);
    names.set(url.hostname, list);
  }
  const resolve = options.resolveHost ?? resolveWithDns;
  const hosts = [...names.keys()];
  for (const host of hosts.slice(MAX_RESOLVED_HOSTS)) {
    for (const entry of names.get(host)!) {
      refusals.set(
        entry,
        `Refusing "${
          displayUrl(entryUrl(entry))
        }": the index names more than ${MAX_RESOLVED_HOSTS} other hosts`,
      );
    }
  }
  await Promise.all(
    hosts.slice(0, MAX_RESOLVED_HOSTS).map(async (host) => {
      let addresses: readonly string[];
      try {
        addresses = await resolve(host, options.signal);
      } catch (error) {
        options.signal?.throwIfAborted();
        if (error instanceof WebFetchError) throw error;
        return; // not resolved here: the fetch will fail the same way
      }
      const scopes = addresses.map((a) => hostScope(a));
      const nearest = nearestScope(scopes);
      if (mayPointAt(indexScope, nearest)) return;
      const shown = addresses[scopes.indexOf(nearest)];
      for (const entry of names.get(host)!) {
        try {
          assertPointsAt(entryUrl(entry), nearest, indexScope, shown);
        } catch (error) {
          refusals.set(entry, (error as Error).message);
        }
      }
    }),
  );
  if (refusals.size === 0) return index;
  const where = displayUrl(index.url);
  const diagnostics: Diagnostic[] = [...index.diagnostics];
  for (const entry of index.entries) {
    const why = refusals.get(entry);
    if (why === undefined) continue;
    diagnostics.push({
      level: "error",
      code: "web-entry-invalid",
      message:
        `The entry "${entry.name}" of the index "${where}" was left out: ${why}`,
      path: where,
    });
  }
  return {
    ...index,
    entries: index.entries.filter((e) => !refusals.has(e)),
    diagnostics,
  };
}

function entryUrl(entry: WebIndexEntry): URL {
  return new URL(entry.version === "0.2" ? entry.url : entry.base);
}
