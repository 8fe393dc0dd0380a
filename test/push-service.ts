/**
 * A browser vendor's Web Push service, stood in for by the test: the only stand-in in the mail and
 * push tests, at the network edge, because the browsers' push services (FCM, Mozilla's autopush,
 * Apple's) are unreachable here. Everything on our side of the edge is real: web-push sends with
 * https.request, so this is real HTTPS on 127.0.0.1 with a self-signed certificate made by Debian's
 * openssl for the test, which the server process trusts through NODE_EXTRA_CA_CERTS (`caFile`).
 *
 * It plays both ends a browser's push needs: `subscribe()` makes a subscription as a browser would
 * (a P-256 key pair and an auth secret), and each POST to its endpoint is checked as a push service
 * checks it (RFC 8030 TTL, RFC 8292 VAPID: an ES256 JWT for this origin, signed with the key `k`,
 * expiring within 24 hours) and decrypted as the browser would (RFC 8291, aes128gcm), so a test
 * sees the notification's text. `answer(endpoint, 410)` makes it say a subscription is gone.
 */
import { execFileSync } from "node:child_process";
import { createECDH, createPublicKey, type ECDH, type KeyObject, randomBytes, verify } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import { startServeChild, type ServeChild } from "./serve-child.js";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ece from "http_ece";

/** A subscription as PushSubscription.toJSON() gives it (expirationTime aside): what the server is given to push to. */
export interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push the service accepted, decrypted. */
export interface Push {
  endpoint: string;
  /** The decrypted payload as UTF-8 text ("" for a push without a body). */
  payload: string;
  /** JSON.parse(payload), or undefined if it is not JSON. */
  json: unknown;
  /** The VAPID public key the push was signed with (the Authorization header's k=, base64url). */
  vapidKey: string;
  /** The JWT's sub: mailto:… or https:…. */
  subject: string;
  /** The TTL header, in seconds. */
  ttl: number;
  /** The Urgency header, if there was one. */
  urgency: string | undefined;
}

/** A request the service did not accept, with the status it answered and why. */
export interface Rejection {
  endpoint: string;
  status: number;
  reason: string;
}

export interface PushService {
  /** https://127.0.0.1:PORT, the push service's origin (the VAPID JWT's aud). */
  url: string;
  /** The self-signed certificate (PEM) for 127.0.0.1 and localhost: the server process's NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /**
   * A new subscription, as a browser makes one. Given the application server key the browser was
   * given (base64url), the subscription is restricted to it, as browsers' are: a push signed with
   * another key is refused with 403.
   */
  subscribe(applicationServerKey?: string): Subscription;
  /** Every push accepted, in order of arrival. */
  received: Push[];
  /** Every request refused (its status and reason), including those answered with answer()'s status, in order. */
  rejected: Rejection[];
  /**
   * Resolves with the pushes accepted (to `endpoint`, if given) once there are at least `count`;
   * rejects after timeoutMs (30 s) saying what did arrive and what was refused.
   */
  waitFor(count: number, endpoint?: string, timeoutMs?: number): Promise<Push[]>;
  /** From now on, answer pushes to `endpoint` with `status` (201 Created until told): 410 Gone or 404 to say it is no more. */
  answer(endpoint: string, status: number): void;
  /** Closes the server and its connections and removes the temporary folder. */
  stop(): Promise<void>;
}

/** The most a push message's body may be (RFC 8291 §4: push services need accept no more than 4096 octets). */
const MAX_BODY = 4096;
/** RFC 8292 §2: the JWT's exp must be no more than 24 hours after the request. */
const MAX_EXP_AHEAD_S = 24 * 60 * 60;
const URGENCIES = ["very-low", "low", "normal", "high"];

interface Subscriber {
  ecdh: ECDH;
  auth: string;
  applicationServerKey: Buffer | undefined;
}

