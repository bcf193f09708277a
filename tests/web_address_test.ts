// Copyright 2026 the skillscope authors. MIT license.
// Which hosts an index may send a client to: classified by address, in
// every spelling the URL parser accepts, and for names by what they
// resolve to. A site on 127.0.0.1 is held to the rules of a public one
// (`indexScope: "public"`) to run the attack of a public index for real.
import assert from "node:assert/strict";
import { join } from "node:path";
import { install, type InstallOptions } from "../src/install/mod.ts";
import type { WebInstallOptions } from "../src/install/web_source.ts";
import { hostScope, isLoopbackHost } from "../src/shared/host_scope.ts";
import { resolveWithDns } from "../src/web/entry_hosts.ts";
import { fetchWebIndex } from "../src/web/index_client.ts";
import { parseWebIndex, SCHEMA_V02 } from "../src/web/index_parse.ts";
import { AGENT_SKILLS_INDEX as INDEX } from "../src/web/index_client.ts";
import { rejectsCode } from "./_git.ts";
import { tempDir } from "./_helpers.ts";
import { indexText, serveSite, type Site } from "./web_site.ts";

const ZERO = `sha256:${"0".repeat(64)}`;

/** Hosts on this machine, each spelled as an attacker would. */
const THIS_MACHINE = [
  "localhost.",
  "LOCALHOST",
  "127.0.0.1.",
  "127.1",
  "2130706433",
  "0x7f.1",
  "0x7f000001",
  "017700000001",
  "0.0.0.0",
  "0",
  "[::]",
  "[::1]",
  "[::ffff:127.0.0.1]",
  "[0:0:0:0:0:ffff:7f00:1]",
  "[::ffff:0.0.0.0]",
  "tenant.localhost",
];

/** Hosts on a private network. */
const PRIVATE = [
  "10.0.0.8",
  "172.16.5.4",
  "192.168.1.1",
  "169.254.169.254",
  "100.64.0.1",
  "[fd00::1]",
  "[fe80::1]",
  "[::ffff:10.0.0.8]",
  "[::ffff:a9fe:a9fe]",
  "[64:ff9b::127.0.0.1]",
  // Local-use NAT64 in the RFC 6052 /48 layout, and Teredo.
  "[64:ff9b:1:7f00:0:100::]",
  "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
  "printer.local",
  "intranet",
  "metadata.google.internal",
];

Deno.test("hostScope() classifies every spelling of this machine and of private networks by address", () => {
  for (const host of THIS_MACHINE) {
    assert.ok(
      ["loopback", "local"].includes(
        hostScope(new URL(`https://${host}/`).hostname),
      ),
      host,
    );
  }
  for (const host of PRIVATE) {
    assert.equal(
      hostScope(new URL(`https://${host}/`).hostname),
      "private",
      host,
    );
  }
  for (
    const host of [
      "example.com",
      "8.8.8.8",
      "172.32.0.1",
      "[2606:4700::1111]",
      "100.128.0.1",
    ]
  ) {
    assert.equal(
      hostScope(new URL(`https://${host}/`).hostname),
      "public",
      host,
    );
  }
  // Binding 0.0.0.0 or :: listens on every interface: never "loopback".
  for (const host of ["0.0.0.0", "::", "[::]", "0"]) {
    assert.equal(isLoopbackHost(host), false, host);
  }
  for (const host of ["127.1", "::ffff:127.0.0.1", "localhost.", "[::1]"]) {
    assert.equal(isLoopbackHost(host), true, host);
  }
});

Deno.test("hostScope() stays linear on hostile host strings", () => {
  for (
    const host of [
      "1".repeat(1_000_000) + "x",
      "1.".repeat(500_000) + "x",
      "1:".repeat(500_000) + "1",
      "[" + "0:".repeat(300_000) + "]",
      "0x" + "0".repeat(1_000_000) + "7f000001",
    ]
  ) {
    const start = performance.now();
    hostScope(host);
    const ms = performance.now() - start;
    assert.ok(ms < 500, `${host.slice(0, 12)}…: ${ms} ms`);
  }
});

/** A v0.2 entry `name` whose artifact is at `url`. */
function entry(name: string, url: string): Record<string, string> {
  return { name, type: "skill-md", description: "Demo", url, digest: ZERO };
}

/** Entry names that are valid skill names, one per host. */
function named(hosts: readonly string[]): [string, string][] {
  return hosts.map((host, i) => [`h${i}`, host]);
}

