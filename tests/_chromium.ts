// Copyright 2026 the skillscope authors. MIT license.
// A headless Chromium driven over the DevTools protocol (CDP) from Deno: one
// browser per test, a page whose console errors, exceptions and log errors
// (CSP violations among them) are collected, evaluation, typing, and PNG
// screenshots decoded to pixels.

/** Debian's chromium. */
export const CHROMIUM = "/usr/bin/chromium";

/** Whether the browser is installed. */
export function hasChromium(): boolean {
  try {
    return Deno.statSync(CHROMIUM).isFile;
  } catch {
    return false;
  }
}

/** Why the browser tests are ignored, for the test output. */
export const NO_CHROMIUM_REASON =
  `${CHROMIUM} is absent (apt-get install -y chromium): the browser tests are ignored`;

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--hide-scrollbars",
  "--remote-debugging-port=0",
];

/** Longest wait for the browser to start or answer. */
const WAIT_MS = 60_000;

type Listener = (params: Record<string, unknown>, sessionId?: string) => void;

/** A page in the browser. */
export interface Page {
  /** Console errors, uncaught exceptions and error log entries, as text. */
  readonly errors: string[];
  /** Loads `url` and waits for its `load` event. */
  goto(url: string): Promise<void>;
  /** Evaluates an expression in the page and returns its value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Types text into the focused element, as a user does. */
  type(text: string): Promise<void>;
  /** A PNG of the given area of the page. */
  screenshot(clip: Rect): Promise<Uint8Array>;
}

/** An area of the page, in CSS pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A running browser; closing it ends the process and removes its profile. */
export interface Browser extends AsyncDisposable {
  /** A new page of `width` × `height`. */
  newPage(width?: number, height?: number): Promise<Page>;
  close(): Promise<void>;
}

/** Starts Chromium with a new profile and connects to it. */
export async function launchChromium(): Promise<Browser> {
  const profile = await Deno.makeTempDir({ prefix: "skillscope_chromium_" });
  const child = new Deno.Command(CHROMIUM, {
    args: [...FLAGS, `--user-data-dir=${profile}`, "about:blank"],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const wsUrl = await devToolsUrl(child);
  const socket = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new Error(`Cannot connect to ${wsUrl}`));
  });
  let nextId = 1;
  const pending = new Map<
    number,
    {
      resolve: (v: Record<string, unknown>) => void;
      reject: (e: Error) => void;
    }
  >();
  const listeners = new Map<string, Listener[]>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    if (typeof message.id === "number") {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) {
        waiter?.reject(new Error(`${message.error.message} (CDP)`));
      } else waiter?.resolve(message.result ?? {});
      return;
    }
    for (const listener of listeners.get(message.method) ?? []) {
      listener(message.params ?? {}, message.sessionId);
    }
  };
  const send = (
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<Record<string, unknown>> => {
    const id = nextId++;
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`No answer to ${method} within ${WAIT_MS} ms`));
      }, WAIT_MS);
      pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
    socket.send(JSON.stringify({ id, method, params, sessionId }));
    return answer;
  };
  const on = (method: string, listener: Listener): void => {
    listeners.set(method, [...listeners.get(method) ?? [], listener]);
  };

  const newPage = async (width = 1000, height = 1400): Promise<Page> => {
    const { targetId } = await send("Target.createTarget", {
      url: "about:blank",
    });
    const { sessionId } = await send("Target.attachToTarget", {
      targetId,
      flatten: true,
    }) as { sessionId: string };
    const errors: string[] = [];
    const mine = (id?: string): boolean => id === sessionId;
    on("Runtime.consoleAPICalled", (p, id) => {
      if (!mine(id) || (p.type !== "error" && p.type !== "assert")) return;
      const args = p.args as { value?: unknown; description?: string }[];
      errors.push(
        `console.${p.type}: ${
          args.map((a) => String(a.value ?? a.description)).join(" ")
        }`,
      );
    });
    on("Runtime.exceptionThrown", (p, id) => {
      if (!mine(id)) return;
      const details = p.exceptionDetails as {
        text: string;
        exception?: { description?: string };
      };
      errors.push(
        `exception: ${details.exception?.description ?? details.text}`,
      );
    });
    on("Log.entryAdded", (p, id) => {
      const entry = p.entry as { level: string; text: string; url?: string };
      if (mine(id) && entry.level === "error") {
        errors.push(`log: ${entry.text}${entry.url ? ` (${entry.url})` : ""}`);
      }
    });
    const loads: (() => void)[] = [];
    on("Page.loadEventFired", (_p, id) => {
      if (mine(id)) loads.splice(0).forEach((f) => f());
    });
    for (const domain of ["Runtime", "Log", "Page"]) {
      await send(`${domain}.enable`, {}, sessionId);
    }
    await send("Emulation.setDeviceMetricsOverride", {
      width,
      height,
      deviceScaleFactor: 1,
      mobile: false,
    }, sessionId);
    const evaluate = async <T>(expression: string): Promise<T> => {
      const result = await send("Runtime.evaluate", {
        expression,
        returnByValue: true,
        awaitPromise: true,
      }, sessionId) as {
        result: { value?: unknown };
        exceptionDetails?: { text: string };
      };
      if (result.exceptionDetails) {
        throw new Error(`Evaluation failed: ${result.exceptionDetails.text}`);
      }
      return result.result.value as T;
    };
    return {
      errors,
      evaluate,
      async goto(url: string): Promise<void> {
        const loaded = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`${url} did not load within ${WAIT_MS} ms`)),
            WAIT_MS,
          );
          loads.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        const answer = await send("Page.navigate", { url }, sessionId);
        if (typeof answer.errorText === "string") {
          throw new Error(`Cannot load ${url}: ${answer.errorText}`);
        }
        await loaded;
      },
      async type(text: string): Promise<void> {
        await send("Input.insertText", { text }, sessionId);
      },
      async screenshot(clip: Rect): Promise<Uint8Array> {
        const { data } = await send("Page.captureScreenshot", {
          format: "png",
          clip: { ...clip, scale: 1 },
          captureBeyondViewport: true,
        }, sessionId) as { data: string };
        return Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      },
    };
  };

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> =>
    closed ??= (async () => {
      await send("Browser.close").catch(() => {});
      socket.close();
      const timer = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch {
          // already gone
        }
      }, 10_000);
      await child.status;
      clearTimeout(timer);
      await Deno.remove(profile, { recursive: true }).catch(() => {});
    })();
  return { newPage, close, [Symbol.asyncDispose]: close };
}

