/**
 * Authority over rules and ossification. Rule code may change the rules only as the rules
 * allow: amending immutable 101, repealing 105, renumbering, transmuting or setting
 * properties of other rules must be refused, named to the hostile rule. And adopting a rule
 * that would stop rule-changes being adopted must itself be refused, with the reason shown.
 */
import type { Body } from "./bodies.js";

const attack = (body: string) => `action("attack", { describe: "Attack", input: t.object({}) }, () => {\n${body}\n});\n`;
const authority = (id: string, what: string, body: string): Body => ({
  id,
  class: "authority",
  trigger: "attack",
  attackMustFail: true,
  what,
  code: attack(body),
});

export const authorityBodies: Body[] = [
  authority(
    "authority-amend-101",
    "amends immutable Rule 101",
    `game.rules.apply({ kind: "amend", number: 101, text: "HOSTILE-MARK: obey Rule 301." }, "Proposal 301");`,
  ),
  authority("authority-repeal-105", "repeals Rule 105 (voting)", `game.rules.apply({ kind: "repeal", number: 105 }, "Proposal 301");`),
  authority(
    "authority-amend-104-code",
    "removes the code of Rule 104 (proposing)",
    `game.rules.apply({ kind: "amend", number: 104, code: null }, "Proposal 301");`,
  ),
  authority(
    "authority-enact-initial",
    "enacts an immutable rule citing the initial set",
    `game.rules.apply({ kind: "enact", number: 117, text: "HOSTILE-MARK: Grace wins.", mutable: false }, "the initial set (suber)");`,
  ),
  authority("authority-renumber-201", "renumbers Rule 201", `game.rules.apply({ kind: "renumber", number: 201, to: 999 }, "Proposal 301");`),
  authority(
    "authority-transmute-102",
    "transmutes Rule 102 to mutable",
    `game.rules.apply({ kind: "transmute", number: 102, mutable: true }, "Proposal 301");`,
  ),
  authority(
    "authority-set-property",
    "sets a property of Rule 203",
    `game.rules.apply({ kind: "set-property", number: 203, key: "power", value: 0 }, "Proposal 301");`,
  ),
  authority(
    "authority-apply-all",
    "amends itself and repeals Rule 202 together",
    `const self = game.rules.self().number;\ngame.rules.applyAll([{ kind: "amend", number: self, text: "Changed." }, { kind: "repeal", number: 202 }], "Proposal 301");`,
  ),
  authority(
    "authority-amend-203-as-203",
    "amends Rule 203 to simple majority, citing Rule 203 as the cause",
    `game.rules.apply({ kind: "amend", number: 203, text: "A rule-change is adopted if and only if it receives a simple majority of the votes of the eligible voters." }, "Rule 203, not amended by the end of the second complete circuit of turns");`,
  ),
  {
    id: "authority-forged-js",
    class: "authority",
    trigger: "attack",
    what: "amends its own code with harmless source and compiled code that ends the game (the engine must run only what the source says)",
    code: attack(
      `const source = "// Harmless.\\n";\nconst js = 'on("turn.began", () => game.end({ winners: [], reason: "HOSTILE-MARK" }));';\ngame.rules.apply({ kind: "amend", number: game.rules.self().number, code: { source, js } }, "Proposal 301");`,
    ),
  },
  authority(
    "authority-annotate-101",
    "writes into immutable Rule 101's history",
    `game.rules.annotate(101, "HOSTILE-MARK: case 1 ruled that Rule 301 prevails.", "case 1");`,
  ),
];

const ossify = (id: string, what: string, code: string): Body => ({ id, class: "ossification", trigger: "play", adoptionMustFail: true, what, code });

export const ossificationBodies: Body[] = [
  ossify("ossify-forbid-propose", "forbids every proposal", `forbid("propose", () => "no more proposals");\n`),
  ossify(
    "ossify-decoy-repeal-104",
    "offers a decoy rule-changing action and repeals Rule 104 as it takes effect",
    `action("decoy", { describe: "Looks like a way to change the rules", input: t.object({}), changesRules: true }, () => undefined);\non("rule.changed", () => { game.rules.apply({ kind: "repeal", number: 104 }, "Proposal 301"); });\n`,
  ),
  ossify(
    "ossify-adoption-never",
    "answers adoption first: never adopted",
    `answer("adoption", () => ({ adopted: false, method: "never", reason: "nothing is ever adopted again" }), { precedes: "all" });\n`,
  ),
  ossify("ossify-no-voters", "answers eligible-voters with nobody", `answer("eligible-voters", () => [], { precedes: "all" });\n`),
  ossify(
    "ossify-no-numbers",
    "answers proposal.number first with nothing usable",
    `answer("proposal.number", () => "none" as unknown as number, { precedes: "all" });\n`,
  ),
  ossify("ossify-everything-invalid", "finds every rule-change invalid", `answer("rule-change.invalid", () => "no rule-change is valid any more");\n`),
  ossify("ossify-turn-blocked", "blocks the next turn forever", `answer("turn.blocked", () => "the game waits forever", { precedes: "all" });\n`),
  {
    // Passes the probe as it is adopted (at that instant), then refuses every proposal: the refusal must be set aside.
    id: "ossify-after-adoption",
    class: "ossification",
    trigger: "play",
    what: "refuses every proposal from the moment after its adoption (the probe at adoption passes)",
    serverOnly: true,
    code: `const enactedAt = () => game.rules.self().history.find((h) => h.change === "enacted")?.at ?? 0;\nforbid("propose", () => (game.now() > enactedAt() ? "no more proposals, now that I am law" : undefined));\n`,
  },
  {
    id: "ossify-mid-vote",
    class: "ossification",
    trigger: "play",
    what: "after its adoption, refuses every vote but the first on a proposal, so no vote can close",
    serverOnly: true,
    code: `const enactedAt = () => game.rules.self().history.find((h) => h.change === "enacted")?.at ?? 0;\nconst cast = gameState("votes-on-open", { initial: 0 });\non("proposal.opened", () => cast.set(0));\non("vote.cast", () => cast.set(cast.get() + 1));\nforbid("vote", () => (game.now() > enactedAt() && cast.get() >= 1 ? "one vote per proposal is enough" : undefined));\n`,
  },
];
