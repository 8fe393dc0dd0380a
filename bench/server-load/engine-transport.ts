/**
 * The players reach their games in this process, straight through the engine: the server's
 * game hub (one act at a time per game, the store, the sandboxes) and the same page builder
 * and page cache the API's routes use, with no HTTP, sessions or memberships in between.
 * Refusals come back with the status the API would give them (src/server/errors.ts).
 */
import type { Game } from "../../src/kernel/game.js";
import { viewFor } from "../../src/kernel/visibility.js";
import { loadPreset } from "../../src/ruleset-sources/presets.js";
import { toErrorReply } from "../../src/server/errors.js";
import type { GameHub } from "../../src/server/hub.js";
import { PageCache } from "../../src/server/page-cache.js";
import { gamePage, logEntry } from "../../src/server/views.js";
import type { Effect, ProposalValue, TurnValue } from "./table.js";
import type { Account, ActAnswer, Answer, Seat, Transport } from "./transport.js";

function refusal(err: unknown): Answer {
  const { status, body, unexpected } = toErrorReply(err);
  return { status, bytes: 0, error: unexpected ? `internal: ${(err as Error).message}` : `${body.error.code}: ${body.error.message}` };
}

export class EngineTransport implements Transport {
  private readonly pages = new PageCache();
  private readonly suber = loadPreset("suber");

  constructor(private readonly hub: GameHub) {
    // As the API's routes do: an unloaded game's pages go with it.
    hub.onUnload((id) => this.pages.forget(id));
  }

  private async game(id: string): Promise<Game> {
    const game = await this.hub.get(id);
    if (!game) throw new Error(`there is no game "${id}"`);
    return game;
  }

  async createGame(owner: Account, name: string) {
    try {
      const { game, player } = await this.hub.found(
        { name, preset: "suber", rules: this.suber.rules, archived: this.suber.archived },
        owner.name,
        () => undefined,
      );
      return { status: 201, bytes: 0, game: { id: game.id, ticket: game.id, me: player.id } };
    } catch (err) {
      return refusal(err);
    }
  }

  async join(account: Account, ticket: string) {
    try {
      const player = await this.hub.join(await this.game(ticket), account.name, () => undefined);
      return { status: 200, bytes: 0, me: player.id };
    } catch (err) {
      return refusal(err);
    }
  }

  async act(seat: Seat, gameId: string, action: string, input: unknown): Promise<ActAnswer> {
    try {
      const game = await this.game(gameId);
      const outcome = await this.hub.change(game, (g) => g.act(seat.player, action, input));
      return { status: 200, bytes: 0, effects: logEntry(game.state, outcome.act, seat.player).effects as Effect[] };
    } catch (err) {
      return refusal(err);
    }
  }

  /** Built and serialized once per act and viewer, as the API's GET /api/games/:id does (JSON.stringify here, fastify's serializer there). */
  async read(seat: Seat, gameId: string): Promise<Answer> {
    try {
      const game = await this.game(gameId);
      const body = await this.pages.get(game, seat.player, undefined, null, () =>
        this.hub.read(game, async (g) => JSON.stringify(await gamePage(g, undefined, seat.player))),
      );
      return { status: 200, bytes: body.length };
    } catch (err) {
      return refusal(err);
    }
  }

  async facts(seat: Seat, gameId: string) {
    try {
      const { view, mutable } = await this.hub.read(await this.game(gameId), async (g) => ({
        view: (await gamePage(g, undefined, seat.player)).view,
        mutable: viewFor(g.state, null)
          .rules.filter((r) => r.mutable)
          .map((r) => r.number),
      }));
      const value = (name: string) => view.state.find((s) => s.name === name)?.value;
      return {
        status: 200,
        bytes: 0,
        facts: {
          status: view.status,
          turn: value("turn") as unknown as TurnValue,
          proposals: (value("proposals") ?? {}) as unknown as Record<string, ProposalValue>,
          mutable,
        },
      };
    } catch (err) {
      return refusal(err);
    }
  }
}
