/** Publishing the ruleset: the JSON document and its text and Markdown renderings. */
export { rulesetDocument, documentRules, RULESET_FORMAT } from "./ruleset.js";
export type { RulesetDocument, RulesetOptions, PublishedRule, HistoryLine, Annotation } from "./ruleset.js";
export { renderRulesetText } from "./render-text.js";
export { renderRulesetMarkdown } from "./render-markdown.js";
export { groupRules, ruleLabel } from "./grouping.js";
export { historyLine, annotationLine } from "./history.js";
