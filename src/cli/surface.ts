/**
 * Where the game commands are registered, and what differs there: `nomos <cmd>` on a game
 * file (who acts is --as <player>; the default game is the file's newest) and
 * `nomos remote <cmd>` on a server (who acts is the signed-in user; the default game is
 * the one they joined last). Each game command is written once against a Surface.
 */
import type { Command } from "commander";
import { withGame, type GlobalOptions } from "./context.js";
import { LocalSession } from "./local-session.js";
import { chooseGame } from "./remote/api.js";
import { RemoteClient } from "./remote/client.js";
import { requireSession } from "./remote/session.js";
import { RemoteSession } from "./remote-session.js";
import type { GameSession } from "./session.js";

/** The options a game command may have for who it acts, views or records as. */
export interface Who {
  as?: string;
  asHost?: boolean;
}

export interface Surface {
  /** How a user types these commands: "nomos" or "nomos remote". */
  readonly prefix: string;
  /** Who acts, as hints print it: " --as <player>" on a game file, nothing on a server. */
  readonly asHint: string;
  /**
   * Whether the line a correction prints names what it cites. The two lines have always
   * differed, and scripts read them: kept as they are.
   */
  readonly citesCorrections: boolean;
  readonly globals: () => GlobalOptions;
  /** A game command under this surface (`nomos vote`, `nomos remote vote`). */
  command(nameAndArgs: string): Command;
  /** For a command that acts: on a game file, who acts (--as, required). */
  actor(command: Command, who: string): Command;
  /** For a command that shows the game: on a game file, whose view (--as, optional). */
  viewer(command: Command, who: string): Command;
  /** For a correction: on a game file --as an officer (default: the host); on a server --as-host. */
  recorder(command: Command): Command;
  /** Runs `work` on the game the global options name, and closes it after. */
  run<T>(who: Who, work: (session: GameSession) => Promise<T>): Promise<T>;
}

export function localSurface(program: Command, globals: () => GlobalOptions): Surface {
  return {
    prefix: "nomos",
    asHint: " --as <player>",
    citesCorrections: true,
    globals,
    command: (nameAndArgs) => program.command(nameAndArgs),
    actor: (command, who) => command.requiredOption("--as <player>", who),
    viewer: (command, who) => command.option("--as <player>", who),
    recorder: (command) => command.option("--as <player>", "record it as this player, an officer the rules name (default: as the game's host)"),
    run: (who, work) => withGame(globals(), (game, engine) => work(new LocalSession(game, engine, who.as ?? null))),
  };
}

const gameHelp = "\n--game <id> picks the game (default: the one you joined last); --json prints one JSON document.";

/** A client on the stored login session; a refreshed CSRF token is saved back. */
export function connect(): RemoteClient {
  return new RemoteClient(requireSession(), true);
}

export function remoteSurface(remote: Command, globals: () => GlobalOptions): Surface {
  return {
    prefix: "nomos remote",
    asHint: "",
    citesCorrections: false,
    globals,
    command: (nameAndArgs) => remote.command(nameAndArgs).addHelpText("after", gameHelp),
    // The server acts and views as the signed-in user's player.
    actor: (command) => command,
    viewer: (command) => command,
    recorder: (command) => command.option("--as-host", "record it as the game's host (its creator only)"),
    run: async (_who, work) => {
      const client = connect();
      return work(new RemoteSession(client, await chooseGame(client, globals().game)));
    },
  };
}
