// Rule 112: a vote must be unambiguous; an ambiguous one is not a vote.
//
// Readings taken where the text is open:
// - This rule is where a message is read as a vote or not. Every rule may offer phrases
//   (the question "vote.phrase" { text } → "for" | "against" | "withdraw": Rule 207's phrases,
//   Rule 206's "withdraw" and "abstain"); the text asked about is the message's whole text,
//   trimmed of surrounding spaces.
// - A message is a vote when the phrases give it exactly one meaning. None (anything but a
//   phrase, "aye nay", "yes please") or several (two rules reading one phrase differently) is
//   ambiguous: not a vote, and the message is only a message.
// - Rule 206 asks "vote.reading" { text } → "for" | "against" | "withdraw" | null.

answer("vote.reading", ({ text }: { text: string }) => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const meanings = game.askAll<string>("vote.phrase", { text: trimmed }).map((a) => a.value);
  const distinct = meanings.filter((m, i) => meanings.indexOf(m) === i);
  return distinct.length === 1 ? distinct[0]! : null;
});
