// Rule 208: if the server moderators deem a section of a rule infeasible to implement by hand to
// the point that a bot is required, and no such bot works, that section has no effect until the
// bot works.
//
// Readings taken where the text is open:
// - "Deem" is a majority decision of the moderators (Rule 113's motions, kind "infeasible"),
//   moved with "deem-infeasible" naming the rule and, in words, the section.
// - The engine's unit of effect is the rule: the named rule is not in effect (this rule answers
//   "rule.in-effect" with the section as the reason). A rule can only suspend rules below it, so
//   this names mutable rules numbered above 208.
// - "Until said bot is functional": any moderator says so ("bot-functional"), a fact of their
//   duties rather than a decision (Rule 113's unilateral actions); the rule is in effect again.

interface Deemed {
  section: string;
  since: number;
  motion: number;
}

const infeasible = gameState<{ [rule: string]: Deemed }>("infeasible", {
  initial: {},
  describe: "Sections the server moderators deem to need a bot that does not work yet (Rule 208)",
  display: { as: "hidden" },
});
const moderators = gameState<PersonId[]>("moderators", { initial: [] });

const moderatorOnly = ({ actor }: ActionContext) => (moderators.get().includes(actor) ? undefined : "only the server moderators decide this (Rule 208)");

action(
  "deem-infeasible",
  {
    describe: "As a server moderator, move that a section of a rule needs a bot that does not work yet: the rule has no effect until it does (Rule 208)",
    input: t.object({
      rule: t.rule({ describe: "The rule (a mutable rule numbered above 208)" }),
      section: t.string({ minLength: 1, maxLength: 500, describe: "The section, in words" }),
    }),
    participants: true,
    channel: "moderation",
    when: moderatorOnly,
  },
  (input) => {
    const rule = game.rules.get(input.rule);
    if (!rule?.mutable || rule.number <= 208) game.refuse(`Rule ${input.rule} is not a mutable rule numbered above 208 in the ruleset`);
    if (infeasible.get()[rule.number]) game.refuse(`Rule ${rule.number} is already deemed to need a bot`);
    const section = input.section.trim();
    game.emit("moderators.motion", {
      kind: "infeasible",
      title: `Rule ${rule.number} needs a bot: ${section}`,
      data: { rule: rule.number, section },
    });
  },
);

on("moderators.decided", (e: GameEvent<{ motion: number; kind: string; data: { rule: number; section: string } }>) => {
  if (e.data.kind !== "infeasible") return;
  const { rule, section } = e.data.data;
  infeasible.update((all) => ({ ...all, [rule]: { section, since: game.now(), motion: e.data.motion } }));
});

action(
  "bot-functional",
  {
    describe: "As a server moderator, say that the bot a rule needed works: the rule has effect again (Rule 208)",
    input: t.object({ rule: t.rule() }),
    participants: true,
    channel: "moderation",
    when: (context) => moderatorOnly(context) ?? (Object.keys(infeasible.get()).length ? undefined : "no rule is deemed to need a bot"),
  },
  (input, { actor }) => {
    if (!infeasible.get()[input.rule]) game.refuse(`Rule ${input.rule} is not deemed to need a bot`);
    infeasible.update((all) => {
      const rest = { ...all };
      delete rest[input.rule];
      return rest;
    });
    game.post(
      `The bot Rule ${input.rule} needed works, says server moderator ${game.participants().find((p) => p.id === actor)?.name ?? actor}: the rule has effect again (Rule 208).`,
    );
  },
);

answer("rule.in-effect", ({ rule }: { rule: number }) => {
  const deemed = rule > 208 ? infeasible.get()[rule] : undefined;
  return deemed ? `the server moderators deem a section of it to need a bot that does not work yet (Rule 208): ${deemed.section}` : undefined;
});
