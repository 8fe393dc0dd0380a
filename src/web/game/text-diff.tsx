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

/** Code changes read line by line, as programmers review them: "+" lines added, "-" lines removed. */
export function CodeDiff({ before, after }: { before: string; after: string }) {
  const lines = diffLines(before, after).flatMap((part) =>
    part.value
      .replace(/\n$/, "")
      .split("\n")
      .map((line) => ({ line, kind: part.added ? "added" : part.removed ? "removed" : "same" })),
  );
  return (
    <pre class="code diff">
      {lines.map((l, i) =>
        l.kind === "added" ? (
          <ins key={i}>{`+ ${l.line}\n`}</ins>
        ) : l.kind === "removed" ? (
          <del key={i}>{`- ${l.line}\n`}</del>
        ) : (
          <span key={i}>{`  ${l.line}\n`}</span>
        ),
      )}
    </pre>
  );
}
