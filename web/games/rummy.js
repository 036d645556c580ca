// Rummy's choices in the client (docs/games/rummy.md): its rule options, in the create
// forms, in words and as the API's `rules`, and its deal for "Verify this deal".

import { plural } from "../dom.js";
import { dealtAround, select } from "./common.js";

export const rules = {
  // The create forms' rule fields.
  fields: () => [
    select("hand_size", "Cards each", [13, 11, 10, 9, 7].map((n) => [n, n === 13 ? "13 (standard)" : String(n)]), 13),
    select("rounds", "Length", [["", "Until someone reaches the loss limit"], [1, "One round"], [3, "3 rounds"], [5, "5 rounds"]], ""),
    select("first_meld_points", "Coming out needs", [[40, "40 points (standard)"], [30, "30 points"], [20, "20 points"], [0, "no minimum"]], 40),
    select("jokers", "Jokers", [[6, "6 (standard)"], [4, "4"], [2, "2"], [0, "none"]], 6)],
  // Those fields as the API's `rules`: only what differs from the standard game.
  from(data) {
    const rules = {};
    if (Number(data.hand_size) !== 13) rules.hand_size = Number(data.hand_size);
    if (data.rounds) rules.rounds = Number(data.rounds);
    if (Number(data.first_meld_points) !== 40) rules.first_meld_points = Number(data.first_meld_points);
    if (Number(data.jokers) !== 6) rules.jokers = Number(data.jokers);
    return rules;
  },
  // A lobby table's length.
  length: (rules) => (rules.rounds ? plural(rules.rounds, "round") : `to −${rules.loss_limit || 500}`),
  // A tournament's rules as phrases.
  inWords: (rules) => [rules.rounds ? plural(rules.rounds, "round") : `until someone reaches −${rules.loss_limit || 500}`,
    `${rules.hand_size || 13} cards each`,
    rules.first_meld_points === 0 ? "no minimum to come out" : `coming out needs ${rules.first_meld_points || 40} points`,
    rules.jokers === 0 ? "no jokers" : `${rules.jokers ?? 6} jokers`],
};

// Two decks with 6 jokers unless set (docs/games/rummy.md#the-deal); 13 cards each unless set.
export const deal = {
  copies: () => 2,
  jokers: (rules) => rules.jokers ?? 6,
  layout: (view, dealer) => dealtAround(view, dealer, (view.rules && view.rules.hand_size) || 13),
};
