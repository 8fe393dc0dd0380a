/**
 * The exact shape of every effect, field by field, as the host accepts it from the
 * sandbox. The table is typed from `Effect` itself: a new variant, or a new field of one,
 * does not compile until it has a check here, so the type and the check stay in step.
 * A field the type does not name is refused: the log would keep it, and fold spread it.
 */
import { declaredVisibilityProblem, recordedVisibilityProblem } from "./data-visibility.js";
import { displayProblem } from "./display-check.js";
import { jsonSize } from "./json-size.js";
import { limits, nameProblem } from "./limits.js";
import { schemaProblem } from "./schema-check.js";
import type { Effect, Json, RecordConvention } from "./types.js";

/** Why the value at `path` is not acceptable, or null. */
export type Check = (value: unknown, path: string) => string | null;

interface Field<Optional extends boolean> {
  optional: Optional;
  check: Check;
}
// biome-ignore lint/complexity/noBannedTypes: `{}` is what an optional key's Pick accepts: the test that finds optional keys.
type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T];
/** One field check for each field of T, optional exactly where T's field is. */
export type Shape<T> = { [K in keyof T]-?: Field<K extends OptionalKeys<T> ? true : false> };

const req = (check: Check): Field<false> => ({ optional: false, check });
const opt = (check: Check): Field<true> => ({ optional: true, check });

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function object<T>(shape: Shape<T>): Check {
  const fields = shape as Record<string, Field<boolean>>;
  return (v, path) => {
    if (!isPlainObject(v)) return `${path} must be an object`;
    for (const key of Object.keys(v)) if (!Object.hasOwn(fields, key)) return `${path} has a field "${key.slice(0, 40)}" that no ${path} has`;
    for (const [key, field] of Object.entries(fields)) {
      const present = Object.hasOwn(v, key) && v[key] !== undefined;
      if (!present) {
        if (!field.optional) return `${path} lacks its field "${key}"`;
        continue;
      }
      const problem = field.check(v[key], `${path}.${key}`);
      if (problem) return problem;
    }
    return null;
  };
}

export const text =
  (max: number): Check =>
  (v, path) =>
    typeof v !== "string" ? `${path} must be text` : v.length > max ? `${path} is longer than ${max.toLocaleString("en")} characters` : null;
const textOrNull =
  (max: number): Check =>
  (v, path) =>
    v === null ? null : text(max)(v, path);
const bool: Check = (v, path) => (typeof v === "boolean" ? null : `${path} must be true or false`);
const isTrue: Check = (v, path) => (v === true ? null : `${path} must be true when given`);
export const ruleNumber: Check = (v, path) => (Number.isSafeInteger(v) && (v as number) >= 0 ? null : `${path} must be a rule number`);
const ruleNumberOrNull: Check = (v, path) => (v === null ? null : ruleNumber(v, path));
const finite: Check = (v, path) => (typeof v === "number" && Number.isFinite(v) ? null : `${path} must be a number`);
const finiteOrNull: Check = (v, path) => (v === null ? null : finite(v, path));
const oneOf =
  (...values: string[]): Check =>
  (v, path) =>
    typeof v === "string" && values.includes(v) ? null : `${path} must be one of ${values.join(", ")}`;
export const json =
  (max: number): Check =>
  (v, path) => {
    const size = jsonSize(v, max);
    return typeof size === "string" ? `${path} ${size}` : null;
  };
export const name =
  (what: string, max: number = limits.nameChars): Check =>
  (v) =>
    nameProblem(v, what, max);
