/**
 * The ruleset importer, on the five published rulesets. Each check reads the source with its
 * own simple patterns, so the importer is measured against the text rather than against a
 * copy of its own output.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { imported, source } from "./ruleset-import-helpers.js";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The text is the source's lines from `start`, and is followed by a blank line, a "*" or the end: it is neither cut short nor run on. */
function assertVerbatim(lines: string[], start: number, text: string, what: string): void {
  const count = text.split("\n").length;
  assert.equal(lines.slice(start, start + count).join("\n"), text, `${what}: text as in the source`);
  const next = lines[start + count];
  assert.ok(next === undefined || next.trim() === "" || next.trim() === "*", `${what}: the text runs to its end (next line: ${JSON.stringify(next)})`);
  assert.ok(!text.endsWith("\n") && !text.startsWith("\n"), `${what}: no blank line at either end`);
}

const firstTextLine = (lines: string[], from: number): number => {
  let i = from;
  while (lines[i]?.trim() === "") i++;
  return i;
};

// ---------------------------------------------------------------------------------------------
// Suber's Initial Set: "101. ..." paragraphs under "Immutable Rules" / "Mutable Rules" headings.

test("Suber's Initial Set: numbered paragraphs, every text as in the preset, mutability from its heading", () => {
  const text = source("suber-initial-set.txt");
  const lines = text.split("\n");
  const result = imported(text);
  assert.equal(result.layout, "numbered-paragraphs");
  assert.equal(result.title, "Initial Set of Rules");
  assert.equal(result.preamble, lines.slice(0, lines.indexOf("Initial Set of Rules")).join("\n"));
  assert.equal(result.epilogue, "");
  assert.deepEqual(result.archived, []);

  const headers: { number: number; at: number; heading: string }[] = [];
  let heading = "";
  lines.forEach((line, at) => {
    if (/^(Immutable|Mutable) Rules$/.test(line)) heading = line;
    const m = /^(\d+)\. /.exec(line);
    if (m) headers.push({ number: Number(m[1]), at, heading });
  });
  assert.equal(result.rules.length, 29);
  assert.deepEqual(
    result.rules.map((rule) => rule.number),
    headers.map((header) => header.number),
  );

  const preset = JSON.parse(readFileSync(new URL("../src/rulesets/suber/preset.json", import.meta.url), "utf8")) as { immutable: number[] };
  result.rules.forEach((rule, i) => {
    const header = headers[i]!;
    const published = readFileSync(new URL(`../src/rulesets/suber/${rule.number}.txt`, import.meta.url), "utf8");
    assert.equal(rule.text, published.replace(/\n$/, ""), `rule ${rule.number} as in ${rule.number}.txt`);
    const prefix = `${rule.number}. `;
    assertVerbatim([lines[header.at]!.slice(prefix.length), ...lines.slice(header.at + 1)], 0, rule.text, `rule ${rule.number}`);
    assert.equal(rule.mutable, header.heading === "Mutable Rules", `rule ${rule.number}'s mutability`);
    assert.equal(rule.mutable, !preset.immutable.includes(rule.number));
    assert.deepEqual(rule.props, { group: header.heading });
    assert.equal(rule.title, null);
  });
});

// ---------------------------------------------------------------------------------------------
// N_omic: "303 - Mutable - Enacted December 8th, 2000" status lines.

const STATUS = /^(\d+) - (Immutable|Mutable|Repealed)(?: - (.*)| (by .*))$/;

/** The test's own reading of a status line's trailing date, as ms UTC midnight. */
function trailingDate(status: string): number | null {
  const m = /([A-Z][a-z]+) (\d+)(?:st|nd|rd|th), (\d{4})$/.exec(status);
  return m ? Date.UTC(Number(m[3]), MONTHS.indexOf(m[1]!), Number(m[2])) : null;
}

