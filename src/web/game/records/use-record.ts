/**
 * One record fetched from the API, at a moment or now. Showing "now", it is fetched again
 * whenever the game moves on (the page's act number changes), so it stays live; a past
 * moment never changes. The last record stays shown while the next one loads.
 */
import { useEffect, useState } from "preact/hooks";
import { get } from "../../api.js";
import type { Moment, RecordFormat, RecordKind } from "./types.js";

/** The API's address of a record: /api/games/<id>/ruleset?full=true, /api/games/<id>/reports/scores... */
export function recordUrl(game: string, kind: RecordKind, options: { moment?: Moment; format?: RecordFormat; download?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (kind === "full-ruleset") params.set("full", "true");
  if (options.format && options.format !== "json") params.set("format", options.format);
  else if (options.download) params.set("format", "json");
  const moment = options.moment;
  if (moment && "seq" in moment) params.set("seq", String(moment.seq));
  if (moment && "time" in moment) params.set("time", moment.time);
  if (options.download) params.set("download", "true");
  const path = kind === "ruleset" || kind === "full-ruleset" ? "ruleset" : `reports/${kind}`;
  const query = params.toString();
  return `/api/games/${encodeURIComponent(game)}/${path}${query ? `?${query}` : ""}`;
}

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
}

export function useRecord<T>(game: string, kind: RecordKind, moment: Moment, latestSeq: number): Loaded<T> {
  const [state, setState] = useState<Loaded<T> & { kind: RecordKind; url: string }>({ kind, url: "", data: null, error: null, loading: true });
  // Now, the record changes with every act; in the past, never.
  const version = moment ? -1 : latestSeq;
  const url = recordUrl(game, kind, { moment });
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    get<T>(url).then(
      (data) => current && setState({ kind, url, data, error: null, loading: false }),
      // A record that could not be fetched again stays shown; one of another moment does not.
      (err: Error) => current && setState((s) => ({ kind, url, data: s.url === url ? s.data : null, error: err.message, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [url, version]);
  // A record of another kind, still shown while this one loads, is not this one.
  return state.kind === kind ? state : { data: null, error: null, loading: true };
}
