// Gin Rummy's choices in the client (docs/games/gin.md): its rule options, in the create
// forms, in words and as the API's `rules`, and its deal for "Verify this deal".

import { checkbox, select } from "./common.js";

export const rules = {
  // The create forms' rule fields (a tournament's form offers a very quick game too).
  fields({ quick = false } = {}) {
    const targets = [[100, "100 points (standard)"], [50, "50 points"], [25, "25 points (quick)"]];
    if (quick) targets.push([10, "10 points (very quick)"]);
    return [
      select("target_score", "Play to", targets, 100),
      select("knock_limit", "Knock with deadwood up to", [[10, "10 (standard)"], [7, "7"], [5, "5"], [0, "0: gin only"]], 10),
      checkbox("oklahoma", "Oklahoma: the first upcard sets the knock limit", false),
      checkbox("big_gin", "Big gin (all 11 cards melded) scores its bonus", true)];
  },
  // Those fields as the API's `rules`: only what differs from the standard game.
  from(data) {
    const rules = {};
    if (Number(data.target_score) !== 100) rules.target_score = Number(data.target_score);
    if (Number(data.knock_limit) !== 10) rules.knock_limit = Number(data.knock_limit);
    if (data.oklahoma) rules.oklahoma = true;
    if (!data.big_gin) rules.big_gin = false;
    return rules;
  },
  // A lobby table's length.
  length: (rules) => `to ${rules.target_score || 100}`,
  // A tournament's rules as phrases.
  inWords(rules) {
    const knock = rules.knock_limit === undefined || rules.knock_limit === 10 ? null
      : rules.knock_limit === 0 ? "gin only (no knocking)" : `knock with up to ${rules.knock_limit} deadwood`;
    return [`games to ${rules.target_score || 100} points`, knock, rules.oklahoma ? "Oklahoma" : null,
      rules.big_gin === false ? "no big gin bonus" : null].filter(Boolean);
  },
};

// One deck, no jokers; 10 cards each, the non-dealer's first, then the upcard.
export const deal = {
  copies: () => 1,
  jokers: () => 0,
  layout(view, dealer) {
    const mine = view.you === dealer ? [10, 20] : [0, 10];
    return { mine, stock: 21, size: 10 };
  },
};
