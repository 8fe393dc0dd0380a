/**
 * Who may see what: a piece of state (`Visibility`), and an action's input, an event's data or
 * a timer's data (`DataVisibility`). Part of the rule API (served with rule-api.d.ts as one file).
 */

/** Who may see a piece of state. Filtering happens on the server, before anything is sent. */
type Visibility =
  /** Everyone, players and spectators. */
  | "public"
  /** Only the player the value belongs to (player state only). */
  | "owner"
  /** Everyone except the player the value belongs to (player state only), like a label on a forehead. */
  | "others"
  /** Nobody: only rule code reads it. */
  | "hidden"
  /** Only the players named by a game state variable holding a player id or a list of them (an officer). */
  | { readonly seenBy: string };

/**
 * Who, besides rule code, may read an action's input, an event's data or a timer's data: in
 * the log, the reports, past views, exports and dry runs. The others read that the act
 * happened, by whom and which action, with the value marked hidden. Filtered on the server.
 */
type DataReaders =
  /** Everyone (the default). */
  | "public"
  /** The person whose act it is: the action's actor; for an event or a timer, whoever's act emitted or set it (nobody, when a timer's firing emits). */
  | "actor"
  /** Nobody but rule code (an action's input is still read by its actor). */
  | "hidden"
  /**
   * The players named by a game state variable holding a player id or a list of them (an officer),
   * as for state; an action's actor too. Resolved when the data is read, not when it was sealed:
   * the office's sealed data passes with the office (a new auctioneer reads the bids placed
   * before, the one who left office no longer does), as state seen by an office does.
   */
  | { readonly seenBy: string };
/** One visibility for all of the value, or one per top-level field: `{ fields: { vote: "actor" } }` (fields not listed are public). */
type DataVisibility = DataReaders | { readonly fields: { readonly [field: string]: DataReaders } };
