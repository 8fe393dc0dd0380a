/**
 * Behind a reverse proxy, and the Host header. Fastify is told whom to trust (trustProxy): a
 * trusted proxy's X-Forwarded-For makes request.ip the client's address (the per-address rate
 * limits), its X-Forwarded-Host and X-Forwarded-Proto make request.host and request.protocol
 * the ones the browser used (the Origin check, Secure cookies). Anyone else's are ignored.
 */
import { BlockList, isIP } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "./errors.js";

/** Whether the hop `hop` away (0: the peer connected to us) at `address` is a proxy to trust. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** Names for the usual private ranges, as Express and fastify's proxy-addr know them. */
const namedRanges: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** An IPv4 address as IPv6 shows it (::ffff:10.0.0.1) is checked as IPv4. */
function plain(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * Reads --trust-proxy: "true" (every hop: only when nothing but the proxy can reach the server),
 * a hop count (the nearest N hops, whatever their addresses: the same caution), or a comma-separated
 * list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal. Undefined: trust none.
 */
export function parseTrustProxy(setting: string | undefined): TrustProxy | undefined {
  const text = setting?.trim() ?? "";
  if (text === "" || text === "false") return undefined;
  if (text === "true") return () => true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    // fastify would take a bare number to trust no one (it cannot check the peer): say what is meant instead.
    return hops === 0 ? undefined : (_address, hop) => hop < hops;
  }
  const trusted = new BlockList();
  for (const entry of text.split(",").map((e) => e.trim().toLowerCase())) {
    for (const range of namedRanges[entry] ?? [entry]) {
      const [address = "", prefix, extra] = range.split("/");
      const family = isIP(address);
      const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
      if (!family || extra !== undefined || !/^\d+$/.test(prefix ?? "0") || bits > (family === 4 ? 32 : 128))
        throw new Error(
          `--trust-proxy: "${entry}" is not an address, a CIDR range (10.0.0.0/8), loopback, linklocal or uniquelocal; give those, a hop count, or true`,
        );
      trusted.addSubnet(address, bits, family === 4 ? "ipv4" : "ipv6");
    }
  }
  return (address) => {
    const ip = plain(address);
    const family = isIP(ip);
    return family !== 0 && trusted.check(ip, family === 4 ? "ipv4" : "ipv6");
  };
}

/** The scheme the browser used, where a trusted proxy said so (X-Forwarded-Proto); undefined when no one did. */
export function forwardedProtocol(request: FastifyRequest, trust: TrustProxy | undefined): string | undefined {
  const peer = request.raw.socket?.remoteAddress;
  if (!trust || !peer || !request.headers["x-forwarded-proto"] || !trust(peer, 0)) return undefined;
  return request.protocol.toLowerCase(); // fastify reads the header's last entry, by the same trust
}

/** A host as a browser names it ("Nomic.Example:443" → hostname and port), or undefined if it is not one. */
function parseHost(host: string): { hostname: string; port: string } | undefined {
  try {
    const url = new URL(`http://${host}`);
    return url.username || url.password || url.pathname !== "/" || url.search || url.hash ? undefined : { hostname: url.hostname, port: url.port };
  } catch {
    return undefined;
  }
}

const loopback = (hostname: string) =>
  hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/** The hosts this server answers to, from --public-url and --allowed-host; undefined: any (no check). */
export function allowedHosts(publicUrl: string | undefined, hosts: readonly string[] = []): string[] | undefined {
  const allowed: string[] = [];
  if (publicUrl) {
    let url: URL;
    try {
      url = new URL(publicUrl);
    } catch {
      throw new Error(`--public-url: "${publicUrl}" is not a URL; give the address players use, such as https://nomic.example.org`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`--public-url: "${publicUrl}" must start with https:// or http://`);
    allowed.push(url.host);
  }
  for (const host of hosts) {
    if (!parseHost(host.trim())) throw new Error(`--allowed-host: "${host}" is not a host name; give one such as nomic.example.org or nomic.example.org:8080`);
    allowed.push(host.trim().toLowerCase());
  }
  return allowed.length ? allowed : undefined;
}

/**
 * Refuses requests addressed to a host this server does not answer to (a 421 in words): a page
 * of another site whose name was pointed at this server (DNS rebinding) cannot read or change
 * anything. A host named without a port is allowed on any port; loopback always is.
 */
export function installHostCheck(app: FastifyInstance, allowed: readonly string[], exempt: readonly string[]): void {
  const entries = allowed.map((host) => parseHost(host)!);
  const answers = (host: string): boolean => {
    const asked = parseHost(host);
    if (!asked) return false;
    if (loopback(asked.hostname)) return true;
    return entries.some((e) => e.hostname === asked.hostname && (e.port === "" || e.port === asked.port));
  };
  app.addHook("onRequest", async (request) => {
    if (exempt.includes(request.url.split("?")[0]!)) return;
    const host = request.host; // X-Forwarded-Host where a trusted proxy sent it
    if (answers(host)) return;
    const shown = host.slice(0, 200);
    throw new ApiError(
      421,
      "wrong-host",
      `this server does not answer to the host "${shown}"; it answers to ${allowed.join(", ")}. Use that address (if you run this server and "${shown}" is one of its names, add --allowed-host ${parseHost(host)?.hostname ?? shown})`,
    );
  });
}
