// Rummy 500's choices in the client (docs/games/rummy500.md): its rule options, in the
// create forms, in words and as the API's `rules`, and its deal for "Verify this deal".
// Its fields have names of their own, so Rummy's hidden fields never mix in.

import { plural } from "../dom.js";
import { checkbox, dealtAround, select } from "./common.js";

export const rules = {
  // The create forms' rule fields.
  fields: () => [
    select("r500_target", "Play to", [[500, "500 points (standard)"], [300, "300 points"], [200, "200 points"], [100, "100 points (quick)"]], 500),
    select("r500_rounds", "Or stop after", [["", "no fixed number of rounds"], [1, "One round"], [3, "3 rounds"], [5, "5 rounds"]], ""),
    select("r500_jokers", "Jokers", [[0, "none (standard)"], [2, "2"]], 0),
    checkbox("r500_top_card_free", "The top discard alone may be taken without playing it", true)],
  // Those fields as the API's `rules`: only what differs from the standard game.
  from(data) {
    const rules = {};
    if (Number(data.r500_target) !== 500) rules.target = Number(data.r500_target);
    if (data.r500_rounds) rules.rounds = Number(data.r500_rounds);
    if (Number(data.r500_jokers) !== 0) rules.jokers = Number(data.r500_jokers);
    if (!data.r500_top_card_free) rules.top_card_free = false;
    return rules;
  },
  // A lobby table's length.
  length: (rules) => (rules.rounds ? plural(rules.rounds, "round") : `to ${rules.target || 500}`),
  // A tournament's rules as phrases.
  inWords: (rules) => [rules.rounds ? plural(rules.rounds, "round") : `games to ${rules.target || 500} points`,
    rules.jokers ? `${rules.jokers} jokers` : null,
    rules.top_card_free === false ? "the top discard must be played too" : null].filter(Boolean),
};

// One deck, no jokers unless set.
export const deal = {
  copies: () => 1,
  jokers: (rules) => rules.jokers ?? 0,
  // Rummy 500 (docs/games/rummy500.md#the-deal): 13 cards each at 2 seats, 7 at 3 or 4, unless set.
  layout: (view, dealer) => dealtAround(view, dealer, (view.rules && view.rules.hand_size) || (view.players.length > 2 ? 7 : 13)),
};
