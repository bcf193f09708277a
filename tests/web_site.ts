// Copyright 2026 the skillscope authors. MIT license.
// Test helpers for the well-known tests: a site served on 127.0.0.1 from
// routes built in the test, with a log of what was requested, and builders
// for honest and hostile archives and indexes.
import { join, relative } from "node:path";
import { createTarPacker, packTar, type TarHeader } from "modern-tar";
import {
  Uint8ArrayReader,
  Uint8ArrayWriter,
  ZipWriter,
  type ZipWriterAddDataOptions,
} from "@zip.js/zip.js";
import { loadYamlParser, parseSkillMd } from "../mod.ts";
import { serveLoopback } from "./_mcp.ts";
import type { PublishedEntry } from "../src/web/mod.ts";
import { buildArtifact } from "../src/web/pack.ts";
import { renderWebIndex } from "../src/web/index_writer.ts";
import { SCHEMA_V02 } from "../src/web/index_parse.ts";
import { sha256Digest } from "../src/web/digest.ts";
import { AGENT_SKILLS_INDEX } from "../src/web/index_client.ts";

/** What a route answers: a response, or bytes / text served as 200. */
export type Route =
  | string
  | Uint8Array
  | ((request: Request) => Response | Promise<Response>);

/** A site on 127.0.0.1; `requests` lists the paths asked for, in order. */
export interface Site extends AsyncDisposable {
  readonly origin: string;
  readonly port: number;
  readonly requests: string[];
  /** Replaces or adds routes while the site runs. */
  readonly routes: Map<string, Route>;
  close(): Promise<void>;
}

/** Serves `routes` (path → route); anything else is 404. */
export function serveSite(routes: Record<string, Route>): Site {
  const table = new Map(Object.entries(routes));
  const requests: string[] = [];
  const server = serveLoopback(async (request) => {
    const url = new URL(request.url);
    requests.push(url.pathname);
    const route = table.get(url.pathname);
    if (route === undefined) return new Response("not found", { status: 404 });
    if (typeof route === "function") return await route(request);
    return new Response(route as BodyInit);
  });
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => (closed ??= server.close());
  const origin = new URL(server.url).origin;
  return {
    origin,
    port: Number(new URL(origin).port),
    requests,
    routes: table,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** A response that streams zeros until the client stops reading; `sent` counts them. */
export function endless(): { route: Route; sent: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(64 * 1024);
  return {
    route: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller): void {
            sent += chunk.length;
            controller.enqueue(chunk);
          },
        }),
      ),
    sent: () => sent,
  };
}

/** A SKILL.md text. */
export function skillText(name: string, body = `# ${name}\n`): string {
  return `---\nname: ${name}\ndescription: The ${name} skill\n---\n${body}`;
}

/** gzip of `bytes` with the built-in CompressionStream. */
export async function gzip(
  bytes: Uint8Array | ReadableStream<Uint8Array<ArrayBuffer>>,
): Promise<Uint8Array> {
  const stream = bytes instanceof Uint8Array
    ? new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    : bytes;
  return new Uint8Array(
    await new Response(stream.pipeThrough(new CompressionStream("gzip")))
      .arrayBuffer(),
  );
}

/** A tar entry for {@linkcode tarGz}: any header, hostile ones included. */
export interface RawTarEntry {
  header: TarHeader;
  body?: string | Uint8Array;
}

/** A `.tar.gz` of exactly these entries (no checks: for hostile archives). */
export async function tarGz(entries: RawTarEntry[]): Promise<Uint8Array> {
  return gzip(await packTar(entries));
}

