/** What the mail's scheduled senders (digests, weekly reports) share, handed over as one. */
import type { SqlDatabase } from "../../store/sqlite-driver.js";
import type { Accounts } from "../accounts.js";
import type { MailWriter } from "./compose.js";
import type { Signer } from "./keys.js";
import type { Outbox } from "./outbox.js";

export interface MailTools {
  db: SqlDatabase;
  accounts: Accounts;
  outbox: Outbox;
  /** The words of every mail. */
  writer: MailWriter;
  /** Signs the one-click unsubscribe links. */
  signer: Signer;
  clock: () => number;
  warn: (what: object, words: string) => void;
}
