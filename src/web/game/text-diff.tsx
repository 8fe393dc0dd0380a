/** Two versions of a text, word by word: what was removed struck out, what was added marked. */
import { diffWordsWithSpace } from "diff";

export function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <p class="rule-text diff">
      {diffWordsWithSpace(before, after).map((part, i) =>
        part.added ? <ins key={i}>{part.value}</ins> : part.removed ? <del key={i}>{part.value}</del> : <span key={i}>{part.value}</span>,
      )}
    </p>
  );
}
