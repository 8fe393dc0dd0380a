/** The page's side of the HTTP API: JSON in and out, the CSRF token sent with every change. */
import type { ErrorBody } from "../api/errors.js";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An error's message as the page shows it: the API's messages also guide programs (which
 * request to send, where the API is described); people get the sentence without them.
 */
function inWords(code: string | undefined, message: string): string {
  if (code === "signed-out") return "You are not signed in (your session may have ended): sign in again.";
  return message.replace(/\s*\((?:GET|POST|PUT|PATCH|DELETE) \/api\/[^)]*\)/g, "").replace(/;?\s*see (?:the API description at )?\/api\/openapi\.json/g, "");
}

let csrf: string | null = null;

export function setCsrf(token: string | null): void {
  csrf = token;
}

export async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && csrf) headers["x-csrf-token"] = csrf;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" });
  const text = await response.text();
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    // Every error the API sends is an ErrorBody; a proxy's page in front of it may not be.
    const error = (parsed as Partial<ErrorBody> | null)?.error;
    throw new ApiError(response.status, error?.code ?? "error", inWords(error?.code, error?.message ?? `the server answered ${response.status}`));
  }
  return parsed as T;
}

export const get = <T = any>(path: string) => api<T>("GET", path);
export const post = <T = any>(path: string, body: unknown = {}) => api<T>("POST", path, body);
export const patch = <T = any>(path: string, body: unknown) => api<T>("PATCH", path, body);
export const put = <T = any>(path: string, body: unknown) => api<T>("PUT", path, body);
export const del = <T = any>(path: string) => api<T>("DELETE", path);