Deno.test("an index on a public host leaves out entries at every spelling of this machine and of a private network", () => {
  const hosts = named([...THIS_MACHINE, ...PRIVATE]);
  const index = parseWebIndex(
    JSON.stringify({
      $schema: SCHEMA_V02,
      skills: [
        ...hosts.map(([name, host]) =>
          entry(name, `https://${host}/x/SKILL.md`)
        ),
        entry("kept", "https://cdn.example.net/x/SKILL.md"),
      ],
    }),
    new URL("https://skills.example.com/.well-known/agent-skills/index.json"),
  );
  assert.deepEqual(index.entries.map((e) => e.name), ["kept"]);
  assert.equal(index.diagnostics.length, hosts.length);
  for (const d of index.diagnostics) {
    assert.match(d.message, /an index on a public host may not point at/);
  }
});

/** A site on 127.0.0.1 whose index lists "demo" at `url`, with the entries `others`. */
function siteListing(
  url: string,
  others: Record<string, string>[] = [],
): Site {
  return serveSite({
    [INDEX]: indexText([entry("demo", url), ...others]),
  });
}

Deno.test("an index taken for public leaves out names resolving to this machine or a private network, and keeps public ones", async () => {
  const resolved: string[] = [];
  const resolveHost = (name: string): Promise<string[]> => {
    resolved.push(name);
    return Promise.resolve(
      ({
        "loop.attacker.example": ["93.184.215.14", "127.0.0.1"],
        "meta.attacker.example": ["169.254.169.254"],
        "v6.attacker.example": ["::ffff:7f00:1"],
        "cdn.example.net": ["93.184.215.14", "2606:4700::1111"],
      } as Record<string, string[]>)[name] ?? [],
    );
  };
  await using site = siteListing("https://loop.attacker.example/SKILL.md", [
    entry("meta", "https://meta.attacker.example/SKILL.md"),
    entry("six", "https://v6.attacker.example/SKILL.md"),
    entry("cdn", "https://cdn.example.net/SKILL.md"),
    entry("self", "/self/SKILL.md"),
    entry("zero", "https://0.0.0.0/SKILL.md"),
  ]);
  const index = await fetchWebIndex(site.origin, {
    indexScope: "public",
    resolveHost,
  });
  assert.deepEqual(index.entries.map((e) => e.name), ["cdn", "self"]);
  const messages = index.diagnostics.map((d) => d.message).join("\n");
  assert.match(messages, /"demo".*resolves to 127\.0\.0\.1/);
  assert.match(
    messages,
    /"meta".*private-network host \(it resolves to 169\.254\.169\.254\)/,
  );
  assert.match(messages, /"six".*resolves to ::ffff:7f00:1/);
  assert.match(messages, /"zero".*this machine/);
  assert.deepEqual(resolved.sort(), [
    "cdn.example.net",
    "loop.attacker.example",
    "meta.attacker.example",
    "v6.attacker.example",
  ]);
  // The same site taken as what it is (loopback) may name anything.
  const local = await fetchWebIndex(site.origin, { resolveHost });
  assert.equal(local.entries.length, 6);
});

Deno.test("install from an index taken for public refuses a skill at each spelling of this machine before any request to it", async () => {
  // Spellings of the site's own address (127.1, 0x7f.1 …) are its own host
  // here, where it is a stand-in; the index parse refuses them above.
  const spellings = [
    ...THIS_MACHINE,
    "10.0.0.8",
    "[fd00::1]",
    "rebind.attacker.example",
  ].filter((host) => new URL(`https://${host}/`).hostname !== "127.0.0.1");
  assert.ok(spellings.includes("[::ffff:127.0.0.1]"));
  for (const host of spellings) {
    await using site = siteListing(`https://${host}/demo/SKILL.md`);
    await using tmp = await tempDir();
    const options: InstallOptions & WebInstallOptions = {
      source: site.origin,
      dir: join(tmp.path, "skills"),
      skill: "demo",
      signal: AbortSignal.timeout(10_000),
      web: {
        indexScope: "public",
        resolveHost: () => Promise.resolve(["127.0.0.1"]),
      },
    };
    const error = await rejectsCode(install(options), "no-skill");
    assert.match(error.message, /may not point at/, host);
  }
});

Deno.test("names are resolved only when every host is granted: no lookup, no prompt otherwise", async () => {
  assert.notEqual(
    Deno.permissions.querySync({ name: "net" }).state,
    "granted",
    "run with --allow-net=127.0.0.1",
  );
  assert.deepEqual(await resolveWithDns("example.com", undefined), []);
});
