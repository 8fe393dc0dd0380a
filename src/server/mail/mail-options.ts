/** The mail options of `nomos serve`, checked before anything starts (kept apart from nodemailer, which the CLI's other commands need not load). */

/** Checks --smtp-url and --mail-from before anything starts, in words. */
export function mailSettingsProblem(smtpUrl: string, from: string | undefined, publicUrl: string | undefined): string | undefined {
  try {
    const url = new URL(smtpUrl);
    if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return `--smtp-url must start with smtp:// or smtps://, not "${url.protocol}//"`;
  } catch {
    return `--smtp-url "${smtpUrl}" is not a URL; write it as smtp://user:password@relay.example.org:587`;
  }
  if (!publicUrl) return "mail needs --public-url (the address players use), so that its links lead somewhere";
  if (!from || !/^[^@\s<>]+@[^@\s<>]+$/.test(from.replace(/^.*<(.*)>\s*$/, "$1")))
    return `--mail-from must be an address, such as "Nomos <nomos@nomic.example.org>"${from ? `, not "${from}"` : ""}`;
  return undefined;
}
