/**
 * game.calendar: local time in an IANA time zone, with daylight saving, answered by the host
 * and recorded in the log. "Monday 22:00 in Chicago" is 03:00 UTC in summer and 04:00 UTC in
 * winter; across the changes of clocks the days between deadlines are 47 or 49 hours long.
 * An unknown zone fails the rule's code in words, not the server; a replay reads the
 * recorded answers back instead of asking its own machine's time-zone data.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { exportGame, verifyArchive } from "../src/records/archive/index.js";
import { instantOf, localTime, nextLocal } from "../src/sandbox/calendar.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine, testLimits } from "./helpers.js";

const hour = 3_600_000;
const chicago = "America/Chicago";
const utc = (iso: string) => Date.parse(`${iso}Z`);

test("Monday 22:00 in Chicago is 03:00 UTC on Tuesday in summer, 04:00 UTC in winter", () => {
  assert.equal(nextLocal({ weekday: "monday", time: "22:00", zone: chicago, after: utc("2026-07-01T00:00") }), utc("2026-07-07T03:00"));
  assert.equal(nextLocal({ weekday: "monday", time: "22:00", zone: chicago, after: utc("2026-01-01T00:00") }), utc("2026-01-06T04:00"));
  // Strictly after: at that very moment, the next one is a week on.
  assert.equal(nextLocal({ weekday: "monday", time: "22:00", zone: chicago, after: utc("2026-07-07T03:00") }), utc("2026-07-14T03:00"));
});

test("across both changes of clocks in 2026, Saturday 22:00 to Monday 22:00 is 47 hours in March and 49 in November", () => {
  // Clocks go forward on Sunday 8 March 2026 and back on Sunday 1 November 2026 in Chicago.
  const span = (after: number) => {
    const saturday = nextLocal({ weekday: "saturday", time: "22:00", zone: chicago, after });
    const monday = nextLocal({ weekday: "monday", time: "22:00", zone: chicago, after: saturday });
    return (monday - saturday) / hour;
  };
  assert.equal(span(utc("2026-03-05T00:00")), 47);
  assert.equal(span(utc("2026-10-29T00:00")), 49);
  assert.equal(span(utc("2026-06-01T00:00")), 48);
});

test("a local time skipped by the change of clocks is read on the clock before it; a repeated one is the first", () => {
  assert.equal(instantOf(utc("2026-03-08T02:30"), chicago), utc("2026-03-08T08:30"), "02:30 CST, which is 03:30 CDT");
  assert.equal(instantOf(utc("2026-11-01T01:30"), chicago), utc("2026-11-01T06:30"), "the first 01:30, in CDT");
});

test("local() gives the date, weekday and wall-clock time in a zone", () => {
  assert.deepEqual(localTime(utc("2026-01-06T04:00"), chicago), { year: 2026, month: 1, day: 5, weekday: "monday", hour: 22, minute: 0 });
  assert.deepEqual(localTime(utc("2026-12-31T23:30"), "Asia/Tokyo"), { year: 2027, month: 1, day: 1, weekday: "friday", hour: 8, minute: 30 });
  assert.throws(() => localTime(0, "Mars/Olympus"), /unknown time zone "Mars\/Olympus"/);
});

test("a time beyond what a date can say fails in words, not in the host's", () => {
  assert.throws(() => localTime(1e300, chicago), /calendar: 1e\+300 is not a time between the years -271821 and 275760/);
  assert.throws(() => nextLocal({ weekday: "monday", time: "22:00", zone: chicago, after: 8.64e15 }), /calendar: 8640000000000000 is not a time between/);
});

const calendarRule = compileRuleCode(`
  const meeting = gameState<number>("meeting", { initial: 0 });
  const local = gameState<Json>("local", { initial: null });
  action("plan", { describe: "Plan", input: t.object({ zone: t.string() }) }, (input) => {
    const at = game.calendar.next({ weekday: "monday", time: "22:00", zone: input.zone });
    meeting.set(at);
    const parts = game.calendar.local(at, input.zone);
    local.set({ ...parts });
  });
`);

test("a rule asks the calendar in play: the answers are recorded, an unknown zone fails the rule in words, and a replay reads the answers back", async () => {
  const store = SqliteStore.open(":memory:");
  let now = utc("2026-07-01T12:00");
  const options = { ...engine(store), sandbox: () => createQuickJsSandbox(testLimits), clock: () => now };
  const game = await Game.create(options, {
    name: "Meetings",
    preset: null,
    rules: [{ number: 1, text: "Meet on Mondays.", mutable: true, code: calendarRule }],
  });
  try {
    await game.join("Ada Lovelace");
    const planned = await game.act("ada-lovelace", "plan", { zone: chicago });
    assert.equal(planned.failed, null);
    assert.equal(game.value("meeting"), utc("2026-07-07T03:00"));
    assert.deepEqual(game.value("local"), { year: 2026, month: 7, day: 6, weekday: "monday", hour: 22, minute: 0 });
    const asked = planned.act.effects.filter((e) => e.e === "calendar");
    assert.equal(asked.length, 2, "each answer is recorded in the act");

    now += hour;
    const bad = await game.act("ada-lovelace", "plan", { zone: "Chicago" });
    assert.ok(bad.failed, "the rule's code failed");
    assert.match(bad.failed.error, /unknown time zone "Chicago"/);
    assert.equal(game.value("meeting"), utc("2026-07-07T03:00"), "and changed nothing");

    // A replay on a machine whose time-zone data says otherwise: here, the log says an hour later.
    const archive = await exportGame(store, game.id);
    const act = archive.acts.find((a) => a.seq === planned.act.seq)!;
    for (const e of act.effects) {
      if (e.e === "calendar" && typeof e.value === "number") e.value += hour;
      if (e.e === "calendar" && typeof e.value === "object") (e.value as { hour: number }).hour = 23;
      if (e.e === "state.set" && e.name === "meeting") e.value = (e.value as number) + hour;
    }
    // The rule reads the recorded answer for local() with the recorded next(): both changed, so all is consistent.
    for (const e of act.effects) if (e.e === "calendar" && "local" in (e.ask as object)) (e.ask as { local: { at: number } }).local.at += hour;
    for (const e of act.effects) if (e.e === "state.set" && e.name === "local") (e.value as { hour: number }).hour = 23;
    delete (archive as { checksum?: string }).checksum; // edited on purpose
    const report = await verifyArchive(archive, () => createQuickJsSandbox(testLimits));
    assert.deepEqual(report.differences, [], "the replay used the recorded answers, not this machine's");
    assert.equal(report.identical, true);
  } finally {
    game.close();
    store.close();
  }
});
