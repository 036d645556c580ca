// The games this client plays, in one place: a name, the table module that draws it, and
// what the create forms offer. Another game is one more entry here, one more table module
// under table/, and one more page in screens/rules.js.
//
// A game (its view, a line of a list, a lobby table) names its game in `variant`, but for
// Gin Rummy's, which keep the shape they had before there were other games (DESIGN §3): the
// entry with `namesItself: false`, as in the server's registry (`names_itself`).

export const VARIANTS = {
  gin: {
    name: "gin",
    label: "Gin Rummy",
    seats: [2, 2],
    namesItself: false,
    table: () => import("./table/gin.js").then((m) => m.GinTable),
  },
  rummy: {
    name: "rummy",
    label: "Rummy",
    seats: [2, 4],
    namesItself: true,
    table: () => import("./table/rummy.js").then((m) => m.RummyTable),
  },
  indian: {
    name: "indian",
    label: "Indian Rummy",
    seats: [2, 6],
    namesItself: true,
    table: () => import("./table/indian.js").then((m) => m.IndianTable),
  },
};

const [UNNAMED] = Object.values(VARIANTS).filter((v) => !v.namesItself);

// The name of `game`'s game: its `variant`, or the game whose games leave it out.
export const variantName = (game) => game.variant ?? UNNAMED.name;

// The entry for the game called `name`, or null for a game this client does not know.
export const variantNamed = (name) => (Object.hasOwn(VARIANTS, name) ? VARIANTS[name] : null);

// The entry for `game`'s game, or null for a game this client does not know.
export const variantOf = (game) => variantNamed(variantName(game));

// What a game is called: its label, or for a game this client does not know, its name.
export const variantLabel = (game) => (variantOf(game) || { label: variantName(game) }).label;