test("N_omic: status lines, each text verbatim, repealed rules archived, history from the status", () => {
  const text = source("n_omic-2001.txt");
  const lines = text.split("\n");
  const result = imported(text);
  assert.equal(result.layout, "number-status-line");
  assert.equal(result.title, null);
  assert.deepEqual(result.asOf, { text: "Ruleset current as of April 24th, 2001", at: Date.UTC(2001, 3, 24) });
  const firstHeader = lines.findIndex((line) => STATUS.test(line));
  assert.equal(result.preamble, lines.slice(0, firstHeader).join("\n").trim());
  assert.equal(result.epilogue, "");

  const inEffect = lines.flatMap((line, at) => {
    const m = STATUS.exec(line);
    return m && m[2] !== "Repealed" ? [{ number: Number(m[1]), at, mutable: m[2] === "Mutable", status: m[3]! }] : [];
  });
  assert.deepEqual(
    result.rules.map((rule) => rule.number),
    inEffect.map((header) => header.number),
  );
  result.rules.forEach((rule, i) => {
    const header = inEffect[i]!;
    assertVerbatim(lines, firstTextLine(lines, header.at + 1), rule.text, `rule ${rule.number}`);
    assert.equal(rule.mutable, header.mutable, `rule ${rule.number}'s mutability`);
    assert.equal(rule.history?.length, 1);
    assert.equal(rule.history![0]!.text, header.status, `rule ${rule.number}'s history keeps the status as published`);
    assert.equal(rule.history![0]!.at, trailingDate(header.status), `rule ${rule.number}'s date`);
  });
  for (const missing of [108, 111, 112]) assert.ok(!result.rules.some((rule) => rule.number === missing), `no rule ${missing}`);

  const repealed = lines.flatMap((line) => {
    const m = STATUS.exec(line);
    return m && m[2] === "Repealed" ? [{ number: Number(m[1]), status: `Repealed ${m[4]}` }] : [];
  });
  assert.deepEqual(
    result.archived.map((rule) => rule.number),
    [205, 210, 310],
  );
  assert.deepEqual(
    result.archived.map((rule) => rule.number),
    repealed.map((entry) => entry.number),
  );
  result.archived.forEach((rule, i) => {
    const cause = /^Repealed by (\S+ \d+)/.exec(repealed[i]!.status)![1]!;
    assert.deepEqual(rule.history, [{ change: "repealed", at: trailingDate(repealed[i]!.status), cause, text: repealed[i]!.status }]);
    assert.equal(rule.mutable, true);
  });
  assert.deepEqual(result.archived[0]!.history[0], {
    change: "repealed",
    at: Date.UTC(2001, 3, 22),
    cause: "Rule-Change 336",
    text: "Repealed by Rule-Change 336 April 22nd, 2001",
  });
});

test("N_omic: each kind of status line becomes its change, cause and date", () => {
  const { rules } = imported(source("n_omic-2001.txt"));
  const history = (number: number) => rules.find((rule) => rule.number === number)!.history![0];
  assert.deepEqual(history(311), {
    change: "amended",
    at: Date.UTC(2001, 0, 5),
    cause: "a rule-change",
    text: "Amended from rule 207 January 5th, 2001",
    detail: { from: 207 },
  });
  assert.deepEqual(history(329), {
    change: "transmuted",
    at: Date.UTC(2001, 3, 3),
    cause: "a rule-change",
    text: "Transmuted from rule 108 April 3rd, 2001",
    detail: { from: 108 },
  });
  assert.deepEqual(history(203), {
    change: "amended",
    at: Date.UTC(2000, 11, 27),
    cause: "Rule 203",
    text: "Automatically amended by rule 203 December 27th, 2000",
  });
  assert.deepEqual(history(101), { change: "enacted", at: null, cause: "Initial Set", text: "Initial Rule" });
  assert.equal(history(303)!.change, "enacted");
  assert.equal(history(303)!.at, Date.UTC(2000, 11, 8));
});

test("N_omic: blank lines inside a rule are kept; those around it are not", () => {
  const { rules, notes } = imported(source("n_omic-2001.txt"));
  const rule305 = rules.find((rule) => rule.number === 305)!;
  assert.match(rule305.text, /web site:\n\n\nAny game related/, "the two blank lines where a URL was removed");
  const rule309 = rules.find((rule) => rule.number === 309)!;
  assert.ok(rule309.text.startsWith("Money, get away."), "the blank lines under the header are spacing");
  assert.match(rule309.text, /football team\.\n\n\nThe currency/);
  assert.ok(
    notes.some((note) => /Rule 309/.test(note) && /blank lines/.test(note)),
    "the spacing dropped is noted",
  );
  assert.ok(
    notes.some((note) => /205, 210 and 310/.test(note)),
    "the repealed entries are noted",
  );
});

