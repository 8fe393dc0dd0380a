/** `nomos remote post` and `posts`: the game's forum, where its players talk outside the rules (a server's only). */
import { output, UsageError } from "../context.js";
import { positive } from "../parse.js";
import { connect, type Surface } from "../surface.js";
import { when } from "../../present/format.js";
import { chooseGame, gamePath, type Post } from "./api.js";

export function registerForumCommands(surface: Surface): void {
  surface
    .command("post <text>")
    .description("post to the game's forum, where its players talk outside the rules")
    .action(async (text: string) => {
      const g = surface.globals();
      if (!text.trim()) throw new UsageError("a post cannot be blank");
      const client = connect();
      const id = await chooseGame(client, g.game);
      const posted = await client.post<{ id: number }>(gamePath(id, "/posts"), { body: text });
      output(g, { game: id, id: posted.id }, () => `Posted to the forum of game ${id} (post ${posted.id}).`);
    });

  surface
    .command("posts")
    .description("read the game's forum, oldest first")
    .option("--limit <n>", "only the last n posts", positive("--limit"))
    .action(async (o: { limit?: number }) => {
      const g = surface.globals();
      const client = connect();
      const id = await chooseGame(client, g.game);
      const posts: Post[] = [];
      for (;;) {
        const page = await client.get<Post[]>(`${gamePath(id, "/posts")}?after=${posts.at(-1)?.id ?? 0}`);
        if (!page.length) break;
        posts.push(...page);
      }
      const shown = o.limit ? posts.slice(-o.limit) : posts;
      output(
        g,
        shown,
        () =>
          shown
            .map(
              (p) =>
                `#${p.id} ${when(p.createdAt)} ${p.author.displayName}:\n${p.body
                  .split("\n")
                  .map((l) => `  ${l}`)
                  .join("\n")}`,
            )
            .join("\n") || "No posts yet.",
      );
    });
}
