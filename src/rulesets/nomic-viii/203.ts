// Rule 203: a proposal is passed if and only if more votes are in favour of it than against
// it; other rules may add conditions.
//
// Readings taken: the votes are the tally of the proposal's vote when it closes (Rule 206
// keeps it); withdrawn votes count for nothing. A tie, or no vote at all, does not pass.
// Other rules' conditions are their own answers to "adoption": Rule 202 requires all to agree.

answer("adoption", ({ tally }: { tally: { [person: string]: "for" | "against" } }) => {
  const cast = Object.values(tally);
  const favour = cast.filter((v) => v === "for").length;
  const against = cast.length - favour;
  return favour > against
    ? { adopted: true, reason: `a simple majority in favour (${favour} for, ${against} against)` }
    : { adopted: false, reason: `it needs more votes for than against (${favour} for, ${against} against)` };
});
