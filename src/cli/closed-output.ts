/**
 * `nomos log | head`: the reader closes the pipe after the lines it wanted, and the next
 * write fails with EPIPE. That is the user's choice, not a fault: the CLI stops at once,
 * with no stack trace and exit code 0. Every act was recorded before anything was printed.
 */
export function endQuietlyWhenClosed(stream: NodeJS.WriteStream): void {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(0);
    throw err;
  });
}
