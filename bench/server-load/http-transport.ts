/** The players reach their games over HTTP: signed-in sessions and the API's routes, on a keep-alive client. */
import { type Http, type Session, signup } from "./http-client.js";
import type { Effect, ProposalValue, TurnValue } from "./table.js";
import type { Account, ActAnswer, Answer, PageFacts, Seat, Transport } from "./transport.js";

function effectsOf(body: string): Effect[] {
  return ((JSON.parse(body) as { entry?: { effects?: Effect[] } }).entry?.effects ?? []) as Effect[];
}

function errorMessage(body: string): string {
  try {
    const e = (JSON.parse(body) as { error?: { code?: string; message?: string } }).error;
    return `${e?.code ?? "?"}: ${e?.message ?? body}`;
  } catch {
    return body.slice(0, 140);
  }
}

export class HttpTransport implements Transport {
  private readonly sessions = new Map<string, Session>();

  constructor(readonly client: Http) {}

  /** Signs the account up (its session kept for its requests). */
  async signup(account: Account): Promise<void> {
    this.sessions.set(account.username, await signup(this.client, account.username, account.name));
  }

  private session(account: Account): Session {
    const session = this.sessions.get(account.username);
    if (!session) throw new Error(`${account.username} is not signed up`);
    return session;
  }

  private async send(account: Account, method: string, path: string, body?: unknown, keepBody = true) {
    const reply = await this.client.request(method, path, this.session(account), body, keepBody);
    const answer: Answer = { status: reply.status, bytes: reply.bytes, timing: reply.timing };
    if (reply.status >= 300) answer.error = keepBody ? errorMessage(reply.body) : `HTTP ${reply.status}`;
    return { answer, body: reply.body };
  }

  async createGame(owner: Account, name: string) {
    const { answer, body } = await this.send(owner, "POST", "/api/games", { name, preset: "suber" });
    if (answer.error) return answer;
    const created = JSON.parse(body) as { id: string; invite: string; me: string };
    return { ...answer, game: { id: created.id, ticket: created.invite, me: created.me } };
  }

  async join(account: Account, ticket: string) {
    const { answer, body } = await this.send(account, "POST", `/api/invites/${ticket}/join`, {});
    return answer.error ? answer : { ...answer, me: (JSON.parse(body) as { me: string }).me };
  }

  async act(seat: Seat, gameId: string, action: string, input: unknown): Promise<ActAnswer> {
    const { answer, body } = await this.send(seat.account, "POST", `/api/games/${gameId}/act`, { action, input });
    return answer.status === 200 ? { ...answer, effects: effectsOf(body) } : answer;
  }

  async read(seat: Seat, gameId: string): Promise<Answer> {
    return (await this.send(seat.account, "GET", `/api/games/${gameId}`, undefined, false)).answer;
  }

  async facts(seat: Seat, gameId: string) {
    const page = await this.send(seat.account, "GET", `/api/games/${gameId}`);
    if (page.answer.error) return page.answer;
    // The rules come apart from the page.
    const rules = await this.send(seat.account, "GET", `/api/games/${gameId}/rules`);
    if (rules.answer.error) return rules.answer;
    const { view } = JSON.parse(page.body) as { view: { status: string; state: { name: string; value: unknown }[] } };
    const value = (name: string) => view.state.find((s) => s.name === name)?.value;
    const facts: PageFacts = {
      status: view.status,
      turn: value("turn") as TurnValue,
      proposals: (value("proposals") ?? {}) as Record<string, ProposalValue>,
      mutable: (JSON.parse(rules.body) as { rules: { number: number; mutable: boolean }[] }).rules.filter((r) => r.mutable).map((r) => r.number),
    };
    return { ...page.answer, facts };
  }
}
