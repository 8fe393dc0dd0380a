/** The preset the command line suggests to someone who has no game yet: the set every game of Nomic grew from. */
export const defaultPreset = "suber";
