/**
 * The API contract (src/api) against the running server: every operation in
 * /api/openapi.json has an id, a schema for its success reply and the one error schema for
 * its errors; and real replies of a played game, errors included, validate against the
 * schemas the document gives for them.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Ajv, type ValidateFunction } from "ajv";
import { ApiClient, startServer, suberTable, type Reply, type TestServer } from "./server-helpers.js";

type Operation = { operationId?: string; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let server: TestServer;
let doc: Doc;
const ajv = new Ajv({ strict: false, allErrors: true });
before(async () => {
  server = await startServer();
  doc = (await new ApiClient(server.url).get("/api/openapi.json")).body;
  ajv.addSchema(doc as object, "openapi");
});
after(async () => {
  await server.close();
});

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]): [string, string, Operation] => [path, method, op]));
}

test("every operation has an id, a described success reply, and the error schema for every error", () => {
  const ops = operations();
  assert.ok(ops.length >= 29, `only ${ops.length} operations`);
  const ids = new Set<string>();
  for (const [path, method, op] of ops) {
    const where = `${method.toUpperCase()} ${path}`;
    assert.ok(op.operationId, `${where} has no operationId`);
    assert.ok(!ids.has(op.operationId), `${where}: operationId ${op.operationId} is used twice`);
    ids.add(op.operationId);
    const success = Object.keys(op.responses).filter((s) => s.startsWith("2"));
    assert.equal(success.length, 1, `${where} has ${success.length} success statuses`);
    const content = op.responses[success[0]!]!.content;
    assert.ok(content && Object.values(content).every((c) => c.schema), `${where} describes no body for ${success[0]}`);
    const errors = Object.keys(op.responses).filter((s) => /^[45]/.test(s));
    for (const status of ["400", "500"]) assert.ok(errors.includes(status), `${where} does not describe ${status}`);
    for (const status of errors) {
      assert.deepEqual(
        op.responses[status]!.content,
        { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
        `${where} ${status} is not the API's error`,
      );
    }
  }
});

/** Checks a reply against the schema the document gives for it (its path template, method, status and type). */
function conforms(reply: Reply, method: string, path: string): void {
  const op = doc.paths[path]?.[method];
  assert.ok(op, `${method} ${path} is not in the document`);
  const status = String(reply.status);
  assert.ok(op.responses[status], `${method} ${path} answered ${status}, which it does not describe: ${reply.text.slice(0, 300)}`);
  const type = (reply.headers.get("content-type") ?? "").split(";")[0]!;
  const validate: ValidateFunction | undefined = ajv.getSchema(`openapi#/${pointer("paths", path, method, "responses", status, "content", type, "schema")}`);
  assert.ok(validate, `${method} ${path} ${status} has no schema for ${type}`);
  assert.ok(validate(type === "application/json" ? reply.body : reply.text), `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`);
}

