/** Set-up for tests of moving on the board: players seated through the API, and an N_omic turn played to its Movement phase. */
import assert from "node:assert/strict";
import { ApiClient } from "./server-helpers.js";

export interface Move {
  x: number;
  y: number;
  action: string;
  input: Record<string, unknown>;
  note: string;
  affordable: boolean;
  rule: number;
}
export interface Page {
  me: string;
  boardMoves: Move[];
  view: { seq: number; state: { name: string; value?: any; values?: Record<string, any> }[]; failures: { rule: number; during: string; error: string }[] };
}

/** Signed-up players seated in a new game of a preset, play begun; their clients by first name. */
export async function seated(
  base: string,
  preset: string,
  names: string[],
  clientOf: (first: string, name: string) => Promise<ApiClient> = (first, name) => new ApiClient(base).signup(first, name),
) {
  const clients: Record<string, ApiClient> = {};
  const ids: Record<string, string> = {};
  let invite = "";
  let id = "";
  for (const name of names) {
    const first = name.split(" ")[0]!.toLowerCase();
    const client = await clientOf(first, name);
    clients[first] = client;
    if (!id) {
      const created = await client.post("/api/games", { name: "Board game", preset, timeZone: "UTC" });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      ({ id, invite } = created.body);
      ids[first] = created.body.me;
    } else ids[first] = (await client.post(`/api/invites/${invite}/join`)).body.me;
  }
  const started = await Object.values(clients)[0]!.act(id, "start");
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const page = async (client: ApiClient): Promise<Page> => {
    const reply = await client.get(`/api/games/${id}`);
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body;
  };
  const act = async (client: ApiClient, action: string, input: unknown) => {
    const reply = await client.act(id, action, input);
    assert.equal(reply.status, 200, `${action}: ${JSON.stringify(reply.body)}`);
  };
  return { id, clients, ids, page, act };
}

/**
 * Four players of N_omic; Edsger, who moves first, buys an extra rule-change and proposes two
 * suggestions from the list (no discussion), all vote for: he is in the Movement phase at
 * (15,20) with 125 Groks (50, less 50 for the purchase, plus 125 for using the list).
 */
export async function nomicMovement(
  base: string,
  clientOf: (first: string, name: string) => Promise<ApiClient> = (first, name) => new ApiClient(base).signup(first, name),
) {
  const t = await seated(base, "n_omic", ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"], clientOf);
  const { ada, grace, edsger, alan } = t.clients as Record<string, ApiClient>;
  await t.act(ada!, "suggest", { change: { kind: "enact", text: "Ada's idea." } });
  await t.act(grace!, "suggest", { change: { kind: "amend", rule: 309, text: "Groks are shiny." } });
  await t.act(edsger!, "purchase", { extra: 1 });
  await t.act(edsger!, "propose", { suggestions: [t.ids.ada, t.ids.grace] });
  const proposals = (await t.page(ada!)).view.state.find((s) => s.name === "proposals")!.value as Record<string, { number: number; status: string }>;
  const number = Object.values(proposals).find((p) => p.status === "voting")!.number;
  for (const client of [edsger, ada, grace, alan]) await t.act(client!, "vote", { proposal: number, vote: "for" });
  return t;
}
