// Writes the API's OpenAPI document, as the built server describes it, to the file named
// (for `npm run lint:api`). The server runs on a throwaway database and listens nowhere.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildServer } from "../dist/server/app.js";

const out = process.argv[2];
if (!out) throw new Error("usage: node scripts/write-openapi.mjs <file>");
const dir = mkdtempSync(join(tmpdir(), "nomos-openapi-"));
try {
  const app = await buildServer({ db: join(dir, "openapi.db"), durability: "process" });
  await app.ready();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(app.swagger(), null, 2));
  await app.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
