/** Does so little of the old text remain that a word-by-word diff would read worse than the new text itself? */
export function mostlyRewritten(before: string, after: string): boolean {
  const kept = diffWordsWithSpace(before, after).reduce((n, part) => n + (part.added || part.removed ? 0 : part.value.length), 0);
  return kept < Math.min(before.length, after.length) / 2;
}

/** Two versions of a text, word by word, or of code, line by line: what was removed struck out, what was added marked. */
import { diffLines, diffWordsWithSpace } from "diff";

export function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <p class="rule-text diff">
      {diffWordsWithSpace(before, after).map((part, i) =>
        part.added ? <ins key={i}>{part.value}</ins> : part.removed ? <del key={i}>{part.value}</del> : <span key={i}>{part.value}</span>,
      )}
    </p>
  );
}

type Line = { line: string; kind: "added" | "removed" | "same" | "skipped" };

/** Lines this far from a change are left out: a one-line change to long code shows as a few lines. */
const context = 3;

function codeLines(before: string, after: string): Line[] {
  const lines: Line[] = diffLines(before, after).flatMap((part) =>
    part.value
      .replace(/\n$/, "")
      .split("\n")
      .map((line): Line => ({ line, kind: part.added ? "added" : part.removed ? "removed" : "same" })),
  );
  const near = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.kind !== "same") for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) near[j] = true;
  });
  const out: Line[] = [];
  lines.forEach((l, i) => {
    if (near[i]) out.push(l);
    else if (out.at(-1)?.kind !== "skipped") out.push({ line: "⋯", kind: "skipped" });
  });
  return out;
}

/** Code changes read line by line, as programmers review them: "+" lines added, "-" lines removed, unchanged stretches left out. */
export function CodeDiff({ before, after }: { before: string; after: string }) {
  return (
    <pre class="code diff">
      {codeLines(before, after).map((l, i) =>
        l.kind === "added" ? (
          <ins key={i}>{`+ ${l.line}\n`}</ins>
        ) : l.kind === "removed" ? (
          <del key={i}>{`- ${l.line}\n`}</del>
        ) : (
          <span key={i} class={l.kind}>{`  ${l.line}\n`}</span>
        ),
      )}
    </pre>
  );
}
