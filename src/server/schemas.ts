/** What routes share beside the contract's schemas (src/api): the game id in paths, and checking a time zone. */
import { Type } from "@sinclair/typebox";

export const gameIdParams = Type.Object({ id: Type.String({ maxLength: 64, description: "The game's id" }) });

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
