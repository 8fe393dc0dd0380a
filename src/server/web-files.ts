/**
 * The web UI's files, as scripts/build-web.mjs writes them into dist/web. Every file under
 * /assets/ carries a hash of its content in its name, so browsers and proxies may keep it for
 * good; index.html, which names them, is asked for again on every visit (its ETag makes that
 * a 304 when nothing changed), so a new deploy reaches each page at its next load. Each file
 * goes as the build compressed it (.br, .gz), as the request's Accept-Encoding allows:
 * nothing is compressed while serving.
 */
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { ApiError } from "./errors.js";

export const keptForGood = "public, max-age=31536000, immutable";
export const askedAgain = "no-cache";

export async function serveWebFiles(app: FastifyInstance, root: string): Promise<void> {
  const hashed = join(root, "assets") + sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: "index.html",
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => void reply.header("Cache-Control", path.startsWith(hashed) ? keptForGood : askedAgain),
  });
  // Browsers ask for /favicon.ico by habit: the icon is the SVG every page links to.
  app.get("/favicon.ico", { schema: { hide: true } }, async (_request, reply) => reply.redirect("/favicon.svg", 301));
  // A hashed file this build did not write (a chunk an older page asks for after a deploy) is
  // not found, in so many words: the app's page in its place would fail as a script.
  app.get("/assets/*", { schema: { hide: true } }, async (request) => {
    throw new ApiError(404, "not-found", `${request.url.split("?")[0]} is not a file of this version of Nomos: reload the page`);
  });
}