const playerId = name("a player id", limits.keyChars);
export const list =
  (item: Check): Check =>
  (v, path) => {
    if (!Array.isArray(v)) return `${path} must be a list`;
    for (let i = 0; i < v.length; i++) {
      const problem = item(v[i], `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  };
const nullOr =
  (check: Check): Check =>
  (v, path) =>
    v === null ? null : check(v, path);
/** An object whose keys are names and whose values pass `value`. */
const recordOf =
  (what: string, value: Check): Check =>
  (v, path) => {
    if (!isPlainObject(v)) return `${path} must be an object`;
    for (const [key, entry] of Object.entries(v)) {
      const problem = nameProblem(key, what, limits.keyChars) ?? value(entry, `${path}.${key}`);
      if (problem) return problem;
    }
    return null;
  };

const ruleText = text(limits.textChars);
const props = recordOf("a rule property", json(limits.valueChars));
const code = nullOr(object<{ source: string; js: string }>({ source: req(text(limits.effectsChars)), js: req(text(limits.effectsChars)) }));
const history = oneOf("enacted", "amended", "repealed", "transmuted", "renumbered", "property", "annotated");
const published = object<NonNullable<Extract<Effect, { e: "rule.enacted" }>["past"]>[number]>({
  change: req(history),
  at: req(finiteOrNull),
  cause: req(ruleText),
  text: req(ruleText),
  detail: opt(json(limits.valueChars)),
});
const visibility: Check = (v, path) => {
  if (isPlainObject(v)) return object<{ seenBy: string }>({ seenBy: req(name("the state a visibility names")) })(v, path);
  return oneOf("public", "owner", "others", "hidden")(v, path);
};
const recordConvention = object<RecordConvention>({
  kind: req(name("a kind of record")),
  open: opt(
    object<NonNullable<RecordConvention["open"]>>({
      field: req(name("a field")),
      in: req((v, path) => (Array.isArray(v) ? json(limits.valueChars)(v, path) : `${path} must be a list`)),
    }),
  ),
  citedAs: opt(name("an input field")),
});
const decl = object<Extract<Effect, { e: "state.declared" }>["decls"][string]>({
  name: req(name("state")),
  scope: req(oneOf("game", "player")),
  initial: req(json(limits.valueChars)),
  visibility: req(visibility),
  describe: req(textOrNull(limits.textChars)),
  record: opt(recordConvention),
  display: opt(displayProblem),
  rule: req(ruleNumber),
});
const decls: Check = (v, path) => {
  const problem = recordOf("state", decl)(v, path);
  if (problem) return problem;
  for (const [key, d] of Object.entries(v as Record<string, { name: string }>))
    if (d.name !== key) return `${path}.${key} declares the state "${d.name}" under another name`;
  return null;
};
const declares = object<Extract<Effect, { e: "rule.loaded" }>["declares"]>({
  actions: req(
    list(
      object<Extract<Effect, { e: "rule.loaded" }>["declares"]["actions"][number]>({
        name: req(name("an action")),
        title: opt(text(100)),
        describe: req(text(limits.textChars)),
        confirm: opt(text(limits.textChars)),
        input: req((v, path) => schemaProblem(v as Json, path)),
        changesRules: req(bool),
        channel: opt(name("a channel", limits.keyChars)),
        participants: opt((v, path) => (v === true ? null : `${path} must be true when present`)),
        inputVisibility: opt(declaredVisibilityProblem),
        rule: req(ruleNumber),
      }),
    ),
  ),
  on: req(list(name("an event", limits.keyChars))),
  answers: req(list(name("a question"))),
  forbids: req(list(name("an action"))),
  state: req(list(name("state"))),
  reads: opt(list(name("state"))),
  changes: opt(isTrue),
  readsChannels: opt(isTrue),
  props: opt(
    recordOf(
      "a rule property",
      object<{ initial: Json; describe: string | null }>({ initial: req(json(limits.valueChars)), describe: req(textOrNull(limits.textChars)) }),
    ),
  ),
});

type Variant<E extends Effect["e"]> = Omit<Extract<Effect, { e: E }>, "e">;

const shapes: { [E in Effect["e"]]: Shape<Variant<E>> } = {
  "rule.enacted": {
    rule: req(
      object<Variant<"rule.enacted">["rule"]>({
        number: req(ruleNumber),
        title: req(textOrNull(limits.textChars)),
        text: req(ruleText),
        mutable: req(bool),
        props: req(props),
        code: req(code),
      }),
    ),
    cause: req(ruleText),
    past: opt(list(published)),
    by: opt(ruleNumber),
  },
  "rule.archived": {
    rule: req(
      object<Variant<"rule.archived">["rule"]>({
        number: req(ruleNumber),
        title: req(textOrNull(limits.textChars)),
        text: req(ruleText),
        mutable: req(bool),
        props: opt(props),
        history: req(list(published)),
      }),
    ),
  },
  "rule.annotated": { number: req(ruleNumber), text: req(ruleText), cause: req(ruleText), by: opt(ruleNumber) },
  "rule.amended": {
    number: req(ruleNumber),
    text: opt(ruleText),
    title: opt(textOrNull(limits.textChars)),
    code: opt(code),
    cause: req(ruleText),
    by: opt(ruleNumber),
  },
  "rule.repealed": { number: req(ruleNumber), cause: req(ruleText), by: opt(ruleNumber) },
  "rule.transmuted": { number: req(ruleNumber), mutable: req(bool), cause: req(ruleText), by: opt(ruleNumber) },
  "rule.renumbered": { number: req(ruleNumber), to: req(ruleNumber), cause: req(ruleText), by: opt(ruleNumber) },
  "rule.property": {
    number: req(ruleNumber),
    key: req(name("a rule property", limits.keyChars)),
    value: req(json(limits.valueChars)),
    cause: req(ruleText),
    by: opt(ruleNumber),
  },
  "rule.loaded": { number: req(ruleNumber), declares: req(declares), failed: req(textOrNull(limits.textChars)) },
  "rule.failed": { rule: req(ruleNumber), during: req(text(limits.keyChars * 2)), error: req(ruleText) },
  "state.declared": { decls: req(decls) },
  "state.set": {
    name: req(name("state")),
    player: opt(playerId),
    key: opt(name("an entry", limits.keyChars)),
    value: req(json(limits.valueChars)),
    rule: req(ruleNumber),
  },
  "state.deleted": { name: req(name("state")), key: req(name("an entry", limits.keyChars)), rule: req(ruleNumber) },
  "player.joined": {
    // The guest records the join input ({ id, name }); the type also allows the time.
    player: req(object<{ id: string; name: string; joinedAt?: number }>({ id: req(playerId), name: req(text(limits.nameChars)), joinedAt: opt(finite) })),
  },
  "player.left": { id: req(playerId), reason: req(ruleText), rule: req(ruleNumberOrNull) },
  "player.renamed": { id: req(playerId), name: req(text(limits.nameChars)) },
  "player.applied": {
    applicant: req(object<{ id: string; name: string }>({ id: req(playerId), name: req(text(limits.nameChars)) })),
    reason: req(ruleText),
  },
  "participant.attended": { person: req(object<{ id: string; name: string }>({ id: req(playerId), name: req(text(limits.nameChars)) })) },
  "participant.left": { id: req(playerId) },
  event: {
    type: req(name("an event", limits.keyChars)),
    data: req(json(limits.valueChars)),
    rule: req(ruleNumberOrNull),
    visibility: opt(recordedVisibilityProblem),
  },
  message: { text: req(text(limits.messageChars)), to: req(nullOr(list(playerId))), rule: req(ruleNumber) },
  random: { rule: req(ruleNumber), draw: req(text(limits.nameChars)), value: req(json(limits.valueChars)) },
  calendar: { ask: req(json(limits.valueChars)), value: req(json(limits.valueChars)) },
  "timer.set": {
    timer: req(
      object<Variant<"timer.set">["timer"]>({
        id: req(name("a timer's id", limits.keyChars)),
        rule: req(ruleNumber),
        name: req(name("a timer")),
        at: req(finite),
        data: req(json(limits.valueChars)),
        visibility: opt(recordedVisibilityProblem),
      }),
    ),
  },
  "timer.cleared": { id: req(name("a timer's id", limits.keyChars)) },
  "rule.status": { number: req(ruleNumber), inEffect: req(bool), reason: opt(ruleText), rule: opt(ruleNumber), corrected: opt(isTrue) },
  "decision.opened": {
    decision: req(
      object<Variant<"decision.opened">["decision"]>({
        id: req(name("a decision's id", limits.keyChars)),
        kind: req(name("a kind of decision")),
        by: req(list(playerId)),
        question: req(text(limits.messageChars)),
        input: req((v, path) => schemaProblem(v as Json, path)),
        data: req(json(limits.valueChars)),
        rule: req(ruleNumber),
        openedAt: req(finite),
        awaits: req(bool),
      }),
    ),
  },
  "decision.closed": { id: req(name("a decision's id", limits.keyChars)) },
  "game.ended": { winners: req(list(playerId)), reason: req(ruleText), rule: req(ruleNumber) },
  "channel.opened": {
    channel: req(
      object<Variant<"channel.opened">["channel"]>({
        id: req(name("a channel", limits.keyChars)),
        title: req(text(limits.nameChars)),
        describe: req(nullOr(text(2000))),
        writers: req((v, path) => (v === "players" || v === "participants" ? null : `${path} must be "players" or "participants"`)),
        readers: req(nullOr(list(playerId))),
        open: req(bool),
        rule: req(ruleNumberOrNull),
      }),
    ),
  },
  "channel.closed": { id: req(name("a channel", limits.keyChars)), rule: req(ruleNumber) },
};

/** Why `effect` is not an effect of exactly the shape the host folds, or null. */
export function effectShapeProblem(effect: unknown): string | null {
  if (!isPlainObject(effect)) return "an effect must be an object";
  const kind = effect.e;
  if (typeof kind !== "string" || !Object.hasOwn(shapes, kind)) return `there is no kind of effect ${JSON.stringify(String(kind).slice(0, 40))}`;
  const { e: _e, ...fields } = effect;
  return object(shapes[kind as Effect["e"]] as Shape<unknown>)(fields, kind);
}