/** A check a push failed: the status to answer and why. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

function certificate(dir: string): { keyFile: string; certFile: string } {
  const keyFile = join(dir, "key.pem");
  const certFile = join(dir, "cert.pem");
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`push service: openssl could not make a certificate (apt-get install -y openssl): ${(error as Error).message} ${stderr}`);
  }
  return { keyFile, certFile };
}

/** The uncompressed P-256 point (65 bytes, 0x04‖x‖y) as a public KeyObject. */
function p256PublicKey(raw: Buffer): KeyObject {
  if (raw.length !== 65 || raw[0] !== 4) throw new Refusal(401, `k is not an uncompressed P-256 public key (${raw.length} bytes)`);
  const jwk = { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") };
  try {
    return createPublicKey({ key: jwk, format: "jwk" });
  } catch {
    throw new Refusal(401, "k is not a point on P-256");
  }
}

function jsonPart(part: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    throw new Refusal(403, `the JWT's ${what} is not base64url JSON`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Refusal(403, `the JWT's ${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT ES256-signed with k, for this origin, not expired nor over 24 h ahead. */
function checkVapid(authorization: string | undefined, origin: string): { key: Buffer; vapidKey: string; subject: string } {
  if (!authorization) throw new Refusal(401, "no Authorization header");
  const scheme = /^vapid\s+(.+)$/i.exec(authorization.trim());
  if (!scheme) throw new Refusal(401, `Authorization is not "vapid t=<JWT>, k=<key>": ${authorization.slice(0, 60)}`);
  const params = new Map<string, string>();
  for (const param of scheme[1]!.split(",")) {
    const eq = param.indexOf("=");
    if (eq < 0) throw new Refusal(401, `Authorization has a parameter without =: ${param.trim().slice(0, 40)}`);
    params.set(
      param.slice(0, eq).trim().toLowerCase(),
      param
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1"),
    );
  }
  const token = params.get("t");
  const vapidKey = params.get("k");
  if (!token || !vapidKey) throw new Refusal(401, "vapid Authorization lacks t= or k=");
  const key = Buffer.from(vapidKey, "base64url");
  const publicKey = p256PublicKey(key);

  const parts = token.split(".");
  if (parts.length !== 3) throw new Refusal(403, "t is not a JWT (three dot-separated parts)");
  const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
  const header = jsonPart(headerPart, "header");
  if (header.alg !== "ES256") throw new Refusal(403, `the JWT's alg is ${JSON.stringify(header.alg)}, not ES256`);
  const signature = Buffer.from(signaturePart, "base64url");
  if (signature.length !== 64) throw new Refusal(403, `the JWT's signature is ${signature.length} bytes, not 64 (r‖s)`);
  const signed = Buffer.from(`${headerPart}.${claimsPart}`, "ascii");
  if (!verify("sha256", signed, { key: publicKey, dsaEncoding: "ieee-p1363" }, signature)) {
    throw new Refusal(403, "the JWT's signature does not verify with k");
  }

  const claims = jsonPart(claimsPart, "claims");
  if (claims.aud !== origin) throw new Refusal(403, `the JWT's aud is ${JSON.stringify(claims.aud)}, not this push service's origin ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  const exp = claims.exp;
  if (typeof exp !== "number" || !Number.isFinite(exp)) throw new Refusal(403, `the JWT's exp is ${JSON.stringify(exp)}, not a number`);
  if (exp <= now) throw new Refusal(403, `the JWT expired ${now - exp} s ago`);
  if (exp > now + MAX_EXP_AHEAD_S) throw new Refusal(403, `the JWT's exp is ${exp - now} s ahead, more than 24 hours`);
  const subject = claims.sub;
  if (typeof subject !== "string" || !/^(mailto:|https:)/.test(subject)) {
    throw new Refusal(403, `the JWT's sub is ${JSON.stringify(subject)}, not a mailto: or https: URL`);
  }
  return { key, vapidKey, subject };
}

/** Checks a push as the push service would and decrypts it as the browser would. */
function checkPush(endpoint: string, headers: IncomingHttpHeaders, body: Buffer, subscriber: Subscriber, origin: string): Push {
  const { key, vapidKey, subject } = checkVapid(headers.authorization, origin);
  if (subscriber.applicationServerKey && !subscriber.applicationServerKey.equals(key)) {
    throw new Refusal(403, "k is not the application server key this subscription was made with");
  }
  const ttlHeader = headers.ttl;
  if (typeof ttlHeader !== "string" || !/^\d+$/.test(ttlHeader)) throw new Refusal(400, `TTL header is ${JSON.stringify(ttlHeader)}, not a number of seconds`);
  const urgency = headers.urgency;
  if (urgency !== undefined && !URGENCIES.includes(urgency as string))
    throw new Refusal(400, `Urgency header ${JSON.stringify(urgency)} is not one of ${URGENCIES.join(", ")}`);
  if (body.length > MAX_BODY) throw new Refusal(413, `the body is ${body.length} bytes, more than ${MAX_BODY}`);

  let payload = "";
  if (body.length > 0) {
    const encoding = headers["content-encoding"];
    if (encoding !== "aes128gcm") throw new Refusal(400, `Content-Encoding is ${JSON.stringify(encoding)}, not aes128gcm`);
    try {
      payload = ece.decrypt(body, { version: "aes128gcm", privateKey: subscriber.ecdh, authSecret: subscriber.auth }).toString("utf8");
    } catch (error) {
      throw new Refusal(400, `the body does not decrypt with the subscription's keys: ${(error as Error).message}`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    json = undefined;
  }
  return { endpoint, payload, json, vapidKey, subject, ttl: Number(ttlHeader), urgency: urgency as string | undefined };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function describe(pushes: Push[], refused: Rejection[]): string {
  const got = pushes.map((p) => `  ${p.endpoint}: ${p.payload === "" ? "(no body)" : p.payload.length > 200 ? `${p.payload.slice(0, 200)}…` : p.payload}`);
  const no = refused.map((r) => `  ${r.endpoint}: ${r.status} ${r.reason}`);
  return `${pushes.length} accepted${got.length ? `:\n${got.join("\n")}` : ""}\n${refused.length} refused${no.length ? `:\n${no.join("\n")}` : ""}`;
}

export async function startPushService(): Promise<PushService> {
  const dir = mkdtempSync(join(tmpdir(), "nomos-push-"));
  const subscribers = new Map<string, Subscriber>();
  const answers = new Map<string, number>();
  const received: Push[] = [];
  const rejected: Rejection[] = [];
  const waiters = new Set<{ check(): void; fail(error: Error): void }>();
  let url = "";

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const path = new URL(request.url ?? "/", url).pathname;
    const endpoint = `${url}${path}`;
    const refuse = (status: number, reason: string): void => {
      rejected.push({ endpoint, status, reason });
      response.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(reason);
    };
    const subscriber = subscribers.get(endpoint);
    if (!path.startsWith("/push/") || !subscriber) return refuse(404, "no such subscription");
    if (request.method !== "POST") return refuse(405, `${request.method} is not POST`);
    let push: Push;
    try {
      push = checkPush(endpoint, request.headers, body, subscriber, url);
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.status, error.message);
      throw error;
    }
    const status = answers.get(endpoint) ?? 201;
    if (status < 200 || status > 299) return refuse(status, `answered ${status}`);
    received.push(push);
    response.writeHead(status, { location: `${url}/message/${randomBytes(9).toString("base64url")}` }).end();
    for (const waiter of waiters) waiter.check();
  }

  try {
    const { keyFile, certFile } = certificate(dir);
    const server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (request, response) => {
      handle(request, response).catch((error: Error) => {
        rejected.push({ endpoint: `${url}${request.url ?? ""}`, status: 500, reason: `push service failed: ${error.message}` });
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

    let stopped: Promise<void> | undefined;
    return {
      url,
      caFile: certFile,
      received,
      rejected,
      subscribe(applicationServerKey?: string): Subscription {
        const ecdh = createECDH("prime256v1");
        ecdh.generateKeys();
        const auth = randomBytes(16).toString("base64url");
        const endpoint = `${url}/push/${randomBytes(12).toString("base64url")}`;
        const serverKey = applicationServerKey === undefined ? undefined : Buffer.from(applicationServerKey, "base64url");
        subscribers.set(endpoint, { ecdh, auth, applicationServerKey: serverKey });
        return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth } };
      },
      waitFor(count: number, endpoint?: string, timeoutMs = 30_000): Promise<Push[]> {
        const matching = (): Push[] => (endpoint === undefined ? received : received.filter((p) => p.endpoint === endpoint));
        return new Promise((resolve, reject) => {
          const waiter = {
            check(): void {
              const pushes = matching();
              if (pushes.length < count) return;
              clearTimeout(timer);
              waiters.delete(waiter);
              resolve([...pushes]);
            },
            fail(error: Error): void {
              clearTimeout(timer);
              waiters.delete(waiter);
              reject(error);
            },
          };
          const timer = setTimeout(() => {
            const what = `${count} push${count === 1 ? "" : "es"}${endpoint === undefined ? "" : ` to ${endpoint}`}`;
            waiter.fail(new Error(`push service: waited ${timeoutMs} ms for ${what}; ${describe(received, rejected)}`));
          }, timeoutMs);
          waiters.add(waiter);
          waiter.check();
        });
      },
      answer(endpoint: string, status: number): void {
        if (!subscribers.has(endpoint)) throw new Error(`push service: ${endpoint} is not one of its subscriptions`);
        answers.set(endpoint, status);
      },
      stop(): Promise<void> {
        stopped ??= (async () => {
          for (const waiter of waiters) waiter.fail(new Error(`push service stopped; ${describe(received, rejected)}`));
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeAllConnections();
          await closed;
          rmSync(dir, { recursive: true, force: true });
        })();
        return stopped;
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** `nomos serve` sending pushes to `service` alone: --vapid-subject, the service as a push host, its certificate trusted. */
export function servePushing(service: PushService, db: string): Promise<ServeChild> {
  return startServeChild(db, ["--vapid-subject", "mailto:ops@nomos.test", "--push-host", new URL(service.url).host], {
    NODE_EXTRA_CA_CERTS: service.caFile,
  });
}
