// Rule 115: a rule's reference to a specific person (by legal name, username, display name or
// nickname) is to the person referred to when the text was proposed, whatever names change later.
//
// Reading taken: nothing here for a machine to decide beyond what the engine already does. A
// person is known by an id fixed when they first take part (a slug of the name they came with);
// renaming changes the name shown, never the id, so a rule's code that names a person by id
// keeps meaning that person, and nobody becomes that person by taking their name. References in
// a rule's text are read by people (and the Judge, Rule 209) as the rule says.
