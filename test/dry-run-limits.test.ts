/**
 * Dry runs, a few at a time (issue 34): each boots a sandbox of its own, so one player's dozen
 * at once took gigabytes. Beyond two of one person's under way, or a full queue, a preview is
 * refused at once with a 429 in words and starts nothing; the places come back as they finish.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startServer, suberTable, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer({ dryRunLimit: { running: 2, waiting: 2, perPerson: 2 } });
});
after(() => server?.close());

const preview = { steps: [{ action: "propose", input: { change: { kind: "enact", text: "Players shall greet one another politely." } } }] };

test("one person's previews beyond two at once, and any beyond the server's queue, are refused in words; the places come back", async () => {
  const table = await suberTable(server, ["Ida Nu", "Jo Pi", "Kay Rho"]);
  const [ida, jo, kay] = table.clients;
  const path = `/api/games/${table.id}/dry-run`;

  const mine = await Promise.all(Array.from({ length: 6 }, () => ida!.post(path, preview)));
  const refused = mine.filter((r) => r.status === 429);
  assert.equal(mine.filter((r) => r.status === 200).length, 2, "two of one person's previews run (one at once, one waiting)");
  assert.equal(refused.length, 4);
  for (const r of refused) {
    assert.equal(r.body.error.code, "too-many-previews");
    assert.match(r.body.error.message, /you have 2 previews under way already; wait for them to finish/);
  }

  // Two running and two waiting fill the server: a fifth person's preview would wait too long.
  const busy = await Promise.all([ida!, ida!, jo!, jo!, kay!].map((c) => c.post(path, preview)));
  assert.deepEqual(busy.map((r) => r.status).sort(), [200, 200, 200, 200, 429]);
  assert.match(busy.find((r) => r.status === 429)!.body.error.message, /the server is busy with other players' previews; try again in a few seconds/);

  const again = await kay!.post(path, preview);
  assert.equal(again.status, 200, "once they finish, the places come back");
});
