/** JSON Schemas shared by routes: they validate requests and document the API (OpenAPI). */

export const errorSchema = {
  type: "object",
  properties: { error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" }, rule: { type: ["integer", "null"] } }, required: ["code", "message"] } },
} as const;

export const userSchema = {
  type: "object",
  properties: { id: { type: "string" }, username: { type: "string" }, displayName: { type: "string" }, timeZone: { type: ["string", "null"] }, createdAt: { type: "integer" } },
  required: ["id", "username", "displayName"],
} as const;

export const gameIdParams = { type: "object", properties: { id: { type: "string", maxLength: 64 } }, required: ["id"] } as const;

/** A JSON value of any shape (game state, rule-change inputs...). */
export const anyJson = {} as const;

export const timeZoneSchema = { type: "string", minLength: 1, maxLength: 64, description: "An IANA time zone, such as Europe/Paris or America/Chicago" } as const;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
