// Rule 110: ossification. A change that would leave the game ossified (the rules impossible
// to change, and the game neither ended nor set to end) is canceled.
//
// Readings taken:
// - The engine asks at the end of every act whether its outcome may stand ("outcome.allowed",
//   reading the state as the act leaves it); this rule cancels it when the rules could no
//   longer be changed: no player active to propose (every remaining player inactive), or no
//   rule offering the action by which proposals are made. The engine itself refuses a
//   rule-change that leaves no way to propose.
// - The game is "set to end" once it has ended, or during an End State (Rule 211: it ends at a
//   turn's end once it has lasted 168 hours): no act is canceled then, the one ending the game
//   included.
// - Leaving the game is always open to a player (Rule 109, which takes precedence over this
//   rule by number, Rule 108): a player's leaving is never canceled, even if those remaining
//   are all inactive (a player removed for absence has left too). Only a change that renders
//   the game ossified is canceled, not one made while it is: once a leaving has left no active
//   player, every act stands (the turns go on, a player may declare themselves active) until
//   a turn starts or someone joins with a player active again. With no player left, nobody is
//   there to be ossified: joining (Rule 213) remains.

const status = playerState<string>("status", { initial: "active" });
const endState = gameState<Json>("endState", { initial: null });
const leftOssified = gameState<boolean>("ossifiedByLeaving", { initial: false, visibility: "hidden", display: { as: "hidden" } });

const noneActive = () => {
  const players = game.players();
  return players.length > 0 && players.every((p) => status.get(p.id) !== "active");
};

on("player.left", () => {
  if (noneActive()) leftOssified.set(true);
});
for (const type of ["turn.started", "player.joined"]) {
  on(type, () => {
    if (leftOssified.get() && !noneActive()) leftOssified.set(false);
  });
}

answer("outcome.allowed", ({ act }: OutcomeQuestion) => {
  if (game.isOver() || endState.get() !== null || act.kind === "leave" || leftOssified.get()) return undefined;
  if (noneActive()) return "it would leave no active player to change the rules: the game would be ossified (Rule 110)";
  if (game.rules.provider("propose") === undefined) return "it would leave no way to propose a rule-change: the game would be ossified (Rule 110)";
  return undefined;
});
