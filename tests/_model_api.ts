// Copyright 2026 the skillscope authors. MIT license.
// deno-lint-ignore-file camelcase -- the providers' wire format is snake_case
// A local stand-in for the Anthropic and OpenAI APIs on 127.0.0.1: the first
// request of a conversation asks for the skills_read tool, the next answers
// with the first line of what the tool returned. Enough for a real client to
// run a whole tool loop without the network.

/** A running stand-in. */
export interface ModelApi extends AsyncDisposable {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** Every request body received, in order. */
  readonly bodies: Record<string, unknown>[];
}

/** The text a tool result carried, whatever the provider's shape. */
function toolText(body: Record<string, unknown>): string | undefined {
  const messages = (body.messages ?? body.input) as unknown[] | undefined;
  const text = JSON.stringify(messages ?? []);
  if (!/tool_result|"role":"tool"|function_call_output/.test(text)) {
    return undefined;
  }
  // The first Markdown heading of the skill's body, as the model's answer.
  const heading = /(?:^|\n)# ([^\n]+)/.exec(text.replaceAll("\\n", "\n"));
  return heading === null ? "no skill" : `Following "${heading[1]}"`;
}

/**
 * Starts the stand-in: Anthropic `POST /v1/messages` and OpenAI
 * `POST /v1/chat/completions`, asking for `skills_read` of `skill` first.
 *
 * @param skill The skill the model asks to read.
 * @returns The stand-in; dispose it to stop.
 */
export function startModelApi(skill: string): ModelApi {
  const bodies: Record<string, unknown>[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const body = await request.json() as Record<string, unknown>;
      bodies.push(body);
      const answer = toolText(body);
      const path = new URL(request.url).pathname;
      const turn = bodies.length;
      if (path.endsWith("/messages")) {
        const base = {
          id: `msg_${turn}`,
          type: "message",
          role: "assistant",
          model: String(body.model),
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        };
        return Response.json(
          answer === undefined
            ? {
              ...base,
              stop_reason: "tool_use",
              content: [{
                type: "tool_use",
                id: `toolu_${turn}`,
                name: "skills_read",
                input: { name: skill },
              }],
            }
            : {
              ...base,
              stop_reason: "end_turn",
              content: [{ type: "text", text: answer }],
            },
        );
      }
      const base = {
        id: `chatcmpl-${turn}`,
        object: "chat.completion",
        created: 0,
        model: String(body.model),
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      };
      return Response.json({
        ...base,
        choices: [
          answer === undefined
            ? {
              index: 0,
              finish_reason: "tool_calls",
              message: {
                role: "assistant",
                content: null,
                tool_calls: [{
                  id: `call_${turn}`,
                  type: "function",
                  function: {
                    name: "skills_read",
                    arguments: JSON.stringify({ name: skill }),
                  },
                }],
              },
            }
            : {
              index: 0,
              finish_reason: "stop",
              message: { role: "assistant", content: answer },
            },
        ],
      });
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    bodies,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}
