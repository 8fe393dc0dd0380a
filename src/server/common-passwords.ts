/**
 * The passwords attackers try first. The list is zxcvbn-ts's (@zxcvbn-ts/language-common):
 * passwords seen in leaks, commonest first, all in lower case. Only those a new account could
 * choose (of the minimum length or longer) matter here, and the commonest of them are refused,
 * whatever their case.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { commonPasswordsRefused, passwordMinLength } from "../api/accounts.js";

let common: Set<string> | undefined;

/** Why a new account's password will not do, in the user's words; undefined if it will. */
export function passwordProblem(password: string, username: string): string | undefined {
  const folded = password.normalize("NFC").toLowerCase();
  if (folded === username.toLowerCase()) return "that password is your username, which attackers try first; choose another";
  common ??= new Set(dictionary["passwords-common"].filter((p) => p.length >= passwordMinLength).slice(0, commonPasswordsRefused));
  if (common.has(folded)) return "that password is among the most common ones, which attackers try first; choose another";
  return undefined;
}
