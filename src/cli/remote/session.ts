/**
 * The remote session file: which server the CLI talks to, and the signed-in session there
 * ({url, cookie, csrf, username}). It holds a live session token, so it is written with
 * mode 0600 (in a 0700 directory), atomically, and never printed.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { UsageError } from "../context.js";

export interface RemoteSession {
  /** The server's origin, such as http://localhost:8080. */
  url: string;
  /** The session cookie as the server set it: "nomos_session=<token>". */
  cookie: string;
  /** The session's CSRF token, sent as X-CSRF-Token with every POST or PATCH. */
  csrf: string;
  username: string;
}

/** $NOMOS_REMOTE_FILE, or ~/.config/nomos/remote.json. */
export function sessionFile(): string {
  return process.env.NOMOS_REMOTE_FILE || join(homedir(), ".config", "nomos", "remote.json");
}

export const loginHint = "nomos remote login <url> <username>";

function isSession(v: unknown): v is RemoteSession {
  if (!v || typeof v !== "object") return false;
  const s = v as Record<string, unknown>;
  return typeof s.url === "string" && typeof s.cookie === "string" && typeof s.csrf === "string" && typeof s.username === "string";
}

/** The stored session, or undefined when there is none. */
export function readSession(file = sessionFile()): RemoteSession | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new UsageError(`cannot read the session file ${file}: ${(err as Error).message}`, "session-file");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!isSession(parsed)) throw new UsageError(`the session file ${file} is damaged; log in again: ${loginHint}`, "session-file");
  return { url: parsed.url, cookie: parsed.cookie, csrf: parsed.csrf, username: parsed.username };
}

/** The stored session, or an error saying how to log in. */
export function requireSession(file = sessionFile()): RemoteSession {
  const session = readSession(file);
  if (!session) throw new UsageError(`you are not logged in to a Nomos server; run: ${loginHint}`, "signed-out");
  return session;
}

/** Writes the session, readable by its owner only; a reader never sees half a file. */
export function writeSession(session: RemoteSession, file = sessionFile()): void {
  const dir = dirname(file);
  try {
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600 });
    // The mode given to writeFileSync is filtered by the umask and ignored for an existing file.
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  } catch (err) {
    throw new UsageError(`cannot write the session file ${file}: ${(err as Error).message}`, "session-file");
  }
}

export function removeSession(file = sessionFile()): boolean {
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}
