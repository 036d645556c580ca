// The games this client plays, in one place: a name, the table module that draws it, and
// what the create forms offer (among it how each game's computer plays at each level). Another game is one more entry here, one more table module
// under table/, and one more page in screens/rules.js. The forms, boards and profiles offer
// only the games listed here, whatever else the server may play.
// The levels' words are the computer players' own (`DESCRIPTIONS` in each game's
// games/ai/<game>/; the server's registry reaches them as `players.descriptions`), copied
// here; tests/ai/common/test_descriptions.py keeps the two the same.
//
// A game (its view, a line of a list, a lobby table) names its game in `variant`, but for
// Gin Rummy's, which keep the shape they had before there were other games (docs/games/gin.md#rules): the
// entry with `namesItself: false`, as in the server's registry (`names_itself`).

export const VARIANTS = {
  gin: {
    name: "gin",
    label: "Gin Rummy",
    seats: [2, 2],
    namesItself: false,
    levels: {
      easy: "Plays the obvious; knocks late.",
      medium: "Keeps pairs, knocks as soon as it may.",
      hard: "Reads your pickups and holds on for gin.",
    },
    table: () => import("./table/gin.js").then((m) => m.GinTable),
  },
  rummy: {
    name: "rummy",
    label: "Rummy",
    seats: [2, 4],
    namesItself: true,
    levels: {
      easy: "Draws from the stock, lays off now and then.",
      medium: "Takes useful discards and melds at once.",
      hard: "Holds its melds for a hand rummy and thinks through close calls.",
    },
    table: () => import("./table/rummy.js").then((m) => m.RummyTable),
  },
  indian: {
    name: "indian",
    label: "Indian Rummy",
    seats: [2, 6],
    namesItself: true,
    levels: {
      easy: "Draws from the stock, throws a random loose card.",
      medium: "Takes discards that bring its show nearer.",
      hard: "Reads the pile, keeps the cards with the most outs, drops a hopeless hand.",
    },
    table: () => import("./table/indian.js").then((m) => m.IndianTable),
  },
  rummy500: {
    name: "rummy500",
    label: "Rummy 500",
    seats: [2, 4],
    namesItself: true,
    levels: {
      easy: "Draws from the stock, melds what it can and throws a random card.",
      medium: "Takes the top discard when it can play it at once.",
      hard: "Weighs every draw, deep picks included, by playing the round on in likely deals.",
    },
    table: () => import("./table/rummy500.js").then((m) => m.Rummy500Table),
  },
};

// The computer's levels, in order; a new game starts at DEFAULT_LEVEL.
export const LEVELS = [["easy", "Easy"], ["medium", "Medium"], ["hard", "Hard"]];
export const DEFAULT_LEVEL = "medium";

const [UNNAMED] = Object.values(VARIANTS).filter((v) => !v.namesItself);

// The name of `game`'s game: its `variant`, or the game whose games leave it out.
export const variantName = (game) => game.variant ?? UNNAMED.name;

// The entry for the game called `name`, or null for a game this client does not know.
export const variantNamed = (name) => (Object.hasOwn(VARIANTS, name) ? VARIANTS[name] : null);

// The entry for `game`'s game, or null for a game this client does not know.
export const variantOf = (game) => variantNamed(variantName(game));

// What a game is called: its label, or for a game this client does not know, its name.
export const variantLabel = (game) => (variantOf(game) || { label: variantName(game) }).label;
