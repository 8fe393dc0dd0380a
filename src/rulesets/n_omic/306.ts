// Rule 306: "[[" starts a comment and "]]" ends it; text within a comment has no effect on
// a rule. The engine reads rules' code, never their words, so nothing here changes play:
// this rule declares the markers so that every interface shows such text as a comment
// (the CommentMarkers convention). In this rule itself the symbols are not comments.

gameState("comment-markers", {
  initial: { kind: "comments", open: "[[", close: "]]", notIn: [game.rules.self().number] },
  describe: "Text between [[ and ]] in a rule is a comment and has no effect on it (Rule 306)",
  display: { as: "hidden" },
});
