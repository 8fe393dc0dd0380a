/** What a season came to, as `nomos play --json` prints it: read from the game's state and log. */
import { participantsOf } from "../../../kernel/participants.js";
import type { SqliteStore } from "../../../store/sqlite-store.js";
import type { SeasonResult } from "./driver.js";
import { casesOf, endStateOf, moderatorsOf, pointsOf, proposalsOf, turnOf } from "./state.js";

export function seasonSummary({ game, cast, stopped }: SeasonResult, store: SqliteStore, db: string) {
  const state = game.state;
  const name = (id: string) => [...participantsOf(state), ...state.departed].find((p) => p.id === id)?.name ?? id;
  const acts = store.readActs(game.id);
  const days = (state.time - game.info.createdAt) / 86_400_000;
  const count = (votes: Record<string, string>, side: string) => Object.values(votes).filter((v) => v === side).length;
  const end = endStateOf(game);
  return {
    game: game.id,
    seed: game.info.seed,
    preset: "nomic-viii",
    db,
    turns: turnOf(game)?.number ?? 0,
    days: Math.round(days * 10) / 10,
    weeks: Math.round((days / 7) * 10) / 10,
    acts: state.seq,
    messages: state.messages?.last ?? 0,
    // Rules that threw, and rules stopped (out of fuel, memory or time) in an act that ran again without them.
    failures: acts.reduce((n, a) => n + a.effects.filter((e) => e.e === "rule.failed").length + Object.keys(a.stopped ?? {}).length, 0),
    status: state.status,
    stopped,
    result: state.result && { ...state.result, winners: state.result.winners.map((id) => ({ id, name: name(id) })) },
    moderators: moderatorsOf(game).map(name),
    players: state.players.map((p) => ({ id: p.id, name: p.name, joinedAt: new Date(p.joinedAt).toISOString(), points: pointsOf(game, p.id) })),
    cast: Object.fromEntries(Object.entries(cast).map(([part, who]) => [part, Array.isArray(who) ? who.map(name) : name(who)])),
    proposals: proposalsOf(game).map((p) => ({
      key: p.key,
      number: p.number || null,
      author: p.author && name(p.author),
      title: p.change.title ?? null,
      stage: p.stage,
      for: count(p.votes, "for"),
      against: count(p.votes, "against"),
      reason: p.reason,
    })),
    rules: Object.values(state.rules)
      .filter((r) => r.number > 300)
      .map((r) => ({ number: r.number, title: r.title, hasCode: r.code !== null })),
    cases: casesOf(game).map((c) => ({
      number: c.number,
      question: c.question,
      judge: c.judge && name(c.judge),
      verdict: c.verdict,
      invalidated: c.invalidated.map(name),
    })),
    endState: end && {
      claimant: name(end.claimant),
      winners: end.winners.map(name),
      secondedBy: name(end.secondedBy),
      since: new Date(end.since).toISOString(),
    },
  };
}
