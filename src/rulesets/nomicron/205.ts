// Rule 205: an adopted rule-change takes full effect when the vote that adopted it completes,
// at the end of the turn in which it was submitted.
//
// Readings taken: at a turn's end every proposal of that turn is decided, in the order of
// their numbers, by the rule answering "adoption" (106 for immutable and convention rules,
// else 203), counting the votes of the active players (103.1: the others abstained). An
// adopted change that the rules then refuse (111.1: no mutable rule left; a rule repealed by
// an earlier proposal) is recorded as void and takes no effect. A round that ends before a
// turn's end discards that turn's proposals: the vote never completed.

interface Change {
  kind: "enact" | "amend" | "repeal" | "transmute";
  rule?: number;
  title?: string;
  text?: string;
  code?: RuleCode;
  to?: "mutable" | "immutable" | "convention";
}
interface Proposal {
  number: number;
  proposer: PlayerId;
  change: Change;
  turn: string;
  votes: { [player: string]: "for" | "against" };
  status: string;
  reason: string | null;
  decidedBy: number | null;
  method: string | null;
  closedAt: number | null;
}
interface Verdict {
  adopted: boolean;
  method: string;
  reason: string;
}

const proposals = recordState<Proposal>("proposals");

answer("rule-change.adopter", () => true);

function ruleChanges(p: Proposal): RuleChange[] {
  const c = p.change;
  if (c.kind === "enact") return [{ kind: "enact", number: p.number, text: c.text ?? "", title: c.title ?? null, mutable: true, code: c.code ?? null }];
  const number = c.rule!;
  if (c.kind === "repeal") return [{ kind: "repeal", number }];
  if (c.kind === "amend") {
    return [
      {
        kind: "amend",
        number,
        ...(c.text !== undefined ? { text: c.text } : {}),
        ...(c.title !== undefined ? { title: c.title } : {}),
        ...(c.code ? { code: c.code } : {}),
      },
    ];
  }
  const book = c.to === "convention" ? "Convention" : c.to === "immutable" ? "Immutable" : "Mutable";
  return [
    { kind: "transmute", number, mutable: c.to === "mutable" },
    { kind: "set-property", number, key: "book", value: book },
  ];
}

on("turn.ended", (event: GameEvent<{ round: number; turn: number; name: string }>) => {
  const open = Object.values(proposals.all())
    .filter((p) => p.status === "voting" && p.turn === event.data.name)
    .sort((a, b) => a.number - b.number);
  for (const p of open) {
    const verdict = game.ask<Verdict>("adoption", { proposal: p });
    const decided = { closedAt: game.now(), decidedBy: verdict?.rule ?? null, method: verdict?.value.method ?? null };
    if (!verdict?.value.adopted) {
      const reason = verdict?.value.reason ?? "no rule says how a rule-change is adopted";
      proposals.set(p.number, { ...p, ...decided, status: "defeated", reason });
      game.post(`Proposal ${p.number} is defeated: ${reason}.`);
      game.emit("proposal.defeated", { number: p.number, proposer: p.proposer });
      continue;
    }
    try {
      game.rules.applyAll(ruleChanges(p), `Proposal ${p.number}`);
    } catch (err) {
      const reason = `adopted (${verdict.value.reason}), but it cannot take effect: ${err instanceof Error ? err.message : String(err)}`;
      proposals.set(p.number, { ...p, ...decided, status: "void", reason });
      game.post(`Proposal ${p.number} is void: ${reason}.`);
      continue;
    }
    proposals.set(p.number, { ...p, ...decided, status: "adopted", reason: verdict.value.reason });
    game.post(`Proposal ${p.number} is adopted: ${verdict.value.reason}.`);
    game.emit("proposal.adopted", { number: p.number, proposer: p.proposer, method: verdict.value.method });
  }
  game.emit("proposals.closed", { turn: event.data.name, round: event.data.round, ordinal: event.data.turn });
});

on("round.ended", () => {
  for (const p of Object.values(proposals.all())) {
    if (p.status === "voting") proposals.set(p.number, { ...p, status: "discarded", reason: "the round ended before the turn's end", closedAt: game.now() });
  }
});
