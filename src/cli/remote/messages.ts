/**
 * `nomos remote say`, `messages`, `edit-message`, `delete-message` and `redact`: the game's
 * channels, where people talk and where rules may hear what is said (a vote, a claim).
 */
import { output, UsageError } from "../context.js";
import { positive } from "../parse.js";
import { connect, type Surface } from "../surface.js";
import { when } from "../../present/format.js";
import type { Channel, Message } from "../../api/index.js";
import { chooseGame, gamePath } from "./api.js";

/** What stands in a message's place: its text, or why there is none. */
export function messageWords(m: Message): string {
  if (m.redacted) return `(redacted by ${m.redacted.byName}: ${m.redacted.reason})`;
  if (m.deleted || m.text === null) return "(deleted)";
  return m.text;
}

function messageLines(m: Message): string {
  const head = `#${m.id} ${when(m.at)} [${m.channel}] ${m.authorName}${m.editedAt !== null && !m.deleted && !m.redacted ? " (edited)" : ""}:`;
  return `${head}\n${messageWords(m)
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n")}`;
}

const notBlank = (text: string, what: string) => {
  if (!text.trim()) throw new UsageError(`${what} cannot be blank`);
};

export function registerMessageCommands(surface: Surface): void {
  surface
    .command("say <text>")
    .description('post a message in one of the game\'s channels ("general" unless --channel says)')
    .option("--channel <id>", "the channel to post in", "general")
    .action(async (text: string, o: { channel: string }) => {
      const g = surface.globals();
      notBlank(text, "a message");
      const client = connect();
      const id = await chooseGame(client, g.game);
      const posted = await client.post<{ id: number }>(gamePath(id, "/messages"), { channel: o.channel, text });
      output(g, { game: id, id: posted.id }, () => `Said in #${o.channel} of game ${id} (message ${posted.id}).`);
    });

  surface
    .command("messages")
    .description("read the game's messages, oldest first (every channel you may read, or one; with no channel, also lists the channels)")
    .option("--channel <id>", "only this channel")
    .option("--limit <n>", "only the last n messages", positive("--limit"))
    .action(async (o: { channel?: string; limit?: number }) => {
      const g = surface.globals();
      const client = connect();
      const id = await chooseGame(client, g.game);
      const channels = await client.get<Channel[]>(gamePath(id, "/channels"));
      if (o.channel !== undefined && !channels.some((c) => c.id === o.channel))
        throw new UsageError(`there is no channel "${o.channel}" that you may read; the channels: ${channels.map((c) => c.id).join(", ")}`);
      const messages: Message[] = [];
      const filter = o.channel === undefined ? "" : `&channel=${encodeURIComponent(o.channel)}`;
      for (;;) {
        const page = await client.get<Message[]>(`${gamePath(id, "/messages")}?after=${messages.at(-1)?.id ?? 0}${filter}`);
        if (!page.length) break;
        messages.push(...page);
      }
      const shown = o.limit ? messages.slice(-o.limit) : messages;
      // As JSON, the channels too (which the words list first): a program reads the same as a person.
      output(g, { game: id, channels, messages: shown }, () => {
        const list = o.channel === undefined ? `Channels: ${channels.map((c) => `#${c.id} (${c.messages}${c.open ? "" : ", closed"})`).join(", ")}\n` : "";
        return list + (shown.map(messageLines).join("\n") || "No messages yet.");
      });
    });

  surface
    .command("edit-message <message> <text>")
    .description("replace the text of a message of yours (rules hear the edit)")
    .action(async (message: string, text: string) => {
      const g = surface.globals();
      const number = positive("<message>")(message);
      notBlank(text, "a message");
      const client = connect();
      const id = await chooseGame(client, g.game);
      await client.request("PATCH", gamePath(id, `/messages/${number}`), { text });
      output(g, { game: id, id: number }, () => `Message ${number} edited.`);
    });

  surface
    .command("delete-message <message>")
    .description("delete a message of yours (everyone sees that it was deleted)")
    .action(async (message: string) => {
      const g = surface.globals();
      const number = positive("<message>")(message);
      const client = connect();
      const id = await chooseGame(client, g.game);
      await client.request("DELETE", gamePath(id, `/messages/${number}`));
      output(g, { game: id, id: number }, () => `Message ${number} deleted.`);
    });

  surface
    .command("redact <message>")
    .description("remove a message's text for good, where the rules allow you (the fact and your reason stay)")
    .requiredOption("--reason <words>", "why: everyone reads it in the message's place")
    .action(async (message: string, o: { reason: string }) => {
      const g = surface.globals();
      const number = positive("<message>")(message);
      notBlank(o.reason, "a reason");
      const client = connect();
      const id = await chooseGame(client, g.game);
      await client.post(gamePath(id, `/messages/${number}/redact`), { reason: o.reason });
      output(g, { game: id, id: number }, () => `Message ${number} redacted: ${o.reason}`);
    });
}
