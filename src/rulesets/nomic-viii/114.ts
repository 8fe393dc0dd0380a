// Rule 114: every action, voting, endorsing, proposing and public declarations included, must
// occur in the location designated for it; an action elsewhere is not valid.
//
// Readings taken where the text is open:
// - The locations are the game's channels. This rule designates them publicly: "proposals"
//   (creating, replacing, removing, endorsing and editing proposals), "judgment" (invoking
//   Judgment, the Judge's acts), "declarations" (activity, claims of victory and seconds),
//   "joining" (requests to join and public objections), "moderation" (the server moderators'
//   decisions); every vote is held in its own channel (Rule 206), where only votes count.
// - Each action names its channel (the rule API's `channel` option) and is taken there; the
//   engine takes an action nowhere else, so an action "elsewhere" cannot occur. A message in a
//   channel is a vote only in a vote's channel (Rule 206): "aye" posted anywhere else is not one.

channel("proposals", { title: "Proposals", describe: "Creating, replacing, removing, endorsing and editing proposals (Rules 114, 201)", writers: "players" });
channel("judgment", { title: "Judgment", describe: "Invoking Judgment and the Judge's acts (Rules 114, 209, 210)", writers: "players" });
channel("declarations", {
  title: "Declarations",
  describe: "Public declarations: activity, victory and its seconding (Rules 114, 204, 211)",
  writers: "participants",
});
channel("joining", { title: "Joining", describe: "Requests to join the game and public objections (Rules 114, 213)", writers: "participants" });
channel("moderation", { title: "Moderation", describe: "The server moderators' decisions (Rules 113, 114, 208)", writers: "participants" });