/** Reads the browser's stderr until it names its DevTools URL, then keeps draining it. */
async function devToolsUrl(child: Deno.ChildProcess): Promise<string> {
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const timer = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }, WAIT_MS);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`Chromium ended before listening:\n${text}`);
      text += value;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (match) {
        // Keep reading, so that a full pipe never stalls the browser.
        (async () => {
          while (!(await reader.read()).done) { /* drain */ }
        })().catch(() => {});
        return match[1]!;
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

/** A decoded PNG: RGBA pixels, row by row. */
export interface Pixels {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** Decodes an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium writes). */
export async function decodePng(png: Uint8Array): Promise<Pixels> {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Uint8Array[] = [];
  while (offset < png.length) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(png.subarray(offset + 4, offset + 8));
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      const [depth, color, , , interlace] = data.subarray(8);
      if (depth !== 8 || interlace !== 0 || (color !== 2 && color !== 6)) {
        throw new Error(`Unsupported PNG (depth ${depth}, colour ${color})`);
      }
      channels = color === 6 ? 4 : 3;
    } else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const inflated = new Uint8Array(
    await new Response(
      new Blob(idat as Uint8Array<ArrayBuffer>[]).stream().pipeThrough(
        new DecompressionStream("deflate"),
      ),
    ).arrayBuffer(),
  );
  const stride = width * channels;
  const raw = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = inflated[y * (stride + 1)]!;
    const line = inflated.subarray(
      y * (stride + 1) + 1,
      (y + 1) * (stride + 1),
    );
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? raw[y * stride + x - channels]! : 0;
      const b = y > 0 ? raw[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0
        ? raw[(y - 1) * stride + x - channels]!
        : 0;
      raw[y * stride + x] = (line[x]! + predict(filter, a, b, c)) & 0xff;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = raw[i * channels]!;
    rgba[i * 4 + 1] = raw[i * channels + 1]!;
    rgba[i * 4 + 2] = raw[i * channels + 2]!;
    rgba[i * 4 + 3] = channels === 4 ? raw[i * channels + 3]! : 255;
  }
  return { width, height, rgba };
}

/** The PNG filter predictor: none, sub, up, average, Paeth. */
function predict(filter: number, a: number, b: number, c: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >> 1;
    default: {
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
  }
}

/** The share of pixels that differ from the background colour (`0xRRGGBB`). */
export function foregroundShare(pixels: Pixels, background = 0xffffff): number {
  const total = pixels.width * pixels.height;
  let drawn = 0;
  for (let i = 0; i < total; i++) {
    const rgb = (pixels.rgba[i * 4]! << 16) | (pixels.rgba[i * 4 + 1]! << 8) |
      pixels.rgba[i * 4 + 2]!;
    if (rgb !== background) drawn++;
  }
  return total === 0 ? 0 : drawn / total;
}
