/** The records: officers' corrections, the published ruleset, the reports, and the whole game as a file. */
import { visible } from "../../present/visible-text.js";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "@sinclair/typebox";
import {
  changing,
  CorrectionReply,
  CorrectionRequest,
  errorResponses,
  GameArchiveSchema,
  ImportReply,
  ImportRequest,
  inGame,
  MomentQuery,
  recordContent,
  ref,
  RulesetQuery,
  signedIn,
} from "../../api/index.js";
import type { Game } from "../../kernel/game.js";
import type { Recorder } from "../../kernel/types.js";
import { hiddenInLog } from "../../kernel/visibility.js";
import { fileSlug, recordFileName, renderRecord, reportKind, type RecordKind } from "../../records/documents.js";
import { asOf } from "../../records/reports/as-of.js";
import { ArchiveError, checkArchive, exportGame, importGame, serializeArchive, type ArchivedMessage } from "../../records/archive/index.js";
import { loadPreset } from "../../ruleset-sources/presets.js";
import { randomBytes } from "node:crypto";
import { requireUser, type Api, type ServerContext } from "../context.js";
import { ApiError, badRequest, forbidden, notFound } from "../errors.js";
import { gameIdParams, isTimeZone } from "../schemas.js";
import { logEntry, momentFor } from "../views.js";
import { seat } from "./play.js";

function presetTitle(game: Game): string | undefined {
  try {
    return game.info.preset ? loadPreset(game.info.preset).info.title : undefined;
  } catch {
    return undefined;
  }
}

const exportFile = { description: "The game file (a download)", content: { "application/json": { schema: ref(GameArchiveSchema) } } };

