// Copyright 2026 the skillscope authors. MIT license.
/**
 * `mcpSource()`: skills read from an MCP server through the standard skills
 * extension, listed at discovery, fetched file by file when read, and
 * verified against the server's manifest.
 *
 * @module
 */
import {
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import {
  type Skill as SkillEntry,
  SkillsClient,
  SkillVerificationError,
} from "@modelcontextprotocol/client/ext/skills";
import { isServableAssetPath } from "../serve/read_skill.ts";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { PermissionDeniedError, SkillAccessError } from "../shared/errors.ts";
import { checkFields } from "../parse/fields.ts";
import { splitFrontmatter } from "../parse/frontmatter.ts";
import {
  attachRemoteContent,
  type RemoteContent,
  type RemoteListing,
  type RemoteSource,
} from "../discover/remote_source.ts";
import { buildSkill } from "../discover/build_skill.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import { VERSION } from "../shared/version.ts";
import { LineTransport } from "./stdio.ts";
import { parseSkillUri, skillFileUri } from "./uri.ts";

/** An MCP server reached over Streamable HTTP. */
export interface McpHttpTarget {
  /** The endpoint, e.g. `http://127.0.0.1:8808/mcp`. */
  readonly url: string | URL;
  /** Extra request headers (e.g. `Authorization`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** An MCP server started as a process and spoken to on its stdin/stdout. */
export interface McpStdioTarget {
  /** The program. */
  readonly command: string;
  /** Its arguments. */
  readonly args?: readonly string[];
  /** Its environment (default: inherited). */
  readonly env?: Readonly<Record<string, string>>;
  /** Its working directory. */
  readonly cwd?: string;
}

/** Options of {@linkcode mcpSource}. */
export interface McpSourceOptions {
  /** Scope label of the skills (default `"mcp"`). */
  readonly scope?: string;
  /** Longest wait for one request (ms, default 30 000). */
  readonly timeoutMs?: number;
}

/** A {@linkcode RemoteSource} backed by an MCP server; close it when done. */
export interface McpSource extends RemoteSource {
  /** Ends the connection (and the server process, for stdio). */
  close(): Promise<void>;
  /** Same as {@linkcode McpSource.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
}

interface Connection {
  readonly client: Client;
  readonly skills: SkillsClient;
  readonly stop: () => Promise<void>;
}

/**
 * A skill source that reads the skills an MCP server offers through the
 * `io.modelcontextprotocol/skills` extension. Discovery lists them
 * (`skills/list`, metadata only); a file is fetched only when it is read,
 * and its size and SHA-256 digest are checked against the server's
 * manifest, and `SKILL.md`'s frontmatter against the listing. A mismatch is
 * a `remote-verification-failed` error and the skill's content is not
 * served from then on. Each skill's `source.key` names the server and the
 * skill URI, so a server's skills never pass for local ones.
 *
 * Permissions: `--allow-net=HOST` for an HTTP server, `--allow-run=COMMAND`
 * for a stdio server; only when the source is used.
 *
 * @example Usage
 * ```ts ignore
 * import { SkillSet } from "@skillscope/skills";
 * import { mcpSource } from "@skillscope/skills/mcp";
 *
 * await using remote = mcpSource({ url: "http://127.0.0.1:8808/mcp" });
 * const set = await SkillSet.open({ sources: [remote] });
 * console.log(set.catalog());
 * ```
 *
 * @param target An HTTP URL or a command to run.
 * @param options Scope label, request timeout.
 * @returns The source.
 */
export function mcpSource(
  target: McpHttpTarget | McpStdioTarget,
  options: McpSourceOptions = {},
): McpSource {
  const key = "url" in target
    ? `mcp+${redact(new URL(target.url))}`
    : `mcp+stdio:${[target.command, ...(target.args ?? [])].join(" ")}`;
  const timeout = options.timeoutMs ?? 30_000;
  const scope = options.scope ?? "mcp";
  let connection: Promise<Connection> | undefined;

  const connect = (): Promise<Connection> => {
    connection ??= open(target, timeout).catch((error) => {
      connection = undefined;
      throw error;
    });
    return connection;
  };

  const close = async (): Promise<void> => {
    const current = connection;
    connection = undefined;
    if (current === undefined) return;
    const open = await current.catch(() => undefined);
    await open?.stop();
  };

  return {
    kind: "remote",
    key,
    async list(): Promise<RemoteListing> {
      const { skills: client } = await connect();
      const diagnostics: Diagnostic[] = [];
      if (!client.supported) {
        diagnostics.push({
          level: "warning",
          code: "remote-no-skills",
          message:
            `${key} does not offer the io.modelcontextprotocol/skills extension`,
          path: key,
        });
        return { skills: [], diagnostics };
      }
      const listing = await client.list({}, { timeout });
      for (const invalid of listing.invalid) {
        diagnostics.push({
          level: "error",
          code: "remote-entry-invalid",
          message: `${key} listed an invalid skill entry${
            invalid.uri === undefined ? "" : ` ${invalid.uri}`
          }: ${invalid.reason}`,
          path: key,
        });
      }
      const skills: Skill[] = [];
      for (const entry of listing.skills) {
        const skill = toSkill(entry, key, scope, diagnostics);
        if (skill === undefined) continue;
        attachRemoteContent(
          skill,
          remoteContent(skill, entry, key, connect, timeout),
        );
        skills.push(skill);
      }
      return { skills, diagnostics };
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** The URL without credentials, query or fragment. */
function redact(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

async function open(
  target: McpHttpTarget | McpStdioTarget,
  timeout: number,
): Promise<Connection> {
  const client = new Client({ name: "skillscope", version: VERSION });
  if ("url" in target) {
    const url = new URL(target.url);
    const status = await Deno.permissions.query({
      name: "net",
      host: url.host,
    });
    if (status.state !== "granted") {
      throw new PermissionDeniedError(
        "net",
        url.host,
        `--allow-net=${url.host}`,
      );
    }
    await client.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { ...target.headers } },
      }),
      { timeout },
    );
    return {
      client,
      skills: new SkillsClient(client, { skipInvalid: true }),
      stop: () => client.close(),
    };
  }
  const status = await Deno.permissions.query({
    name: "run",
    command: target.command,
  });
  if (status.state !== "granted") {
    throw new PermissionDeniedError(
      "run",
      target.command,
      `--allow-run=${target.command}`,
    );
  }
  const child = new Deno.Command(target.command, {
    args: [...(target.args ?? [])],
    ...(target.env === undefined ? {} : { env: { ...target.env } }),
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // Keep the end of what the server says on stderr, for error messages.
  let stderr = "";
  const drained = child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
    new WritableStream({
      write(chunk): void {
        stderr = (stderr + chunk).slice(-4096);
      },
    }),
  ).catch(() => {});
  const stop = async (): Promise<void> => {
    await client.close().catch(() => {});
    const timer = setTimeout(() => {
      try {
        child.kill("SIGTERM");
      } catch {
        // Already gone.
      }
    }, 2_000);
    await child.status;
    clearTimeout(timer);
    await drained;
  };
  try {
    await client.connect(new LineTransport(child.stdout, child.stdin), {
      timeout,
    });
  } catch (error) {
    try {
      child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
    await child.status;
    await drained;
    const said = stderr.trim();
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}${
        said === "" ? "" : `; the server said: ${said.split("\n").at(-1)}`
      }`,
    );
  }
  return {
    client,
    skills: new SkillsClient(client, { skipInvalid: true }),
    stop,
  };
}

/** A listing entry as a skill: fields checked as for a local SKILL.md. */
function toSkill(
  entry: SkillEntry,
  key: string,
  scope: string,
  diagnostics: Diagnostic[],
): Skill | undefined {
  const parts = parseSkillUri(entry.uri);
  const path = `${key}#${entry.uri}`;
  const checked = checkFields(entry.frontmatter, {
    path,
    dirName: parts?.name,
    strict: false,
    lineOf: () => undefined,
  });
  diagnostics.push(...checked.diagnostics);
  if (checked.diagnostics.some((d) => d.level === "error")) return undefined;
  if (checked.fields.description === undefined) return undefined;
  return buildSkill(checked.fields, Object.freeze({ ...entry.frontmatter }), {
    fallbackName: entry.frontmatter.name,
    source: Object.freeze({ kind: "remote", key: path }),
    scope,
  });
}

function remoteContent(
  skill: Skill,
  entry: SkillEntry,
  key: string,
  connect: () => Promise<Connection>,
  timeout: number,
): RemoteContent {
  const base = entry.uri.slice(0, -"SKILL.md".length);
  const manifest = entry.resources === "dynamic"
    ? undefined
    : new Map(entry.resources.map((r) => [r.uri, r.size]));
  let failure: SkillAccessError | undefined;

  const read = async (
    rel: string,
    maxBytes: number,
    tooLarge: string,
  ): Promise<{ bytes: Uint8Array; body?: string | undefined }> => {
    if (failure !== undefined) throw failure;
    const uri = rel === "SKILL.md" ? entry.uri : skillFileUri(skill.name, rel);
    if (manifest !== undefined) {
      const size = manifest.get(uri);
      if (size === undefined) {
        throw new SkillAccessError(
          "asset-not-found",
          skill.name,
          `"${skill.name}" has no file "${rel}" on ${key}`,
          rel,
        );
      }
      if (size > maxBytes) {
        throw new SkillAccessError(
          tooLarge,
          skill.name,
          `"${rel}" of "${skill.name}" is ${size} bytes; the limit is ${maxBytes}`,
          rel,
        );
      }
    }
    const { skills } = await connect();
    try {
      const file = await skills.read(
        entry,
        rel === "SKILL.md" ? undefined : uri,
        { timeout },
      );
      if (file.bytes.length > maxBytes) {
        throw new SkillAccessError(
          tooLarge,
          skill.name,
          `"${rel}" of "${skill.name}" is ${file.bytes.length} bytes; the limit is ${maxBytes}`,
          rel,
        );
      }
      return { bytes: file.bytes, body: file.body };
    } catch (error) {
      if (error instanceof SkillVerificationError) {
        failure = new SkillAccessError(
          "remote-verification-failed",
          skill.name,
          `${key} served "${rel}" of "${skill.name}" with the wrong ${
            error.reason === "unlisted" ? "listing" : error.reason
          } (${error.message}); the skill's content is not served`,
          rel,
        );
        throw failure;
      }
      if (error instanceof SkillAccessError) throw error;
      throw new SkillAccessError(
        "read-failed",
        skill.name,
        `Cannot read "${rel}" of "${skill.name}" from ${key}: ${
          error instanceof Error ? error.message : String(error)
        }`,
        rel,
      );
    }
  };

  return {
    async readBody(maxBytes: number): Promise<string> {
      const { bytes, body } = await read(
        "SKILL.md",
        maxBytes,
        "body-too-large",
      );
      if (body !== undefined) return body;
      const text = new TextDecoder().decode(bytes);
      const split = splitFrontmatter(text, entry.uri);
      return split.text.slice(split.bodyStart);
    },
    async readFile(path: string, maxBytes: number): Promise<Uint8Array> {
      return (await read(path, maxBytes, "asset-too-large")).bytes;
    },
    async listFiles(
      max: number,
    ): Promise<{ files: string[]; truncated: boolean }> {
      if (failure !== undefined) throw failure;
      let uris: string[];
      if (manifest !== undefined) {
        uris = [...manifest.keys()];
      } else {
        const { skills } = await connect();
        uris = skills.directoryRead
          ? await walk(skills, base.replace(/\/$/, ""), max, timeout)
          : [];
      }
      const files = uris.flatMap((uri) => {
        const parts = parseSkillUri(uri);
        if (parts === undefined || parts.name !== skill.name) return [];
        const rel = normalizeAssetPath(parts.path);
        return rel === undefined || rel === "SKILL.md" ||
            !isServableAssetPath(rel)
          ? []
          : [rel];
      }).sort();
      return { files: files.slice(0, max), truncated: files.length > max };
    },
  };
}

/** File URIs below a directory resource, breadth first, at most `max`. */
async function walk(
  skills: SkillsClient,
  root: string,
  max: number,
  timeout: number,
): Promise<string[]> {
  const files: string[] = [];
  const queue = [root];
  while (queue.length > 0 && files.length <= max) {
    const dir = queue.shift()!;
    const { resources } = await skills.readDirectory(dir, { timeout });
    for (const resource of resources) {
      if (resource.mimeType === "inode/directory") queue.push(resource.uri);
      else files.push(resource.uri);
    }
  }
  return files;
}
