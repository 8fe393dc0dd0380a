/** Leaving a game: what comes of it. (Joining is the lobby's, by invitation.) */
import { Type, type Static } from "@sinclair/typebox";
import { LogEntry } from "./log.js";
import { ref } from "./shared.js";

export const LeaveReply = Type.Object(
  { seq: Type.Integer({ description: "The act of your leaving" }), entry: ref(LogEntry) },
  { title: "LeaveReply", description: "You are no longer a player in the game; you may still read it" },
);
export type LeaveReply = Static<typeof LeaveReply>;
