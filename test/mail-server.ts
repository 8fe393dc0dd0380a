/**
 * A private mail server for tests: Debian's postfix (SMTP in) and dovecot (IMAP out), run from a temporary folder on
 * 127.0.0.1 with their own configuration, never the system's services. Each address has a Maildir, <dir>/mail/<address>/:
 * the path both postfix's virtual delivery agent and dovecot's %u (the full address) name, both as uid 65534.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { type AddressInfo, connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { type ParsedMail, simpleParser } from "mailparser";
import nodemailer from "nodemailer";

export interface MailServer {
  smtpPort: number; // postfix smtpd on 127.0.0.1
  imapPort: number; // dovecot imap on 127.0.0.1
  /** The IMAP password of every mailbox (a test user per address). */
  password: string;
  /** Mailbox addresses it accepts; plus-addressing (nomos+token@nomos.test) delivers to nomos@nomos.test. */
  addresses: string[];
  /** Waits until `address`'s INBOX has a message matching `match` (polling over IMAP); throws after timeoutMs (15 s) with the maillog's tail. */
  waitForMail(address: string, match?: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** All messages now in the INBOX, parsed, oldest first. */
  inbox(address: string): Promise<ParsedMail[]>;
  /** Sends a mail as a player's mail client would: SMTP to postfix, no auth. */
  send(mail: {
    from: string;
    to: string;
    subject?: string;
    text?: string;
    headers?: Record<string, string>;
    inReplyTo?: string;
    /** Its Message-ID (nodemailer makes one if absent): the same twice is the same mail sent again. */
    messageId?: string;
    attachments?: { filename: string; content: string }[];
  }): Promise<void>;
  /** The maillog's text, for failure messages. */
  log(): string;
  /** Stops the processes it started (by their pids) and removes the folder. */
  stop(): Promise<void>;
}

const NOBODY = 65534; // owns the Maildirs: postfix's virtual agent and dovecot's imap both run as it
const PASSWORD = "mail-test-password";

/** A user's or group's id (node has no getpwnam); the Debian packages created them. */
function idOf(file: "/etc/passwd" | "/etc/group", name: string): number {
  const id = new RegExp(`^${name}:[^:]*:(\\d+):`, "m").exec(readFileSync(file, "utf8"))?.[1];
  if (id === undefined) throw new Error(`no ${name} in ${file}: apt-get install -y postfix dovecot-imapd`);
  return Number(id);
}

/** Two ports free now, held together so they differ, then released for the daemons (a race we accept). */
async function freePorts(): Promise<[number, number]> {
  const servers = [createServer().listen(0, "127.0.0.1"), createServer().listen(0, "127.0.0.1")];
  await Promise.all(servers.map((s) => once(s, "listening")));
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return [ports[0]!, ports[1]!];
}

