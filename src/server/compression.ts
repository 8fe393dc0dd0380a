/**
 * The API's large JSON replies compressed, brotli or gzip as the request's Accept-Encoding
 * allows (@fastify/compress): the rules, a page's first read of the log, the API's description.
 * Not the small ones: a game's page (about 17 KiB with ten players) is read by every page
 * watching the game after every act, and compressing it costs 50-220 µs of CPU (brotli 1-4,
 * gzip 1-6; figures in the CHANGELOG), 10-45% of a core at the 2,000 reads/s the server is
 * built to answer on two cores, to save some 14 KiB each. The web's files are compressed when
 * they are built (web-files.ts); the live stream never is (routes/live.ts writes it raw, and it
 * is not JSON). What is compressed is read once per page load, so the plugin's own levels
 * (brotli 4, gzip 6) trade its CPU for fewer bytes.
 */
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Replies from this size up are compressed; below it, the CPU costs more than the bytes saved. */
export const compressedFrom = 32 * 1024;

/** Registered before the routes it applies to. */
export async function compressLargeReplies(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: compressedFrom,
    encodings: ["br", "gzip"],
    // JSON only: everything else sent is either compressed already (the web's files) or a stream.
    customTypes: /^application\/json(;|$)/,
    // Requests stay uncompressed: the body limit then bounds what a request can make the server hold.
    globalDecompression: false,
  });
}
