/**
 * The type-checker's thread: TypeScript, loaded once and kept warm, checking and
 * completing rule code one request at a time. The main thread (src/authoring/type-checker.ts)
 * kills it when a check overruns its deadline: a hostile type can take TypeScript minutes.
 */
import { parentPort } from "node:worker_threads";
import { keepCompiledCode } from "../compile-cache.js";
import { timedThreadId } from "../sandbox/thread-clock.js";
import { completeRuleCode } from "./completions.js";
import { diagnoseRuleCode } from "./diagnostics.js";
import type { CheckReply, CheckRequest } from "./type-check-protocol.js";

const port = parentPort;
if (!port) throw new Error("the type-check worker runs only as a worker thread");

port.on("message", (request: CheckRequest) => {
  let reply: CheckReply;
  try {
    reply =
      request.kind === "diagnose"
        ? { id: request.id, ok: true, value: diagnoseRuleCode(request.source) }
        : { id: request.id, ok: true, value: completeRuleCode(request.source, request.offset) };
  } catch (err) {
    reply = { id: request.id, ok: false, error: String(err) };
  }
  port.postMessage(reply);
});
// Load TypeScript and parse the libraries before saying ready: a check's deadline counts only its own work.
keepCompiledCode();
diagnoseRuleCode("");
port.postMessage({ id: 0, ok: true, value: [], tid: timedThreadId() } satisfies CheckReply);
