/**
 * The play page: what happened since you last looked, then what to do now: the open
 * proposals as cards (and those decided meanwhile, with their outcome), then the moves the
 * rules would let you make now (those the game awaits from you first), the others folded
 * away with the rules' reasons, then the state of the game.
 */
import { useRef, useState } from "preact/hooks";
import { actionDescription, actionTitle, finalLast } from "../../present/action-words.js";
import { capitalise } from "../../present/display.js";
import type { ActionInfo, GamePage, Json, Rule } from "../types.js";
import { DecidedCards } from "./decided-cards.js";
import { DecisionCards } from "./decision-card.js";
import type { Since } from "./game-feed.js";
import { PracticeClock } from "./practice-clock.js";
import { Preview, votingAction } from "./preview.js";
import { ProposalCards, proposalMoves, proposalsOnTable } from "./proposal-card.js";
import { SchemaForm } from "./schema-form.js";
import { SincePanel } from "./since-panel.js";
import { StateView } from "./state-view.js";
import { ActMessage, type Message, useAct, useMessage } from "./use-act.js";

/** The id of an action's card, which the banner's button opens and scrolls to. */
export const actionAnchor = (name: string) => `action-${name}`;

interface CardProps {
  page: GamePage;
  rules: Rule[];
  action: ActionInfo;
  prompted: boolean;
  onActed(): Promise<void>;
  announce(message: Message | null): void;
}

export function ActionCard({ page, rules, action, prompted, onActed, announce }: CardProps) {
  const { message, act } = useAct(page.id, onActed, announce);
  // A new form once the action is taken, so its last input is not taken twice by mistake.
  const [formKey, setFormKey] = useState(0);
  // A move that cannot be undone waits for a yes, having said what follows.
  const [asking, setAsking] = useState<{ input: Json } | null>(null);
  const title = actionTitle(action);
  const take = async (input: Json) => {
    setAsking(null);
    if (await act(action.name, input, `Done: ${action.describe.replace(/^./, (c) => c.toLowerCase())}.`)) setFormKey((k) => k + 1);
  };
  const submit = async (input: Json) => (action.confirm !== undefined ? setAsking({ input }) : take(input));
  return (
    <details
      id={actionAnchor(action.name)}
      class={prompted ? "action card prompted" : "action card"}
      data-action={action.name}
      open={prompted || action.changesRules}
    >
      <summary>
        <strong>{title}</strong>{" "}
        <span class="muted">
          — {actionDescription(action)} (Rule {action.rule})
        </span>
      </summary>
      <SchemaForm
        key={formKey}
        schema={action.input}
        players={page.view.players}
        rules={rules}
        submitLabel={title}
        onSubmit={submit}
        extra={action.changesRules || action === votingAction(page) ? (value) => <Preview page={page} action={action.name} input={value} /> : undefined}
      />
      {asking && (
        <fieldset class="confirm">
          <legend>{title}: this cannot be undone</legend>
          {capitalise(action.confirm!)}.{" "}
          <button type="button" onClick={() => take(asking.input)}>
            Yes, {title.replace(/^./, (c) => c.toLowerCase())}
          </button>{" "}
          <button type="button" class="secondary" onClick={() => setAsking(null)}>
            Cancel
          </button>
        </fieldset>
      )}
      <ActMessage message={message} />
    </details>
  );
}

/** The actions the rules would refuse you now, each with the rule's reason. */
function NotNow({ actions }: { actions: ActionInfo[] }) {
  if (!actions.length) return null;
  return (
    <details class="not-now">
      <summary>Not now: {actions.length}</summary>
      <ul>
        {actions.map((a) => (
          <li key={a.name} data-action={a.name}>
            <strong>{actionTitle(a)}</strong> <span class="muted">— {a.describe}</span>
            <br />
            {a.refused?.reason}
            {a.refused?.rule != null && <span class="muted"> (Rule {a.refused.rule})</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}

export function PlayTab({ page, rules, since, onActed }: { page: GamePage; rules: Rule[]; since: Since | null; onActed(): Promise<void> }) {
  const over = page.view.status === "over";
  const prompted = new Set(page.awaits.filter((a) => a.player === page.me && a.action !== null).map((a) => a.action!));
  // Votes and other moves on a proposal are made from its card.
  const onCards = new Set(proposalMoves(page).map((m) => m.action));
  const open = page.actions.filter((a) => a.refused === null && !onCards.has(a.name));
  const ordered = finalLast([...open.filter((a) => prompted.has(a.name)), ...open.filter((a) => !prompted.has(a.name))]);
  const refused = page.actions.filter((a) => a.refused !== null);
  const [done, announce] = useMessage();
  // Open proposals are what to do now, before your other moves; the decided ones can wait below them.
  const { open: onTable, decided } = proposalsOnTable(page);
  // Proposals this page showed open and that are decided since: their outcome stays where their card was.
  const seenOpen = useRef(new Set<string>());
  const watched = useRef(new Set<string>());
  for (const k of decided) if (seenOpen.current.has(k.key)) watched.current.add(k.key);
  for (const k of onTable) seenOpen.current.add(k.key);
  // Open proposals, or those just decided, are what to look at first.
  const proposalsOpen = onTable.length > 0 || watched.current.size > 0;
  const cards = (
    <ProposalCards page={page} rules={rules} onActed={onActed} announce={announce}>
      <DecidedCards page={page} rules={rules} decided={decided} since={since} watched={watched.current} />
    </ProposalCards>
  );
  return (
    <div class="play">
      <div class="now">
        <SincePanel page={page} since={since} />
        <ActMessage message={done} />
        {proposalsOpen && cards}
        <section class="actions">
          <h2>Your moves</h2>
          <DecisionCards page={page} rules={rules} onActed={onActed} announce={announce} />
          {over ? (
            <p>The game is over.</p>
          ) : (
            <>
              {ordered.length === 0 && !page.decisions.some((d) => d.by.includes(page.me)) && <p class="muted">Nothing for you to do just now.</p>}
              {ordered.map((a) => (
                <ActionCard key={a.name} page={page} rules={rules} action={a} prompted={prompted.has(a.name)} onActed={onActed} announce={announce} />
              ))}
              <NotNow actions={refused} />
            </>
          )}
        </section>
        {!proposalsOpen && cards}
        <PracticeClock page={page} onChanged={onActed} />
      </div>
      <StateView page={page} onActed={onActed} />
    </div>
  );
}
