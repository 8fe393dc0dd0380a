/** HTTP to the server under load: a keep-alive client that times each request, and signed-in sessions. */
import http from "node:http";
import { performance } from "node:perf_hooks";

export interface Session {
  username: string;
  cookie: string;
  csrf: string;
}

export interface Reply {
  status: number;
  body: string;
  bytes: number;
  setCookie: string[] | undefined;
  /** When a connection was given to the request, whether it was reused, when the reply's head came (performance.now() ms). */
  timing: { socket: number; reused: boolean; connect: number; head: number; local: number };
}

export class Http {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  readonly host: string;
  readonly port: number;

  constructor(url: string) {
    const u = new URL(url);
    this.host = u.hostname;
    this.port = Number(u.port);
  }

  /** One request; `keepBody: false` counts the reply's bytes without keeping them. */
  request(method: string, path: string, session: Session | null, body?: unknown, keepBody = true): Promise<Reply> {
    return new Promise((done, fail) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string | number> = {};
      if (session) {
        headers.cookie = session.cookie;
        if (method !== "GET") headers["x-csrf-token"] = session.csrf;
      }
      if (payload !== undefined) {
        headers["content-type"] = "application/json";
        headers["content-length"] = Buffer.byteLength(payload);
      }
      const timing = { socket: NaN, reused: false, connect: NaN, head: NaN, local: 0 };
      const req = http.request({ host: this.host, port: this.port, method, path, headers, agent: this.agent }, (res) => {
        timing.head = performance.now();
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (keepBody) chunks.push(chunk);
        });
        res.on("end", () =>
          done({
            status: res.statusCode ?? 0,
            body: keepBody ? Buffer.concat(chunks).toString("utf8") : "",
            bytes,
            setCookie: res.headers["set-cookie"],
            timing,
          }),
        );
        res.on("error", fail);
      });
      req.once("socket", (socket) => {
        timing.socket = performance.now();
        timing.reused = req.reusedSocket;
        timing.local = socket.localPort ?? 0;
        if (socket.connecting) {
          socket.once("connect", () => {
            timing.connect = performance.now();
            timing.local = socket.localPort ?? 0;
          });
        }
      });
      req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path}: no reply in 60 s`)));
      req.on("error", fail);
      req.end(payload);
    });
  }
}

export async function signup(client: Http, username: string, displayName: string): Promise<Session> {
  const reply = await client.request("POST", "/api/auth/signup", null, { username, password: `${username}-bench-password`, displayName });
  if (reply.status !== 201) throw new Error(`signup of ${username} failed: ${reply.status} ${reply.body}`);
  const cookie = reply.setCookie?.find((c) => c.startsWith("nomos_session="))?.split(";")[0];
  if (!cookie) throw new Error(`signup of ${username} set no session cookie`);
  return { username, cookie, csrf: (JSON.parse(reply.body) as { csrf: string }).csrf };
}
