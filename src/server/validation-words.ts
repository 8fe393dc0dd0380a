/**
 * A request the API's schemas refused, in the words of the person who sent it: "the
 * password is too short: at least 8 characters", not ajv's "body/password must NOT have
 * fewer than 8 characters".
 */
import { limitWords } from "../kernel/limit-words.js";

interface Problem {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** The value refused (the server's ajv is verbose). */
  data?: unknown;
}

/** What may go in a field whose pattern refused the value, where the pattern is one people meet. */
const patterns: Record<string, string> = {
  username: "may use only letters, digits and the signs _ . - (no spaces)",
};

/** "the password", "steps 1 › action": where the problem is, as people name it. */
function field(problem: Problem, context: string | undefined): string {
  const parts = problem.instancePath.split("/").filter(Boolean);
  if (parts.length === 0) return context === "querystring" ? "the address's query" : context === "params" ? "the address" : "the request";
  return `the ${parts.map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : p.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase())).join(" › ")}`;
}

function words(problem: Problem, context: string | undefined): string {
  const where = field(problem, context);
  const p = problem.params;
  const name = problem.instancePath.split("/").pop() ?? "";
  const limit = limitWords(problem.keyword, p, problem.data);
  if (limit) return `${where} ${limit}`;
  switch (problem.keyword) {
    case "required":
      return `${problem.instancePath ? `${where} › ` : ""}${String(p.missingProperty)} is missing`;
    case "pattern":
      return `${where} ${patterns[name] ?? "is not in the expected form"}`;
    case "enum":
      return `${where} must be one of: ${(p.allowedValues as unknown[]).map(String).join(", ")}`;
    case "additionalProperties":
      return `${where} has "${String(p.additionalProperty)}", which is not taken here`;
    default:
      return `${where} ${problem.message ?? "is not valid"}`;
  }
}

/** Every problem of a refused request, in words, once each. */
export function validationWords(validation: unknown, context: string | undefined): string {
  const problems = Array.isArray(validation) ? (validation as Problem[]).filter((v) => v && typeof v.keyword === "string") : [];
  if (problems.length === 0) return "the request is not in the form the API takes";
  return [...new Set(problems.filter((v) => v.keyword !== "anyOf" && v.keyword !== "oneOf").map((v) => words(v, context)))].join("; ");
}
