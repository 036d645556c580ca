// The games this client plays, in one place. Another game is one more entry here, its own
// module under games/ (its choices, below), one more table module under table/, and one more
// page in screens/rules.js: no other module tells the games apart by name. The forms, boards
// and profiles offer only the games listed here, whatever else the server may play.
//
// An entry carries:
// - `name`, `label`, `seats` (the fewest and most at a table), `namesItself` (below);
// - `levels`: how its computer plays at each level, in words. They are the computer
//   players' own (`DESCRIPTIONS` in each game's games/ai/<game>/; the server's registry
//   reaches them as `players.descriptions`), copied here; tests/ai/common/test_descriptions.py
//   keeps the two the same;
// - `rules` (games/<name>.js): `fields({quick})`, its rule options in the create forms;
//   `from(formData)`, those fields as the API's `rules`; `length(rules)`, a lobby table's
//   length; `inWords(rules)`, a tournament's rules as phrases;
// - `tables`: the home screen's fields for a table of several seats, some of them computers
//   (`computerFields()`, `friendFields(levels, level)`) and what they add to POST /games
//   (`body(formData, opponent, name)`); null for a game of two players, asked for with no
//   `variant`. Games with the same `tables` share their fields (games/common.js);
// - `tournament`: `{tableSize}` for a game of fixed tables (1-v-1; its sit & go's and
//   knockout's matches are best of some games), `{tableSizes: true}` where the form asks the
//   size of the tables, `{}` otherwise;
// - `deal` (games/<name>.js), for "Verify this deal" (verify.js): `copies(rules)` of each
//   card and `jokers(rules)` in the deck, and `layout(view, dealer, result)`, where the
//   player's hand and the stock are in it;
// - `table`: its table module, loaded when one of its tables opens.
//
// A game (its view, a line of a list, a lobby table) names its game in `variant`, but for
// Gin Rummy's, which keep the shape they had before there were other games (docs/games/gin.md#rules): the
// entry with `namesItself: false`, as in the server's registry (`names_itself`).

import { SEATS_2_TO_4 } from "./games/common.js";
import * as gin from "./games/gin.js";
import * as indian from "./games/indian.js";
import * as rummy from "./games/rummy.js";
import * as rummy500 from "./games/rummy500.js";

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
    rules: gin.rules,
    tables: null,
    tournament: { tableSize: 2 },
    deal: gin.deal,
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
    rules: rummy.rules,
    tables: SEATS_2_TO_4,
    tournament: { tableSizes: true },
    deal: rummy.deal,
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
    rules: indian.rules,
    tables: indian.tables,
    tournament: {},
    deal: indian.deal,
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
    rules: rummy500.rules,
    tables: SEATS_2_TO_4,
    tournament: { tableSizes: true },
    deal: rummy500.deal,
    table: () => import("./table/rummy500.js").then((m) => m.Rummy500Table),
  },
};

// The computer's levels, in order; a new game starts at DEFAULT_LEVEL.
export const LEVELS = [["easy", "Easy"], ["medium", "Medium"], ["hard", "Hard"]];
export const DEFAULT_LEVEL = "medium";
// The game the forms offer first.
export const DEFAULT_VARIANT = "gin";

const [UNNAMED] = Object.values(VARIANTS).filter((v) => !v.namesItself);

// The name of `game`'s game: its `variant`, or the game whose games leave it out.
export const variantName = (game) => game.variant ?? UNNAMED.name;

// The entry for the game called `name`, or null for a game this client does not know.
export const variantNamed = (name) => (Object.hasOwn(VARIANTS, name) ? VARIANTS[name] : null);

// The entry for `game`'s game, or null for a game this client does not know.
export const variantOf = (game) => variantNamed(variantName(game));

// What a game is called: its label, or for a game this client does not know, its name.
export const variantLabel = (game) => (variantOf(game) || { label: variantName(game) }).label;