export function recordsRoutes(app: Api, context: ServerContext): void {
  /** One record as the signed-in player may see it, at the moment asked for, in the format asked for. */
  const sendRecord = async (request: FastifyRequest & { params: { id: string }; query: MomentQuery }, reply: FastifyReply, kind: RecordKind) => {
    const { game, membership } = await seat(context, request, request.params.id);
    const log = await context.hub.engine.store.readActs(game.id, 0);
    const { acts, state } = asOf(log, momentFor(log, request.query, game.state.seq));
    const format = request.query.format ?? "json";
    const title = presetTitle(game);
    const record = renderRecord(kind, { acts, state, viewer: membership.playerId, ...(title !== undefined ? { presetTitle: title } : {}) }, format);
    if (request.query.download) reply.header("Content-Disposition", `attachment; filename="${recordFileName(game.info.name, kind, state.seq, format)}"`);
    if (format === "json") return reply.send(record);
    // Text for people shows control characters instead of passing them to a terminal.
    return reply.type(format === "markdown" ? "text/markdown; charset=utf-8" : "text/plain; charset=utf-8").send(visible(String(record)));
  };

  app.get(
    "/api/games/:id/ruleset",
    {
      schema: {
        operationId: "getRuleset",
        tags: ["records"],
        summary:
          "The ruleset, published from the records: short (the rules in effect, grouped as the game groups them) or full (with each rule's history, annotations citing rulings, and the repealed rules); as JSON, plain text or Markdown; now or at any past moment",
        params: gameIdParams,
        querystring: RulesetQuery,
        response: { 200: recordContent, ...errorResponses(...inGame) },
      },
    },
    async (request, reply) => sendRecord(request, reply, request.query.full ? "full-ruleset" : "ruleset"),
  );

  app.get(
    "/api/games/:id/reports/:kind",
    {
      schema: {
        operationId: "getReport",
        tags: ["records"],
        summary:
          "An officer's report derived from the log: proposals (votes, outcome, the rule that decided it), scores (every per-player quantity, each change traced to its act and rule) or court (cases, rulings, deadlines); as you may see it, now or at any past moment",
        params: Type.Object({ id: gameIdParams.properties.id, kind: Type.String({ maxLength: 40, description: "proposals, scores or court" }) }),
        querystring: MomentQuery,
        response: { 200: recordContent, ...errorResponses(...inGame) },
      },
    },
    async (request, reply) => {
      const kind = reportKind(request.params.kind);
      if (!kind) throw notFound(`there is no report "${request.params.kind}"; the reports are: proposals, scores, court`);
      return sendRecord(request, reply, kind);
    },
  );

  app.post(
    "/api/games/:id/corrections",
    {
      schema: {
        operationId: "correct",
        tags: ["records"],
        summary:
          "Record an officer's correction: set values, citing the rule or ruling it rests on. Who may is the rules' question; where no rule names an officer, the game's host (its creator, with asHost) may",
        params: gameIdParams,
        body: CorrectionRequest,
        response: { 200: ref(CorrectionReply), ...errorResponses(...changing, ...inGame, 409, 422, 503) },
      },
    },
    async (request) => {
      const { game, user, membership } = await seat(context, request, request.params.id);
      const { asHost, ...correction } = request.body;
      if (asHost && context.accounts.settings(game.id)?.ownerId !== user.id)
        throw forbidden("only the game's creator records corrections as its host; record it as your player, if the rules name you an officer");
      const by: Recorder = asHost ? { host: true } : { player: membership.playerId };
      const outcome = await context.hub.change(game, (g) => g.correct(by, correction));
      return { seq: outcome.act.seq, entry: logEntry(game.state, outcome.act, membership.playerId) };
    },
  );

  app.get(
    "/api/games/:id/export",
    {
      schema: {
        operationId: "exportGame",
        tags: ["records"],
        summary:
          "The whole game as one file (its log, with every rule's text and code), to move it to another server or archive it. The game's creator only, and only while the log holds nothing the rules hide from their player (the file holds every secret); otherwise whoever keeps the server's game file exports it with the command line (nomos export)",
        params: gameIdParams,
        response: { 200: exportFile, ...errorResponses(...inGame) },
      },
    },
    async (request, reply) => {
      const { game, user, membership } = await seat(context, request, request.params.id);
      const settings = context.accounts.settings(game.id);
      if (settings?.ownerId !== user.id) throw forbidden("only the game's creator can export it: the file holds every player's secrets");
      // The creator is also a player: the file must not show them what the rules hide from
      // them (a label on their own forehead, another player's hand). Only the keeper of the
      // server's game file, who holds every secret already, can export such a game.
      const hidden = hiddenInLog(await context.hub.engine.store.readActs(game.id), membership.playerId);
      if (hidden) {
        throw forbidden(
          `you cannot export this game: the file holds its whole log, and the log holds ${hidden}, which the rules hide from your player (${membership.playerId}). ` +
            `Whoever keeps this server's game file can export it with: nomos export --db <the server's database> --game ${game.id} <file>`,
        );
      }
      const table = context.hub.messages;
      const archive = await exportGame(context.hub.engine.store, game.id, { timeZone: settings.timeZone }, table && (() => table.archived(game.id)));
      return reply
        .header("Content-Disposition", `attachment; filename="${fileSlug(game.info.name)}-${game.state.seq}.nomos.json"`)
        .type("application/json; charset=utf-8")
        .send(serializeArchive(archive));
    },
  );

  app.post(
    "/api/games/import",
    {
      bodyLimit: 64 * 1024 * 1024,
      schema: {
        operationId: "importGame",
        tags: ["records"],
        summary:
          "Add a game exported from Nomos (GET .../export, or nomos export): it is checked, given a new id, and you become its creator, seated as the player you name",
        body: ImportRequest,
        response: { 201: ref(ImportReply), ...errorResponses(...changing, ...signedIn) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      let checked: ReturnType<typeof checkArchive>;
      try {
        checked = checkArchive(request.body.archive);
      } catch (err) {
        if (err instanceof ArchiveError) throw new ApiError(400, `archive-${err.code}`, err.message);
        throw err;
      }
      const players = checked.state.players;
      const me = players.find((p) => p.id === request.body.as);
      if (!me)
        throw badRequest(
          `"${request.body.as ?? ""}" is not a player of this game; its players are: ${players.map((p) => `${p.id} (${p.name})`).join(", ") || "none"}`,
        );
      // Always a new id: an id chosen in a file must not reach another game on this server. Its messages go in with it.
      const table = context.hub.messages;
      const info = await importGame(context.hub.engine.store, checked.archive, {
        id: randomBytes(5).toString("hex"),
        ...(table ? { messages: (id: string, messages: ArchivedMessage[]) => table.restore(id, messages) } : {}),
      });
      const zone = checked.archive.extra?.timeZone;
      const settings = context.accounts.createSettings(info.id, user.id, typeof zone === "string" && isTimeZone(zone) ? zone : (user.timeZone ?? "UTC"));
      context.accounts.addMember(info.id, user.id, me.id);
      return reply.code(201).send({ id: info.id, name: info.name, me: me.id, invite: settings.inviteCode, acts: checked.archive.acts.length });
    },
  );
}
