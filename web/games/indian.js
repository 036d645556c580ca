// Indian Rummy's choices in the client (docs/games/indian-rummy.md): the home screen's create
// forms' parts (2-6 seats, computers, the format: points, pool 101 or 201, deals), what the
// lobby says of such a table, and its deal for "Verify this deal".
// Its fields have names of their own, so the other games' hidden fields never mix in.

import { plural } from "../dom.js";
import { select } from "./common.js";

const FORMATS = [
  ["points", "Points: one deal"],
  ["pool-101", "Pool 101: out at 101 points"],
  ["pool-201", "Pool 201: out at 201 points"],
  ["deals-2", "Deals: 2 deals"],
  ["deals-3", "Deals: 3 deals"],
  ["deals-6", "Deals: 6 deals"],
];

// Its tables: the home screen's fields and what they add to POST /games.
export const tables = {
  computerFields: () => select("indian_computers", "Computers at the table", [1, 2, 3, 4, 5].map((n) => [n, `${n} (${n + 1} players)`]), 1),
  friendFields: (levels, level) => [
    select("indian_seats", "Seats", [2, 3, 4, 5, 6].map((n) => [n, String(n)]), 2),
    select("indian_friend_computers", "Of them computers", [[0, "none"], [1, "1"], [2, "2"], [3, "3"], [4, "4"]], 0),
    select("indian_friend_difficulty", "Computer level", levels, level)],
  // The body of POST /games for an Indian table, beside `rules`.
  body(data, opponent) {
    if (opponent === "computer") return { variant: "indian", computers: Number(data.indian_computers) };
    const seats = Number(data.indian_seats);
    const body = { variant: "indian", seats, computers: Math.min(Number(data.indian_friend_computers), seats - 2) };
    if (body.computers > 0) body.difficulty = data.indian_friend_difficulty;
    return body;
  },
};

export const rules = {
  fields: () => select("indian_format", "Format", FORMATS, "points"),
  from(data) {
    const [format, size] = String(data.indian_format || "points").split("-");
    if (format === "pool") return { format, pool: Number(size) };
    if (format === "deals") return { format, deals: Number(size) };
    return {};
  },
  length(rules) {
    if (rules.format === "pool") return `pool ${rules.pool || 101}`;
    if (rules.format === "deals") return plural(rules.deals || 2, "deal");
    return "points, one deal";
  },
  inWords: () => [],
};

// Two decks (unless set), a joker each.
export const deal = {
  copies: (rules) => rules.decks || 2,
  jokers: (rules) => rules.decks || 2,
  layout(view, dealer, result) {
    // docs/games/indian-rummy.md: the players dealt in (all but those out of the game), from the seat after the
    // dealer; then the wild joker card, the first upcard, and the stock.
    const seats = view.players.length;
    const out = new Set(((result && result.hands) || []).filter((x) => x.status === "out").map((x) => x.seat));
    const order = [];
    for (let k = 1; k <= seats; k++) {
      const seat = (dealer + k) % seats;
      if (!out.has(seat)) order.push(seat);
    }
    const i = Math.max(0, order.indexOf(view.you));
    const n = order.length;
    return { mine: [i * 13, (i + 1) * 13], stock: n * 13 + 2, size: 13, wild: n * 13 };
  },
};
