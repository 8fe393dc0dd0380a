/**
 * The commands that play and read one game, written once and registered on each surface:
 * `nomos <cmd>` on a game file and `nomos remote <cmd>` on a server.
 */
import { registerActCommands } from "./commands/act.js";
import { registerClockCommands } from "./commands/clock.js";
import { registerLeaveCommand } from "./commands/leave.js";
import { registerCorrectCommand } from "./commands/correct.js";
import { registerDecisionCommands } from "./commands/decide.js";
import { registerJudgmentCommands } from "./commands/judgment.js";
import { registerLogCommand } from "./commands/log.js";
import { registerProposeCommand } from "./commands/propose.js";
import { registerRecordsCommands } from "./commands/records.js";
import { registerRulesCommand } from "./commands/rules.js";
import { registerStateCommands } from "./commands/state.js";
import { registerVoteCommand } from "./commands/vote.js";
import type { Surface } from "./surface.js";

export function registerGameCommands(surface: Surface): void {
  registerRulesCommand(surface);
  registerStateCommands(surface);
  registerLogCommand(surface);
  registerActCommands(surface);
  registerVoteCommand(surface);
  registerProposeCommand(surface);
  registerJudgmentCommands(surface);
  registerCorrectCommand(surface);
  registerRecordsCommands(surface);
  registerClockCommands(surface);
  registerDecisionCommands(surface);
  registerLeaveCommand(surface);
}
