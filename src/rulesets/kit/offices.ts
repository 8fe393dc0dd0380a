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
// Kept by position in OFFICES ("1", "2", …), so the page lists them in the order named.
const offices = recordState<Office>("offices", {
  describe: "The offices the group named, and who holds each",
  display: {
    label: "Offices",
    empty: "No office was named",
    columns: [
      { field: "office", label: "Office" },
      { field: "holder", label: "Held by", format: "player" },
    ],
  },
});

const holderOf = (office: string): PlayerId | null => Object.values(offices.all()).find((o) => o.office === office)?.holder ?? null;
const keyOf = (office: string) => String(OFFICES.indexOf(office) + 1);

/** Every named office has a holder while anyone plays; offices no longer named are gone. */
function fill(): void {
  const longest = game.players()[0]?.id ?? null;
  const held = OFFICES.map((office) => holderOf(office));
  for (const key of offices.keys()) if (Number(key) > OFFICES.length) offices.delete(key);
  OFFICES.forEach((office, i) => {
    const was = held[i];
    const holder = was && game.player(was) ? was : longest;
    const now = offices.get(keyOf(office));
    if (now?.office !== office || now.holder !== holder) offices.set(keyOf(office), { office, holder });
  });
}
on("player.joined", fill);
on("player.left", fill);
on("rule.changed", fill);

answer("office.holder", ({ office }: { office: string }) => (OFFICES.includes(office) ? holderOf(office) : undefined));
answer("office.held", ({ player }: { player: PlayerId }) => OFFICES.filter((office) => holderOf(office) === player));

action(
  "hand-over-office",
  {
    describe: "Hand an office you hold to another player",
    input: t.object({ office: t.enum(OFFICES, { describe: "The office" }), to: t.player({ describe: "Who takes it" }) }),
  },
  (input, { actor }) => {
    if (input.to === actor) game.refuse(`you already hold the office of ${input.office}`);
    offices.set(keyOf(input.office), { office: input.office, holder: input.to });
    game.post(`${game.player(actor)?.name ?? actor} hands the office of ${input.office} to ${game.player(input.to)?.name ?? input.to}.`);
    game.emit("office.changed", { office: input.office, from: actor, to: input.to });
  },
);

// Only a holder hands an office on: asked before any input, so the page offers this action to holders only.
forbid("hand-over-office", (input, { actor }) => {
  const office = typeof input.office === "string" ? input.office : undefined;
  if (office === undefined) return OFFICES.some((o) => holderOf(o) === actor) ? undefined : "you hold no office to hand over";
  const holder = holderOf(office);
  return holder === actor ? undefined : `you do not hold the office of ${office}; ${game.player(holder ?? "")?.name ?? "nobody"} does`;
});
