/** What the mail tests share: a player with a verified address, the duties a mailbox was told, a header as sent. */
import assert from "node:assert/strict";
import type { ParsedMail } from "mailparser";
import type { MailServer } from "./mail-server.js";
import { ApiClient } from "./server-helpers.js";

/** A header as sent (mailparser files the List-* ones under "list"), unfolded. */
export const header = (m: ParsedMail, name: string) =>
  m.headerLines
    .find((h) => h.key === name.toLowerCase())
    ?.line.slice(name.length + 1)
    .replace(/\s+/g, " ")
    .trim();

/** Signs up on the server at `url` and verifies `address` by the link mailed to it. */
export async function verifiedPlayer(url: string, mail: MailServer, username: string, name: string, address: string): Promise<ApiClient> {
  const client = await new ApiClient(url).signup(username, name);
  await client.request("PATCH", "/api/me", { email: address });
  const link = await mail.waitForMail(address, (m) => /Verify/.test(m.subject ?? ""));
  const token = /#([A-Za-z0-9_-]+)/.exec(link.text ?? "")?.[1];
  assert.equal((await client.post("/api/auth/verify-email", { token })).status, 200);
  return client;
}

/** What the game's mails in the inbox said it waits for, oldest first. */
export async function dutiesTold(mail: MailServer, address: string): Promise<string[]> {
  return (await mail.inbox(address))
    .filter((m) => /the game waits for you/.test(m.subject ?? ""))
    .map((m) => (m.subject ?? "").replace(/^.*waits for you to /, ""));
}

/** Waits until the address has been told `count` duties in all, and returns them. */
export async function toldAtLeast(mail: MailServer, address: string, count: number): Promise<string[]> {
  for (let i = 0; i < 300; i++) {
    const list = await dutiesTold(mail, address);
    if (list.length >= count) return list;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${address} was told ${JSON.stringify(await dutiesTold(mail, address))}, not ${count} duties; ${mail.log().slice(-2000)}`);
}
