/**
 * Forged events (issue 34): ordinary rule code emits what the engine or another rule raises, so
 * that a preset's own rules act on a fact that never happened. Suber's 208 ends the game for a
 * player it hears reach 200 points, from a correction or from the scoring rule's event. The
 * engine's events must be refused at the emit, named to the hostile rule; a rule's own event that
 * copies another rule's name must change nothing a preset trusts.
 */
import type { Body } from "./bodies.js";

const attack = (body: string) => `action("attack", { describe: "Attack", input: t.object({}) }, () => {\n${body}\n});\n`;
const me = `const me = game.players()[0]!.id;`;
// Each engine event is refused by the same check (src/kernel/engine-events.ts): the first plays it through the CLI too.
const engineEvent = (id: string, what: string, body: string, serverOnly = true): Body => ({
  id,
  class: "forgery",
  trigger: "attack",
  attackMustFail: true,
  what,
  code: attack(body),
  serverOnly,
});

export const forgeryBodies: Body[] = [
  engineEvent(
    "forge-correction-208",
    "emits correction.recorded giving its author 500 points (Rule 208 would end the game)",
    `${me}\ngame.emit("correction.recorded", { recorder: null, cites: { rule: 208 }, reason: "HOSTILE-MARK", changes: [{ name: "points", player: me, value: 500 }], rule: 208 });`,
    false,
  ),
  engineEvent(
    "forge-message-posted",
    "emits message.posted as if another player had posted",
    `game.emit("message.posted", { id: 1, channel: "general", author: game.players()[1]!.id, text: "HOSTILE-MARK I vote for", at: game.now() });`,
  ),
  engineEvent("forge-timer", "emits a timer's event as if it had fired", `game.emit("timer:tick", { note: "HOSTILE-MARK" });`),
  engineEvent(
    "forge-decision",
    "emits an officer's decision",
    `game.emit("decision:ruling", { id: "1", by: "grace-hopper", input: { note: "HOSTILE-MARK" }, data: null });`,
  ),
  engineEvent(
    "forge-rules-changed",
    "emits rules.changed for a rule-change nobody made",
    `game.emit("rules.changed", { cause: "HOSTILE-MARK", changes: [{ kind: "repeal", number: 105, to: null }], by: 104 });`,
  ),
  engineEvent(
    "forge-player-left",
    "emits player.left for a player who stays",
    `game.emit("player.left", { player: game.players()[1]!.id, reason: "HOSTILE-MARK" });`,
  ),
  {
    id: "forge-points-changed",
    class: "forgery",
    trigger: "attack",
    what: "emits Rule 202's points.changed with 500 points for its author (Rule 208 would end the game)",
    code: attack(`${me}\ngame.emit("points.changed", { player: me, total: 500, note: "HOSTILE-MARK" });`),
  },
];
