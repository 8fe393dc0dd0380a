/**
 * Every state the rules declare, drawn from its shape: per-player values as a scoreboard,
 * records (a map of objects, such as proposals) as a table, anything else as a value.
 * A rule enacted mid-game brings its state onto the page without new UI code.
 */
import { brief } from "../format.js";
import type { Json, PageView, StateView } from "../types.js";
import { namer, playerCheck } from "./names.js";

type Obj = Record<string, Json>;
const isObj = (v: Json | undefined): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

function Scoreboard({ view, states }: { view: PageView; states: StateView[] }) {
  if (!states.length) return null;
  return (
    <table class="scoreboard">
      <caption>Players</caption>
      <thead><tr><th>Player</th>{states.map((s) => <th key={s.name} title={`${s.describe ?? ""} (Rule ${s.rule})`}>{s.name}</th>)}</tr></thead>
      <tbody>
        {view.players.map((p) => (
          <tr key={p.id} class={p.id === view.viewer ? "me" : ""}>
            <th>{p.name}{p.id === view.viewer ? " (you)" : ""}</th>
            {states.map((s) => <td key={s.name} data-state={s.name}>{s.values && p.id in s.values ? brief(s.values[p.id], namer(view), playerCheck(view)) : <span class="muted" title="hidden from you by the rules">hidden</span>}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RecordTable({ view, state }: { view: PageView; state: StateView }) {
  const rows = Object.entries(state.value as Record<string, Obj>).reverse();
  const columns = [...new Set(rows.flatMap(([, r]) => Object.keys(r)))].filter((c) => c !== "changes");
  const name = namer(view);
  const isPlayer = playerCheck(view);
  return (
    <div class="table-scroll">
    <table class="records" data-state={state.name}>
      <caption>{state.name} <span class="muted">(Rule {state.rule})</span></caption>
      <thead><tr>{columns.map((c) => <th key={c}>{c}</th>)}</tr></thead>
      <tbody>
        {rows.map(([key, r]) => <tr key={key}>{columns.map((c) => <td key={c}>{brief(r[c], name, isPlayer)}</td>)}</tr>)}
      </tbody>
    </table>
    </div>
  );
}

export function StateView({ view }: { view: PageView }) {
  const players = view.state.filter((s) => s.scope === "player");
  const game = view.state.filter((s) => s.scope === "game");
  const records = game.filter((s) => isObj(s.value) && Object.keys(s.value).length > 0 && Object.values(s.value).every(isObj));
  const values = game.filter((s) => !records.includes(s));
  const name = namer(view);
  const isPlayer = playerCheck(view);
  return (
    <section class="state">
      <Scoreboard view={view} states={players} />
      {values.length > 0 && (
        <dl class="values">
          {values.map((s) => (
            <div key={s.name} data-state={s.name}>
              <dt title={s.describe ?? undefined}>{s.name} <span class="muted">(Rule {s.rule})</span></dt>
              <dd>{"value" in s ? brief(s.value, name, isPlayer) : <span class="muted">hidden from you</span>}</dd>
            </div>
          ))}
        </dl>
      )}
      {records.map((s) => <RecordTable key={s.name} view={view} state={s} />)}
    </section>
  );
}
