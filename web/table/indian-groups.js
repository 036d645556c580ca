// Indian Rummy groups in the browser (docs/games/indian-rummy.md), to help the player arrange a hand before
// a show: what a group is (pure sequence, sequence with jokers, set, jokers alone), whether
// the groups make a valid show, and what a hand's cards are worth. The server is the judge
// of a declaration; this only tells the player what it will say.

import { JOKER, RANKS } from "../cards.js";

const rankNumber = (card) => RANKS.indexOf(card[0]) + 1; // ace 1 .. king 13

// Points of a card left out of valid groups: 2-10 face value, A K Q J 10, jokers 0.
export function cardPoints(card, wildRank) {
  if (isWild(card, wildRank)) return 0;
  const r = rankNumber(card);
  return r === 1 || r > 10 ? 10 : r;
}

// A joker this deal: the printed joker, or any card of the wild joker card's rank.
export const isWild = (card, wildRank) => card === JOKER || (Boolean(wildRank) && card[0] === wildRank);

// Natural cards in sequence: one suit, distinct ranks, consecutive with the ace low or high.
function consecutive(cards) {
  if (cards.length < 3 || cards.some((c) => c === JOKER)) return false;
  const suit = cards[0][1];
  if (!cards.every((c) => c[1] === suit)) return false;
  for (const aceHigh of [false, true]) {
    const ranks = cards.map((c) => (aceHigh && c[0] === "A" ? 14 : rankNumber(c))).sort((a, b) => a - b);
    if (new Set(ranks).size !== ranks.length) continue;
    if (ranks[ranks.length - 1] - ranks[0] === ranks.length - 1) return true;
  }
  return false;
}

// Naturals that jokers can complete into one sequence of `size` cards.
function fillsSequence(naturals, size) {
  if (!naturals.length || size < 3) return false;
  const suit = naturals[0][1];
  if (!naturals.every((c) => c[1] === suit)) return false;
  for (const aceHigh of [false, true]) {
    const ranks = naturals.map((c) => (aceHigh && c[0] === "A" ? 14 : rankNumber(c))).sort((a, b) => a - b);
    if (new Set(ranks).size !== ranks.length) continue;
    const span = ranks[ranks.length - 1] - ranks[0] + 1;
    if (span <= size && size <= 13) return true; // A..K or 2..A: 13 places either way
  }
  return false;
}

function fillsSet(naturals, size) {
  if (!naturals.length || size < 3 || size > 4) return false;
  const rank = naturals[0][0];
  if (!naturals.every((c) => c[0] === rank)) return false;
  return new Set(naturals.map((c) => c[1])).size === naturals.length;
}

// What a group is: "pure" (a pure sequence), "sequence" (with jokers standing in), "set",
// "jokers" (jokers only: allowed beside a valid show), or null (not a valid group).
export function groupKind(cards, wildRank) {
  if (!cards.length) return null;
  if (consecutive(cards)) return "pure";
  // A card of the wild rank may be its own natural card or a joker: try each way.
  const wilds = cards.filter((c) => c !== JOKER && isWild(c, wildRank));
  const plain = cards.filter((c) => !isWild(c, wildRank));
  let kind = null;
  for (let mask = 0; mask < 1 << wilds.length; mask++) {
    const naturals = [...plain, ...wilds.filter((_, i) => mask & (1 << i))];
    if (!naturals.length) continue;
    if (fillsSequence(naturals, cards.length)) return "sequence";
    if (!kind && fillsSet(naturals, cards.length)) kind = "set";
  }
  if (!kind && cards.every((c) => isWild(c, wildRank))) return "jokers";
  return kind;
}

export const KIND_WORDS = {
  pure: "Pure sequence",
  sequence: "Sequence",
  set: "Set",
  jokers: "Jokers",
};

// Whether `groups` (13 cards) make a valid show: {valid, reason, points}. `points`: the
// value of the cards outside valid groups (all of them without a pure sequence and a
// second sequence), as a counted hand would cost.
export function checkShow(groups, wildRank) {
  const kinds = groups.map((g) => groupKind(g, wildRank));
  const pure = kinds.filter((k) => k === "pure").length;
  const sequences = kinds.filter((k) => k === "pure" || k === "sequence").length;
  const loose = groups.filter((g, i) => !kinds[i]).flat();
  const looseNatural = loose.filter((c) => !isWild(c, wildRank));
  const all = groups.flat();
  const counted = pure >= 1 && sequences >= 2 ? loose : all;
  const points = counted.reduce((sum, c) => sum + cardPoints(c, wildRank), 0);
  let reason = "";
  if (!pure) reason = "it needs a pure sequence (no joker standing in)";
  else if (sequences < 2) reason = "it needs a second sequence";
  else if (looseNatural.length) reason = `${looseNatural.length === 1 ? "a card is" : `${looseNatural.length} cards are`} in no valid sequence or set`;
  return { valid: !reason, reason, points, kinds };
}

const SUIT_ORDER = "SHCD";

// A first arrangement for a hand with no pure sequence (which the server leaves ungrouped,
// as every card counts): each set of three or four suits apart, the other natural cards
// by suit in rank order, and the jokers together. Returns {groups, sets, jokers} (how many
// sets and jokers).
export function roughGroups(cards, wildRank) {
  const jokers = cards.filter((c) => isWild(c, wildRank));
  let naturals = cards.filter((c) => !isWild(c, wildRank));
  const sets = [];
  for (const rank of RANKS) {
    const suits = new Map();
    for (const c of naturals) if (c[0] === rank && !suits.has(c[1])) suits.set(c[1], c);
    if (suits.size >= 3) {
      const set = [...suits.values()];
      sets.push(set);
      const left = [...naturals];
      for (const c of set) left.splice(left.indexOf(c), 1);
      naturals = left;
    }
  }
  const bySuit = [...SUIT_ORDER].map((suit) => naturals.filter((c) => c[1] === suit)
    .sort((a, b) => rankNumber(a) - rankNumber(b))).filter((g) => g.length);
  return {
    groups: [...sets, ...bySuit, ...(jokers.length ? [jokers] : [])], sets: sets.length, jokers: jokers.length,
  };
}