/** Resolves once 127.0.0.1:port accepts a connection; throws with `why()` if the daemon exits or 10 s pass. */
async function waitForPort(port: number, child: ChildProcess, why: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${child.spawnfile} exited (${child.exitCode ?? child.signalCode}):\n${why()}`);
    const socket = connect(port, "127.0.0.1");
    const open = await once(socket, "connect").then(Boolean, () => false); // once() rejects on "error"
    socket.destroy();
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${child.spawnfile}: port ${port} never opened:\n${why()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGTERM (each master ends, its children with or after it), SIGKILL if it lingers. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  child.kill("SIGTERM");
  await once(child, "exit");
  clearTimeout(timer);
}

/** Writes a config file dated an hour ago: postfix rereads a file until it is 2 s old ("cooled down"), which cost 2 s a start. */
function write(path: string, text: string): void {
  writeFileSync(path, text);
  utimesSync(path, Date.now() / 1000 - 3600, Date.now() / 1000 - 3600);
}

const readOr = (path: string): string => (existsSync(path) ? readFileSync(path, "utf8") : "");

export async function startMailServer(addresses: string[]): Promise<MailServer> {
  const [postfix, postfixGroup, postdrop] = [idOf("/etc/passwd", "postfix"), idOf("/etc/group", "postfix"), idOf("/etc/group", "postdrop")];
  const [smtpPort, imapPort] = await freePorts();
  const dir = mkdtempSync(join(tmpdir(), "nomos-mail-"));
  chmodSync(dir, 0o755); // the daemons' unprivileged users traverse it
  const children: ChildProcess[] = [];
  // A test that ends without stop() (the children are unref'd) leaves no daemons: SIGKILL, lest they log into the removed folder.
  const onExit = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {} // one still wrote into it: the folder stays in /tmp
  };
  process.once("exit", onExit);
  const mkdir = (path: string, uid: number, gid: number, mode: number) =>
    void (mkdirSync(path, { recursive: true }), chownSync(path, uid, gid), chmodSync(path, mode));

  // The Maildirs, made up front so that IMAP finds an empty INBOX before the first delivery.
  const mail = join(dir, "mail");
  mkdir(mail, NOBODY, NOBODY, 0o755);
  for (const address of addresses) for (const sub of ["", "cur", "new", "tmp"]) mkdir(join(mail, address, sub), NOBODY, NOBODY, 0o700);

  // postfix: its own config, queue and data folders, with the owners and modes of Debian's /var/spool/postfix.
  const [config, queue, data] = [join(dir, "postfix"), join(dir, "spool"), join(dir, "data")];
  mkdir(config, 0, 0, 0o755);
  mkdir(join(queue, "pid"), 0, 0, 0o755);
  for (const sub of "private incoming active deferred defer bounce trace flush saved hold corrupt".split(" "))
    mkdir(join(queue, sub), postfix, postfixGroup, 0o700);
  mkdir(join(queue, "public"), postfix, postdrop, 0o710);
  mkdir(join(queue, "maildrop"), postfix, postdrop, 0o730);
  mkdir(data, postfix, postfixGroup, 0o700);
  write(join(dir, "mailboxes"), addresses.map((a) => `${a} ${a}/\n`).join("")); // the trailing slash means a Maildir
  // Mail to any other domain (or host) is refused at RCPT by the error transport: nothing leaves, nothing asks DNS.
  const mainCf = `compatibility_level = 3.6
queue_directory = ${queue}
data_directory = ${data}
maillog_file_prefixes = ${dir}
maillog_file = ${join(dir, "maillog")}
myhostname = mail.nomos.test
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
mydestination =
alias_maps =
virtual_mailbox_domains = ${[...new Set(addresses.map((a) => a.split("@")[1]))].join(" ")}
virtual_mailbox_base = ${mail}
virtual_mailbox_maps = texthash:${join(dir, "mailboxes")}
virtual_uid_maps = static:${NOBODY}
virtual_gid_maps = static:${NOBODY}
recipient_delimiter = +
default_transport = error:no mail leaves the test server
relay_transport = error:no mail leaves the test server
smtp_dns_support_level = disabled
smtpd_peername_lookup = no
`;
  write(join(config, "main.cf"), mainCf);
  // Debian's own services (the package's master.cf.dist) but its pipes, none chrooted (a chroot would need copies of /etc's
  // files in the queue), and smtpd on our port only. postlog writes the maillog.
  const services = readFileSync("/usr/share/postfix/master.cf.dist", "utf8").split("\n");
  const debian = services.filter((l) => /^[a-z]/.test(l) && !/\sinet\s|\spipe$/.test(l)).map((l) => l.replace(/^((?:\S+\s+){4})\S+/, "$1n"));
  write(join(config, "master.cf"), `127.0.0.1:${smtpPort} inet n - n - - smtpd\n${debian.join("\n")}\n`);

  // dovecot: a user per address (a passwd-file) mapped to uid 65534 and its Maildir; the internal users are Debian's.
  write(join(dir, "users"), addresses.map((a) => `${a}:{PLAIN}${PASSWORD}\n`).join(""));
  const dovecotConf = `base_dir = ${join(dir, "dovecot")}
state_dir = ${join(dir, "dovecot-state")}
log_path = ${join(dir, "dovecot.log")}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${join(dir, "users")}
}
userdb {
  driver = static
  args = uid=${NOBODY} gid=${NOBODY} home=${join(mail, "%u")}
}
mail_location = maildir:${join(mail, "%u")}
# IDLE tells of new mail within a second (dovecot's default looks every 30 s where inotify is not to be had).
mailbox_idle_check_interval = 1 secs
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
  write(join(dir, "dovecot.conf"), dovecotConf);

  /** Spawns a daemon in the foreground, its own output to a file (errors before its log is open go there or nowhere). */
  const daemon = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv) => {
    const out = openSync(join(dir, `${name}.out`), "a");
    const child = spawn(command, args, { env, stdio: ["ignore", out, out] });
    closeSync(out);
    child.unref();
    children.push(child);
    return child;
  };
  const log = () => readOr(join(dir, "maillog")); // postlogd writes it
  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    process.removeListener("exit", onExit);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Both in the foreground, in this process's group so that a Ctrl-C stops them too. Not leading a group, postfix's master
    // logs "fatal: master_sigdeath: kill process group" on SIGTERM and exits; its children follow it as they see it gone.
    const master = join(execFileSync("/usr/sbin/postconf", ["-dh", "daemon_directory"], { encoding: "utf8" }).trim(), "master");
    const postfixd = daemon("postfix", master, ["-d"], { ...process.env, MAIL_CONFIG: config });
    const dovecotd = daemon("dovecot", "/usr/sbin/dovecot", ["-F", "-c", join(dir, "dovecot.conf")], process.env);
    // The master's own errors go to syslog (/dev/log, absent here) until the maillog is open: `postfix check` finds the likely ones.
    const check = () => spawnSync("/usr/sbin/postfix", ["-c", config, "check"], { encoding: "utf8" }).stderr || "no complaint (see syslog)";
    await waitForPort(smtpPort, postfixd, () => `${readOr(join(dir, "postfix.out"))}${log()}postfix check: ${check()}`);
    await waitForPort(imapPort, dovecotd, () => readOr(join(dir, "dovecot.out")) + readOr(join(dir, "dovecot.log")));
  } catch (error) {
    await stop();
    throw error;
  }

  const inbox = async (address: string): Promise<ParsedMail[]> => {
    const client = new ImapFlow({ host: "127.0.0.1", port: imapPort, secure: false, auth: { user: address, pass: PASSWORD }, logger: false });
    await client.connect();
    try {
      const { exists } = await client.mailboxOpen("INBOX", { readOnly: true });
      if (exists === 0) return [];
      const messages = await client.fetchAll("1:*", { source: true });
      return await Promise.all(messages.map((m) => simpleParser(m.source!)));
    } finally {
      await client.logout();
    }
  };
  const waitForMail: MailServer["waitForMail"] = async (address, match = () => true, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await inbox(address)).find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no mail for ${address} matched in ${timeoutMs} ms; the maillog ends:\n${log().split("\n").slice(-30).join("\n")}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const send: MailServer["send"] = async (message) => {
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtpPort, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail(message);
    } finally {
      transport.close();
    }
  };
  return { smtpPort, imapPort, password: PASSWORD, addresses, waitForMail, inbox, send, log, stop };
}