/** A gzip of a tar holding SKILL.md and a `size`-byte file of zeros, built streaming. */
export async function tarBomb(size: number): Promise<Uint8Array> {
  const { readable, controller } = createTarPacker();
  const compressed = gzip(readable as ReadableStream<Uint8Array<ArrayBuffer>>);
  const text = new TextEncoder().encode(skillText("demo"));
  const skill = controller.add({ name: "SKILL.md", size: text.length })
    .getWriter();
  await skill.write(text);
  await skill.close();
  const body = controller.add({ name: "big.bin", size }).getWriter();
  const zeros = new Uint8Array(1024 * 1024);
  for (let written = 0; written < size; written += zeros.length) {
    await body.write(zeros);
  }
  await body.close();
  controller.finalize();
  return await compressed;
}

/** A tar entry for a regular file. */
export function tarFile(name: string, body: string | Uint8Array): RawTarEntry {
  const size = typeof body === "string"
    ? new TextEncoder().encode(body).length
    : body.length;
  return { header: { name, size, mode: 0o644 }, body };
}

/** A `.zip` of exactly these entries (no checks: for hostile archives). */
export async function zipOf(
  entries: { name: string; body?: string; options?: ZipWriterAddDataOptions }[],
): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), {
    useWebWorkers: false,
  });
  for (const entry of entries) {
    await writer.add(
      entry.name,
      entry.body === undefined
        ? undefined
        : new Uint8ArrayReader(new TextEncoder().encode(entry.body)),
      entry.options,
    );
  }
  return await writer.close();
}

/** Unix mode bits for a zip entry made on Unix. */
export function zipMode(mode: number): ZipWriterAddDataOptions {
  return { externalFileAttributes: (mode << 16) >>> 0, versionMadeBy: 0x031e };
}

/** A v0.2 index text with these entries as given (no checks). */
export function indexText(skills: unknown[]): string {
  return JSON.stringify({ $schema: SCHEMA_V02, skills });
}

/** The routes of a v0.2 site serving one artifact per skill, with an honest digest. */
export function artifactSite(
  artifacts: {
    name: string;
    bytes: Uint8Array;
    path: string;
    type?: "skill-md" | "archive";
    contentType?: string;
    digest?: string;
  }[],
): Record<string, Route> {
  const routes: Record<string, Route> = {};
  routes[AGENT_SKILLS_INDEX] = indexText(
    artifacts.map((a) => ({
      name: a.name,
      type: a.type ?? "archive",
      description: `The ${a.name} skill`,
      url: a.path,
      digest: a.digest ?? sha256Digest(a.bytes),
    })),
  );
  for (const a of artifacts) {
    routes[a.path] = () =>
      new Response(a.bytes as Uint8Array<ArrayBuffer>, {
        headers: a.contentType === undefined
          ? {}
          : { "content-type": a.contentType },
      });
  }
  return routes;
}

/** Every file below `dir`, by relative path. */
export async function readTree(dir: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const walk = async (abs: string): Promise<void> => {
    for await (const entry of Deno.readDir(abs)) {
      const path = join(abs, entry.name);
      if (entry.isDirectory) await walk(path);
      else files.set(relative(dir, path), await Deno.readFile(path));
    }
  };
  await walk(dir);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The routes of a v0.2 site publishing every skill directory below `root`. */
export async function publishedSite(
  root: string,
): Promise<Record<string, Route>> {
  const routes: Record<string, Route> = {};
  const entries: PublishedEntry[] = [];
  await loadYamlParser();
  for await (const dir of Deno.readDir(root)) {
    if (!dir.isDirectory) continue;
    const files = await readTree(join(root, dir.name));
    const artifact = await buildArtifact(dir.name, files);
    const path = `/.well-known/agent-skills/${dir.name}/${artifact.fileName}`;
    routes[path] = artifact.bytes;
    entries.push({
      name: dir.name,
      type: artifact.type,
      description: parseSkillMd(
        new TextDecoder().decode(files.get("SKILL.md")),
      ).fields.description ?? "",
      url: path,
      digest: artifact.digest,
    });
  }
  routes[AGENT_SKILLS_INDEX] = renderWebIndex(entries);
  return routes;
}
