/**
 * Passwords are kept as scrypt hashes (RFC 7914) with a random salt each: slow on purpose, so
 * that a stolen database does not give the passwords away. New hashes use N = 2^17, r = 8,
 * p = 1, OWASP's minimum for scrypt: about 128 MiB and half a second of one core each. Node's
 * own scrypt (no native dependency) runs on libuv's threadpool, so the event loop stays free;
 * a gate lets only a few run at once (two use 256 MiB and leave the pool's other threads to
 * files and compression), the next ones wait in a bounded queue, and past it the server says
 * it is busy rather than run out of memory. A hash names its own parameters, so older ones
 * (N = 16384 before issue 16) still verify, and are replaced at their owner's next sign-in.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The cost of every new hash. */
export const productionCost: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/** Hashes computed at once, and sign-ins or sign-ups that may wait for one. */
const concurrency = 2;
const queueLength = 32;
const keylen = 32;
/** No stored hash may ask for more (a damaged row must not take the machine's memory). */
const maxMemory = 256 * 1024 * 1024;

/** The memory scrypt needs for these parameters, as OpenSSL counts it (its `maxmem` must cover it). */
const memoryOf = ({ N, r, p }: ScryptCost) => 128 * r * (N + p + 2);

/** Too many sign-ins and sign-ups are waiting for a hash: the server refuses more for now. */
export class PasswordsBusyError extends Error {
  constructor() {
    super("the server is checking too many passwords at once; try again in a few seconds");
    this.name = "PasswordsBusyError";
  }
}

/** At most `max` tasks run at once; `queue` more wait in order; past that, refused. */
class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running++;
    else if (this.waiting.length < this.queue) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw new PasswordsBusyError();
    try {
      return await task();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const maxmem = memoryOf(cost);
  if (maxmem > maxMemory) return Promise.reject(new Error(`a stored password hash asks for ${maxmem} bytes of memory, more than ${maxMemory}`));
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, length, { ...cost, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** "scrypt$N$r$p$salt$hash", salt and hash in base64url; undefined if the text is not one. */
function parse(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== "scrypt" || !salt || !hash || !Object.values(cost).every((v) => Number.isSafeInteger(v) && v > 0)) return undefined;
  return { cost, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}

export class Passwords {
  private readonly gate = new Gate(concurrency, queueLength);
  private decoy: Promise<string> | undefined;

  /** `cost` other than {@link productionCost} is for tests alone (ServerOptions.passwordCost). */
  constructor(readonly cost: ScryptCost = productionCost) {
    if (!(cost.N > 1 && Number.isInteger(Math.log2(cost.N)))) throw new Error(`scrypt's N must be a power of two above 1, not ${cost.N}`);
  }

  hash(password: string): Promise<string> {
    const { N, r, p } = this.cost;
    const salt = randomBytes(16);
    return this.gate.run(async () => {
      const key = await derive(password, salt, this.cost, keylen);
      return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
    });
  }

  /**
   * Whether the password is the one hashed in `stored`. Without a stored hash (no such user) it
   * checks against a decoy of the same cost, so the time taken does not tell which usernames exist.
   */
  async verify(password: string, stored: string | undefined): Promise<boolean> {
    if (stored === undefined)
      this.decoy ??= this.hash(randomBytes(16).toString("base64url")).catch((err: unknown) => {
        this.decoy = undefined; // busy this time: made at the next such sign-in
        throw err;
      });
    const found = parse(stored ?? (await this.decoy!));
    if (!found) return false;
    const key = await this.gate.run(() => derive(password, found.salt, found.cost, found.hash.length));
    return stored !== undefined && timingSafeEqual(key, found.hash);
  }

  /** Whether a stored hash is cheaper than new ones: it is replaced when its owner next signs in. */
  outdated(stored: string): boolean {
    const found = parse(stored);
    return !found || found.cost.N < this.cost.N || found.cost.r < this.cost.r || found.cost.p < this.cost.p;
  }
}
