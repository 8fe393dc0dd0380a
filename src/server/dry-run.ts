/**
 * What a dry run changed, as the player who asked may see it: rules and state, before and
 * after, and what the code of each rule it enacts or amends may do (its permissions).
 */
import type { GameState, Json, RuleRecord } from "../kernel/types.js";
import type { GameView } from "../kernel/visibility.js";
import { permissionsOf, type Permissions } from "../present/permissions.js";

const ruleFace = (r: RuleRecord) => ({
  number: r.number,
  title: r.title,
  text: r.text,
  mutable: r.mutable,
  revision: r.revision,
  code: r.code?.source ?? null,
});

export function previewDiff(before: GameView, after: GameView, afterState: GameState) {
  const rules: {
    number: number;
    change: "enacted" | "repealed" | "changed";
    before: ReturnType<typeof ruleFace> | null;
    after: ReturnType<typeof ruleFace> | null;
    permissions: Permissions | null;
    failed: string | null;
  }[] = [];
  // A rule whose new code would not load, or failed on the copy (a loop that never ends, a
  // throw): adopting it would break the rule, so the voter is told before adoption.
  const failed = (number: number): string | null => {
    const broken = afterState.broken[String(number)];
    if (broken !== undefined) return `its code does not load: ${broken}`;
    const failure = afterState.failures.find((f) => f.rule === number && f.seq > before.seq);
    return failure ? `its code failed (${failure.during}): ${failure.error}` : null;
  };
  const old = new Map(before.rules.map((r) => [r.number, r]));
  const now = new Map(after.rules.map((r) => [r.number, r]));
  for (const [number, rule] of now) {
    const was = old.get(number);
    // Permissions are shown where the code is new, as they were not before.
    const permissions = rule.code && rule.code.source !== was?.code?.source ? permissionsOf(afterState, number) : null;
    if (!was) rules.push({ number, change: "enacted", before: null, after: ruleFace(rule), permissions, failed: failed(number) });
    else if (JSON.stringify(ruleFace(was)) !== JSON.stringify(ruleFace(rule))) {
      rules.push({ number, change: "changed", before: ruleFace(was), after: ruleFace(rule), permissions, failed: failed(number) });
    }
  }
  for (const [number, rule] of old)
    if (!now.has(number)) rules.push({ number, change: "repealed", before: ruleFace(rule), after: null, permissions: null, failed: null });

  const state: { name: string; player: string | null; before: Json | undefined; after: Json | undefined }[] = [];
  const oldState = new Map(before.state.map((s) => [s.name, s]));
  for (const s of after.state) {
    const was = oldState.get(s.name);
    if (s.scope === "game") {
      if (JSON.stringify(was?.value) !== JSON.stringify(s.value)) state.push({ name: s.name, player: null, before: was?.value, after: s.value });
    } else {
      for (const [player, value] of Object.entries(s.values ?? {})) {
        const prior = was?.values?.[player];
        if (JSON.stringify(prior) !== JSON.stringify(value)) state.push({ name: s.name, player, before: prior, after: value });
      }
    }
  }
  return { rules: rules.sort((a, b) => a.number - b.number), state, status: after.status, result: after.result };
}
