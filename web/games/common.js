// What the games' own modules (web/games/<name>.js) share: the create forms' fields, the
// seat fields that Rummy's and Rummy 500's tables are asked for with, and the deal round the
// table from the dealer's left.

import { h } from "../dom.js";

export function select(name, label, options, value) {
  const id = `${name}-${Math.random().toString(36).slice(2, 7)}`;
  return h("div", { class: "field inline" },
    h("label", { for: id }, label),
    h("select", { id, name }, options.map(([v, text]) => h("option", { value: v, selected: String(v) === String(value) }, text))));
}

export function checkbox(name, label, checked) {
  const id = `${name}-${Math.random().toString(36).slice(2, 7)}`;
  return h("div", { class: "field check" },
    h("input", { type: "checkbox", id, name, checked }), h("label", { for: id }, label));
}

// A table of 2 to 4 seats, some of them computers: the fields of the home screen's forms
// (shown for every game whose entry's `tables` this is) and what they add to POST /games.
export const SEATS_2_TO_4 = {
  computerFields: () => select("computers", "Computers at the table", [[1, "1 (two players)"], [2, "2 (three players)"], [3, "3 (four players)"]], 1),
  friendFields: (levels, level) => [
    select("seats", "Seats", [[2, "2"], [3, "3"], [4, "4"]], 2),
    select("friend_computers", "Of them computers", [[0, "none"], [1, "1"], [2, "2"]], 0),
    select("friend_difficulty", "Computer level", levels, level)],
  body(data, opponent, variant) {
    if (opponent === "computer") return { variant, computers: Number(data.computers) };
    const seats = Number(data.seats);
    const body = { variant, seats, computers: Math.min(Number(data.friend_computers), seats - 2) };
    if (body.computers > 0) body.difficulty = data.friend_difficulty;
    return body;
  },
};

// A deal of `size` cards to each seat in turn from the dealer's left, then the upcard and
// the stock: where the player's hand is in the deck, and where the stock starts.
export function dealtAround(view, dealer, size) {
  const seats = view.players.length;
  const i = (view.you - dealer - 1 + seats * 2) % seats;
  return { mine: [i * size, (i + 1) * size], stock: seats * size + 1, size };
}
