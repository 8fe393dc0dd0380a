/**
 * The server's VAPID key pair (RFC 8292), with which it signs every push so that a push service
 * takes pushes to its subscriptions from this server only. Made at the first start and kept in
 * the database as the server's other secrets are (mail/keys.ts); its public key follows from the
 * private one. Browsers subscribe with the public key.
 */
import { createECDH } from "node:crypto";
import type { SqlDatabase } from "../../store/sqlite-driver.js";
import { serverKey } from "../mail/keys.js";

/** As web-push takes them: the keys in base64url, and who runs the server (mailto: or https:). */
export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export function vapidKeys(db: SqlDatabase, subject: string): VapidKeys {
  const privateKey = serverKey(db, "vapid", () => {
    const made = createECDH("prime256v1");
    made.generateKeys();
    return made.getPrivateKey();
  });
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(privateKey);
  return { subject, publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: privateKey.toString("base64url") };
}
