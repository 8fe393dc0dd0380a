// Rule 207: the phrases that are votes. Only these, case-insensitive: "aye", "yay", "yes", "y"
// vote for; "nay", "no", "n" vote against.
//
// Readings taken where the text is open:
// - A phrase is a vote when it is the message's whole text, ignoring case and the spaces around
//   it (Rule 112 trims the text before asking): "aye" is a vote, "aye, I think" is not.
// - The phrases are offered to Rule 112 as answers to "vote.phrase" { text } → "for" | "against";
//   Rule 206 offers "withdraw" the same way. Rule 112 decides whether a message is a vote.

const affirmative = ["aye", "yay", "yes", "y"];
const negative = ["nay", "no", "n"];

answer("vote.phrase", ({ text }: { text: string }) => {
  const phrase = text.toLowerCase();
  if (affirmative.includes(phrase)) return "for";
  if (negative.includes(phrase)) return "against";
  return undefined;
});
