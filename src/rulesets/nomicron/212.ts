// Rule 212.1: Rendering Judgment. A Judge may recuse themselves within 48 hours of the
// appointment, and a new Judge is selected; a Judge with no Ruling a week after the
// appointment loses 25 points and a new Judge is selected.
//
// Readings taken where the text is open:
// - "Notification of the Judge appointment" is its publication when the Judge is drawn
//   (Rule 210 publishes at once), so both clocks run from the appointment.
// - Neither the recused nor the replaced Judge is drawn again for that case, and neither comes
//   back to the Judicial Pool (only returning a Judgment does that, Rule 211).
// - The administrator serving for want of anyone to draw may not recuse while no one else could
//   be drawn: the recusal would only appoint them again.
// - The penalty is announced as "points.changed" { player, change, total, reason }, as other
//   rules' points are, so that Rule 208 sees every score move.
// - A Judge replaced for want of a Ruling is penalized even if the rules were suspended part of
//   the week (the timer fires when this rule is back in effect, if it is due).

interface Case {
  number: number;
  judge: string | null;
  appointedAt: number | null;
  drawnFrom: string | null;
  formerJudges: string[];
  status: string;
}

const hour = 3_600_000;
const recusalWindow = 48 * hour;
const rulingWindow = 7 * 24 * hour;
const penalty = 25;

const cases = recordState<Case>("cases");
const points = playerState("points", { initial: 0 });
const administrator = gameState<string | null>("administrator", { initial: null });

const name = (id: string) => game.player(id)?.name ?? id;

/** Sets this case's Judge aside and asks for a new one (Rule 211 draws). */
function replace(c: Case, judge: string, reason: string): void {
  cases.set(c.number, { ...c, judge: null, appointedAt: null, drawnFrom: null, formerJudges: [...c.formerJudges, judge] });
  game.emit("court.judge-needed", { case: c.number, reason });
}

const judging = (actor: string) => Object.values(cases.all()).filter((c) => c.status === "awaiting ruling" && c.judge === actor);

action(
  "recuse",
  {
    describe: "As a Judge, recuse yourself from a case within 48 hours of your appointment; a new Judge is drawn",
    input: t.object({ case: t.integer({ minimum: 5301 }) }),
    when: ({ actor }) => (judging(actor).length ? undefined : "you are not the Judge of a case awaiting a ruling"),
  },
  (input, { actor }) => {
    const c = cases.get(input.case);
    if (!c) game.refuse(`there is no case ${input.case}`);
    if (c.status !== "awaiting ruling" || c.judge !== actor) game.refuse(`you are not the Judge of case ${c.number} awaiting a ruling`);
    if (game.now() - (c.appointedAt ?? 0) > recusalWindow)
      game.refuse(`more than 48 hours have passed since your appointment as Judge of case ${c.number}: you may no longer recuse yourself`);
    const others = game.ask<string[]>("court.eligible-judges", { case: c.number })?.value ?? [];
    if (actor === administrator.get() && c.drawnFrom === "administrator" && !others.some((p) => p !== actor))
      game.refuse(`no one in the Judicial Pool may judge case ${c.number}, so the administrator serves as its Judge (Rule 211)`);
    game.post(`${name(actor)} recuses themselves from case ${c.number}; a new Judge is selected.`);
    replace(c, actor, `${name(actor)} recused`);
  },
);

// Each appointment starts the week within which the Judge must rule.
on("court.judge-appointed", (e: GameEvent<{ case: number; judge: string; at: number }>) => {
  game.schedule("ruling-due", { at: e.data.at + rulingWindow }, { case: e.data.case, judge: e.data.judge, at: e.data.at });
});

on("timer:ruling-due", (e: GameEvent<{ case: number; judge: string; at: number }>) => {
  const c = cases.get(e.data.case);
  // Ruled, recused or replaced since: this appointment's week no longer matters.
  if (c?.status !== "awaiting ruling" || c.judge !== e.data.judge || c.appointedAt !== e.data.at) return;
  if (game.player(e.data.judge)) {
    const total = points.get(e.data.judge) - penalty;
    points.set(e.data.judge, total);
    game.emit("points.changed", { player: e.data.judge, change: -penalty, total, reason: `no Ruling on case ${c.number} within a week` });
  }
  game.post(`${name(e.data.judge)} has not ruled on case ${c.number} within a week of appointment: ${penalty} points are lost, and a new Judge is selected.`);
  replace(c, e.data.judge, `${name(e.data.judge)} did not rule within a week`);
});