test("the replies of a played game conform to the document, errors included", async () => {
  const table = await suberTable(server);
  const [ada, grace] = table.clients as [ApiClient, ApiClient];
  const id = table.id;
  const game = "/api/games/{id}";

  // The check has teeth: a page without its fields is not a page, an error without its code not an error.
  const pageSchema = ajv.getSchema(`openapi#/${pointer("paths", game, "get", "responses", "200", "content", "application/json", "schema")}`)!;
  assert.equal(pageSchema({ id: id }), false);
  assert.equal(
    ajv.getSchema(`openapi#/${pointer("paths", game, "get", "responses", "404", "content", "application/json", "schema")}`)!({ error: { message: "x" } }),
    false,
  );

  conforms(await ada.get("/api/session"), "get", "/api/session");
  conforms(await ada.get("/api/presets"), "get", "/api/presets");
  conforms(await ada.get("/api/games"), "get", "/api/games");
  conforms(await ada.get(`/api/invites/${table.invite}`), "get", "/api/invites/{code}");
  conforms(await ada.request("PATCH", "/api/me", { timeZone: "Europe/Paris" }), "patch", "/api/me");
  const page = await ada.get(`/api/games/${id}`);
  conforms(page, "get", game);

  // Play: a proposal by whoever moves, everyone votes, so the log has rule changes and scores.
  const turn = page.body.view.state.find((s: { name: string }) => s.name === "turn").value.player;
  const mover = table.clients[Object.values(table.players).indexOf(turn)]!;
  const change = { kind: "enact", text: "Players shall speak in rhyme." };
  const dry = await mover.post(`/api/games/${id}/dry-run`, { steps: [{ action: "propose", input: { change } }, { action: "nothing-such" }] });
  conforms(dry, "post", `${game}/dry-run`);
  const proposed = await mover.act(id, "propose", { change });
  conforms(proposed, "post", `${game}/act`);
  for (const client of table.clients) conforms(await client.act(id, "vote", { proposal: 301, vote: "for" }), "post", `${game}/act`);
  conforms(await grace.act(id, "vote", { proposal: 301, vote: "for" }), "post", `${game}/act`); // refused: the vote is over

  conforms(await ada.get(`/api/games/${id}`), "get", game);
  conforms(await ada.get(`/api/games/${id}/rules`), "get", `${game}/rules`);
  conforms(await ada.get(`/api/games/${id}/log`), "get", `${game}/log`);
  conforms(await ada.get(`/api/games/${id}/at?seq=2`), "get", `${game}/at`);
  conforms(await ada.post(`/api/games/${id}/posts`, { body: "Well played." }), "post", `${game}/posts`);
  conforms(await ada.get(`/api/games/${id}/posts`), "get", `${game}/posts`);
  const said = await ada.post(`/api/games/${id}/messages`, { channel: "general", text: "Said." });
  conforms(said, "post", `${game}/messages`);
  conforms(await ada.request("PATCH", `/api/games/${id}/messages/${said.body.id}`, { text: "Said again." }), "patch", `${game}/messages/{message}`);
  conforms(await ada.post(`/api/games/${id}/messages/${said.body.id}/redact`, { reason: "tidying" }), "post", `${game}/messages/{message}/redact`);
  conforms(await ada.request("DELETE", `/api/games/${id}/messages/${said.body.id}`), "delete", `${game}/messages/{message}`); // refused: redacted
  conforms(await ada.get(`/api/games/${id}/messages`), "get", `${game}/messages`);
  conforms(await ada.get(`/api/games/${id}/channels`), "get", `${game}/channels`);
  conforms(await ada.get(`/api/games/${id}/ruleset?full=true`), "get", `${game}/ruleset`);
  conforms(await ada.get(`/api/games/${id}/ruleset?format=markdown`), "get", `${game}/ruleset`);
  for (const kind of ["proposals", "scores", "court"]) conforms(await ada.get(`/api/games/${id}/reports/${kind}`), "get", `${game}/reports/{kind}`);
  const exported = await ada.get(`/api/games/${id}/export`);
  conforms(exported, "get", `${game}/export`);
  conforms(await ada.post("/api/games/import", { archive: exported.body, as: table.players["Ada Lovelace"] }), "post", "/api/games/import");
  conforms(await ada.request("PATCH", `/api/games/${id}/settings`, { timeZone: "UTC" }), "patch", `${game}/settings`);
  conforms(await ada.post("/api/code/check", { source: "const x: number = 'no';" }), "post", "/api/code/check");
  conforms(await ada.post("/api/code/complete", { source: "game.", offset: 5 }), "post", "/api/code/complete");

  // Errors, each in the API's format.
  conforms(await ada.get("/api/games/no-such-game"), "get", game);
  conforms(await new ApiClient(server.url).get(`/api/games/${id}`), "get", game);
  conforms(await ada.get(`/api/games/${id}/reports/gossip`), "get", `${game}/reports/{kind}`);
  conforms(await ada.get(`/api/games/${id}/log?limit=0`), "get", `${game}/log`);
  conforms(await ada.act(id, "no-such-action"), "post", `${game}/act`);
  conforms(await grace.request("PATCH", `/api/games/${id}/settings`, { timeZone: "UTC" }), "patch", `${game}/settings`);
});

test("fastify's own errors come out in the API's format: a URL it cannot decode, a body that is not JSON", async () => {
  const [ada] = (await suberTable(server, ["Edsger Dijkstra", "Barbara Liskov"])).clients as [ApiClient];
  const badUrl = await ada.get("/api/games/%E0%A4%A");
  assert.equal(badUrl.status, 400);
  assert.equal(badUrl.body.error.code, "bad-url");
  assert.match(badUrl.body.error.message, /URL/);
  conforms(badUrl, "get", "/api/games/{id}");

  const notJson = await ada.request("POST", "/api/games", "{name: ", { "content-type": "application/json" });
  assert.equal(notJson.status, 400);
  assert.equal(notJson.body.error.code, "invalid-json");
  // In words that say what to send, not the parser's.
  assert.match(
    notJson.body.error.message,
    /^the body is not JSON( \(it stops making sense at character \d+\))?: send one JSON object, its names and texts in double quotes/,
  );
  assert.doesNotMatch(notJson.body.error.message, /position|Unexpected token|Expected property name/);
  conforms(notJson, "post", "/api/games");

  const empty = await ada.request("POST", "/api/games", "", { "content-type": "application/json" });
  assert.equal(empty.status, 400);
  assert.equal(empty.body.error.code, "invalid-json");

  const form = await ada.request("POST", "/api/games", "name=x", { "content-type": "application/x-www-form-urlencoded" });
  assert.equal(form.status, 415);
  conforms(form, "post", "/api/games");

  for (const reply of [badUrl, notJson, empty, form]) assert.deepEqual(Object.keys(reply.body), ["error"]);
  for (const reply of [badUrl, notJson, empty, form]) assert.ok(!/FST_/.test(reply.text), reply.text);
});

test("a POST sent with no body at all reads as one with no fields: a join needs none, an act is told what is missing", async () => {
  const ada = await new ApiClient(server.url).signup("ada-nobody", "Ada Nobody");
  const created = await ada.post("/api/games", { name: "No bodies", preset: "suber" });
  const bob = await new ApiClient(server.url).signup("bob-nobody", "Bob Nobody");
  const joined = await bob.request("POST", `/api/invites/${created.body.invite}/join`);
  assert.equal(joined.status, 200, joined.text);
  assert.equal(joined.body.me, "bob-nobody");
  const act = await bob.request("POST", `/api/games/${created.body.id}/act`);
  assert.equal(act.status, 400);
  assert.equal(act.body.error.message, "action is missing");
  conforms(act, "post", "/api/games/{id}/act");
});
