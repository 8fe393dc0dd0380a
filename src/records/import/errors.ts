/** The one error the importer throws: it names the line, so a user can find and fix it. */
export class RulesetImportError extends Error {
  /**
   * @param line the 1-based line of the ruleset text at fault; 0 when the fault is in the
   *   options rather than the text (an unknown layout name)
   * @param message what is wrong and how to fix it, without the line (added here)
   */
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(line > 0 ? `line ${line}: ${message}` : message);
    this.name = "RulesetImportError";
  }
}
