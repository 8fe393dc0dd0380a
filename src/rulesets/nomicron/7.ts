// Rule 7: while the game is in convention, the only permitted game actions are making a
// motion, voting on motions, posting to the public forum, and becoming active or inactive.
//
// Readings taken: posting to the forum is not an action the rules offer (the engine's forum
// is always open to players). Leaving the game (resigning, 110.1) is the engine's, not a game
// action: no rule forbids it. The guard also holds any rule made a convention rule later.

interface Round {
  number: number;
  turn: number | null;
  inConvention: boolean;
  turnName: string | null;
}

const permitted = ["motion", "vote-motion", "set-status"];
const round = gameState<Round>("round", { initial: { number: 0, turn: null, inConvention: true, turnName: null } });

forbid("*", (_input, { action }) =>
  round.get().inConvention && !permitted.includes(action)
    ? "while the game is in convention, the only game actions are making a motion, voting on motions, posting to the forum and becoming active or inactive"
    : undefined,
);
