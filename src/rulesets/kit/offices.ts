// Hand play: offices. A rule of the hand-play kit (see proposals.ts): the officers who keep a
// game by hand where its rules have no code.
//
// Reading: the offices are those the group named when it created the game (OFFICES, written
// here by the import). The first player in the game (the one who created it) holds each at
// first. A holder hands an office to another player by a recorded act; when a holder leaves,
// the office passes to the player who has been in the game longest. Offices are people the
// rules name, not roles the engine knows: other rules ask "office.holder" (who holds an
// office) and "office.held" (which offices a player holds). Amending this rule's code (the
// OFFICES line) adds or abolishes offices.

const OFFICES: readonly string[] = ["Assessor"]; // hand-play: offices

interface Office {
  office: string;
  holder: PlayerId | null;
}
const offices = recordState<Office>("offices", { describe: "The offices the group named, and who holds each" });

/** Every named office has a holder while anyone plays; offices no longer named are gone. */
function fill(): void {
  const longest = game.players()[0]?.id ?? null;
  for (const key of offices.keys()) if (!OFFICES.includes(key)) offices.delete(key);
  for (const office of OFFICES) {
    const now = offices.get(office);
    if (!now?.holder || !game.player(now.holder)) offices.set(office, { office, holder: longest });
  }
}
on("player.joined", fill);
on("player.left", fill);
on("rule.changed", fill);

answer("office.holder", ({ office }: { office: string }) => (OFFICES.includes(office) ? (offices.get(office)?.holder ?? null) : undefined));
answer("office.held", ({ player }: { player: PlayerId }) => OFFICES.filter((office) => offices.get(office)?.holder === player));

action(
  "hand-over-office",
  {
    describe: "Hand an office you hold to another player",
    input: t.object({ office: t.enum(OFFICES, { describe: "The office" }), to: t.player({ describe: "Who takes it" }) }),
  },
  (input, { actor }) => {
    if (input.to === actor) game.refuse(`you already hold the office of ${input.office}`);
    offices.set(input.office, { office: input.office, holder: input.to });
    game.post(`${game.player(actor)?.name ?? actor} hands the office of ${input.office} to ${game.player(input.to)?.name ?? input.to}.`);
    game.emit("office.changed", { office: input.office, from: actor, to: input.to });
  },
);

// Only a holder hands an office on: asked before any input, so the page offers this action to holders only.
forbid("hand-over-office", (input, { actor }) => {
  const office = typeof input.office === "string" ? input.office : undefined;
  if (office === undefined) return OFFICES.some((o) => offices.get(o)?.holder === actor) ? undefined : "you hold no office to hand over";
  const holder = offices.get(office)?.holder;
  return holder === actor ? undefined : `you do not hold the office of ${office}; ${game.player(holder ?? "")?.name ?? "nobody"} does`;
});