// ---------------------------------------------------------------------------------------------
// Nomicron: "101.1 Rule Changes" under book headings.

test("Nomicron: books of versioned rules, paragraphs kept, mutability from the book", () => {
  const text = source("nomicron.txt");
  const lines = text.split("\n");
  const result = imported(text);
  assert.equal(result.layout, "books-with-versions");
  assert.equal(result.title, null);
  assert.equal(result.preamble, "All Rules\n\nShow inactive rules\nJump to book");
  assert.deepEqual(result.archived, []);

  const BOOKS = ["Convention", "Immutable", "Mutable"];
  const headers: { number: number; version: number; title: string; at: number; book: string }[] = [];
  let book = "";
  lines.forEach((line, at) => {
    if (BOOKS.includes(line)) book = line;
    const m = /^(\d+)\.(\d+) (.+)$/.exec(line);
    if (m) headers.push({ number: Number(m[1]), version: Number(m[2]), title: m[3]!, at, book });
  });
  assert.equal(result.rules.length, 37);
  assert.deepEqual(
    result.rules.map((rule) => rule.number),
    headers.map((header) => header.number),
  );
  result.rules.forEach((rule, i) => {
    const header = headers[i]!;
    assert.equal(rule.title, header.title);
    assertVerbatim(lines, firstTextLine(lines, header.at + 1), rule.text, `rule ${rule.number}`);
    assert.deepEqual(rule.props, { version: header.version, book: header.book });
    assert.equal(rule.mutable, header.book === "Mutable", `rule ${rule.number}'s mutability`);
  });

  const convention = result.rules.filter((rule) => rule.props?.book === "Convention").map((rule) => rule.number);
  assert.deepEqual(convention, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual(new Set(result.rules.map((rule) => rule.props?.book)), new Set(BOOKS));
  assert.ok(result.rules.every((rule) => rule.props?.version === 1));
  const rule101 = result.rules.find((rule) => rule.number === 101)!;
  assert.deepEqual([rule101.title, rule101.props], ["Rule Changes", { version: 1, book: "Immutable" }]);
  assert.match(result.rules.find((rule) => rule.number === 3)!.text, /rules provide for other types of player status\.\n\nWhile the game/);
  assert.ok(
    result.notes.some((note) => /Convention/.test(note) && /not mutable/.test(note)),
    "convention rules noted as not mutable",
  );
});

// ---------------------------------------------------------------------------------------------
// deNomic: "Rule 101 - immutable", a title line, the text; stubs "Rule 201 [amended - see Rule 303]".

test("deNomic: titles and texts verbatim, stubs archived and linked, the footer kept out of rule 395", () => {
  const text = source("denomic-1999.txt");
  const lines = text.split("\n");
  const result = imported(text);
  assert.equal(result.layout, "rule-dash-mutability");
  assert.equal(result.title, lines[0]);
  assert.equal(result.title, "The Current Rules of deNomic");
  assert.equal(result.preamble, "");
  assert.equal(result.epilogue, "Go back to the main deNomic page.\n\nRevised 20-3-99");
  assert.deepEqual(result.asOf, { text: "Revised 20-3-99", at: Date.UTC(1999, 2, 20) });

  const headers = lines.flatMap((line, at) => {
    const m = /^Rule (\d+) - (mutable|immutable)$/.exec(line);
    return m ? [{ number: Number(m[1]), at, mutable: m[2] === "mutable" }] : [];
  });
  assert.deepEqual(
    result.rules.map((rule) => rule.number),
    headers.map((header) => header.number),
  );
  result.rules.forEach((rule, i) => {
    const header = headers[i]!;
    assert.equal(rule.title, lines[header.at + 1], `rule ${rule.number}'s title is the line under its header`);
    assertVerbatim(lines, firstTextLine(lines, header.at + 2), rule.text, `rule ${rule.number}`);
    assert.equal(rule.mutable, header.mutable, `rule ${rule.number}'s mutability`);
  });
  const rule395 = result.rules.find((rule) => rule.number === 395)!;
  assert.equal(rule395.title, "You silly Person!");
  assert.ok(rule395.text.startsWith("Any player with a negative number"), "text right under the title, with no blank line");
  assert.ok(rule395.text.endsWith("regarding the loss and gain of points."), "the typo and the full stop kept; the footer is not in it");
  assert.match(rule395.text, /precendence/);
  assert.ok(
    result.notes.some((note) => /after rule 395/.test(note) && /Go back/.test(note)),
    "the footer is noted",
  );

  const stubs = lines.flatMap((line) => {
    const m = /^Rule (\d+) \[(\w+) - see (\w+) (\d+)\]$/.exec(line);
    return m ? [{ number: Number(m[1]), change: m[2]!, by: `${m[3]} ${m[4]}`, to: Number(m[4]), content: `${m[2]} - see ${m[3]} ${m[4]}` }] : [];
  });
  assert.deepEqual(
    result.archived.map((rule) => rule.number),
    stubs.map((stub) => stub.number),
  );
  result.archived.forEach((rule, i) => {
    const stub = stubs[i]!;
    const [line] = rule.history;
    assert.deepEqual([rule.title, rule.text], [null, ""]);
    assert.deepEqual([line!.change, line!.cause, line!.text, line!.at], [stub.change, stub.by, stub.content, null]);
    if (stub.change === "repealed") return;
    assert.deepEqual(line!.detail, { to: stub.to });
    const target = result.rules.find((candidate) => candidate.number === stub.to)!;
    assert.ok(
      target.history!.some((entry) => entry.change === stub.change && JSON.stringify(entry.detail) === JSON.stringify({ from: stub.number })),
      `rule ${stub.to}'s history says it was ${stub.change} from rule ${stub.number}`,
    );
  });
  const archived = (number: number) => result.archived.find((rule) => rule.number === number)!;
  assert.deepEqual(archived(201).history[0]!.detail, { to: 303 });
  assert.equal(archived(110).history[0]!.change, "transmuted");
  assert.deepEqual(archived(110).history[0]!.detail, { to: 348 });
  assert.deepEqual(archived(314).history[0], { change: "repealed", at: null, cause: "Proposal 380", text: "repealed - see Proposal 380" });
});

// ---------------------------------------------------------------------------------------------
// Nomic VIII: "Rule 101 (Immutable)" or plain "Rule 201".

test("Nomic VIII: (Immutable) markers, unmarked rules mutable, bullets and curly quotes kept", () => {
  const text = source("nomic-viii.txt");
  const lines = text.split("\n");
  const result = imported(text);
  assert.equal(result.layout, "rule-parenthesised-mutability");
  assert.equal(result.title, "Nomic VIII Initial Ruleset");
  assert.equal(result.preamble, "");
  assert.deepEqual(result.archived, []);

  const headers = lines.flatMap((line, at) => {
    const m = /^Rule (\d+)( \(Immutable\))?$/.exec(line);
    return m ? [{ number: Number(m[1]), at, immutable: m[2] !== undefined }] : [];
  });
  assert.deepEqual(
    result.rules.map((rule) => rule.number),
    headers.map((header) => header.number),
  );
  result.rules.forEach((rule, i) => {
    const header = headers[i]!;
    assertVerbatim(lines, firstTextLine(lines, header.at + 1), rule.text, `rule ${rule.number}`);
    assert.equal(rule.mutable, !header.immutable, `rule ${rule.number}'s mutability`);
    assert.equal(rule.mutable, rule.number >= 201);
  });

  const rule103 = result.rules.find((rule) => rule.number === 103)!;
  const start = lines.indexOf("Rule 103 (Immutable)");
  const bullets = lines.slice(start, lines.indexOf("Rule 104 (Immutable)")).filter((line) => line.startsWith("  • "));
  assert.equal(bullets.length, 2);
  assert.deepEqual(
    rule103.text.split("\n").filter((line) => line.startsWith("  • ")),
    bullets,
  );
  assert.ok(rule103.text.includes("\n\n  • The enactment or repeal of a mutable rule\n  • The modification of one of a rule’s properties"));
  const unmarked = result.notes.filter((note) => note.includes('"(Immutable)"'));
  assert.equal(unmarked.length, 1, "the unmarked rules are noted once");
  assert.match(unmarked[0]!, /201/);
});
