// Rummy melds in the browser (docs/games/rummy.md, rummy500.md), to help the player put them
// together: whether some cards make a set or a run (jokers standing in, written as the API
// wants them), what they are worth (Rummy: for coming out; Rummy 500: for the score), and a
// search for the melds in a hand. The server is the judge; this only proposes.

import { JOKER, RANKS } from "../cards.js";

const rankNumber = (card) => RANKS.indexOf(card[0]) + 1; // ace 1 .. king 13

// What the places of a meld are worth, by rank (the ace 1 low, 14 high): `run(rank)` a
// place of a run, `set(rank)` a card of a set; a joker is worth the place it stands for.
// Rummy: 2-10 face value, J Q K 10, the ace 1 low and 11 high or in a set.
export const RUMMY_POINTS = {
  run: (rank) => (rank === 1 ? 1 : rank === 14 ? 11 : Math.min(10, rank)),
  set: (rank) => (rank === 1 ? 11 : Math.min(10, rank)),
};
// Rummy 500: as Rummy, but the ace 15 (high or in a set).
export const RUMMY500_POINTS = {
  run: (rank) => (rank === 1 ? 1 : rank === 14 ? 15 : Math.min(10, rank)),
  set: (rank) => (rank === 1 ? 15 : Math.min(10, rank)),
};

// `cards` as one meld: {kind, cards (written order: a run low to high, a joker at the place
// it stands for), points}, or null when they make none.
export function asMeld(cards, values = RUMMY_POINTS) {
  if (cards.length < 3) return null;
  const jokers = cards.filter((c) => c === JOKER).length;
  const naturals = cards.filter((c) => c !== JOKER);
  if (!naturals.length || jokers > naturals.length) return null;
  const set = asSet(naturals, jokers, values || RUMMY_POINTS);
  if (set) return set;
  return asRun(naturals, jokers, values || RUMMY_POINTS);
}

function asSet(naturals, jokers, values) {
  const rank = naturals[0][0];
  if (!naturals.every((c) => c[0] === rank)) return null;
  const suits = new Set(naturals.map((c) => c[1]));
  if (suits.size !== naturals.length) return null;
  const size = naturals.length + jokers;
  if (size < 3 || size > 4) return null;
  return {
    kind: "set",
    cards: [...naturals, ...Array(jokers).fill(JOKER)],
    points: values.set(rankNumber(naturals[0])) * size,
  };
}

function asRun(naturals, jokers, values) {
  const suit = naturals[0][1];
  if (!naturals.every((c) => c[1] === suit)) return null;
  let best = null;
  for (const aceHigh of [false, true]) {
    const ranks = naturals.map((c) => (c[0] === "A" && aceHigh ? 14 : rankNumber(c))).sort((a, b) => a - b);
    if (new Set(ranks).size !== ranks.length) continue;
    const low = ranks[0];
    const high = ranks[ranks.length - 1];
    const gaps = high - low + 1 - ranks.length;
    if (gaps > jokers) continue;
    const spare = jokers - gaps;
    const floor = aceHigh ? 2 : 1;
    const ceiling = aceHigh ? 14 : 13;
    // The spare jokers go above the run where there is room, else below it.
    for (let below = 0; below <= spare; below++) {
      const above = spare - below;
      const start = low - below;
      const end = high + above;
      if (start < floor || end > ceiling) continue;
      const have = new Set(ranks);
      const places = [];
      for (let r = start; r <= end; r++) places.push(have.has(r) ? r : null);
      if (places.some((p, i) => p === null && places[i + 1] === null && i + 1 < places.length)) continue;
      const byRank = new Map(naturals.map((c) => [c[0] === "A" && aceHigh ? 14 : rankNumber(c), c]));
      const written = places.map((p) => (p === null ? JOKER : byRank.get(p)));
      let points = 0;
      for (let r = start; r <= end; r++) points += values.run(r);
      const meld = { kind: "run", cards: written, points };
      if (!best || meld.points > best.points) best = meld;
    }
  }
  return best;
}

// Every meld that can be made from the hand (as indexes into it).
function candidates(hand, values) {
  const jokerAt = [];
  const byRank = new Map();
  const bySuit = new Map();
  hand.forEach((card, i) => {
    if (card === JOKER) {
      jokerAt.push(i);
      return;
    }
    const rank = rankNumber(card);
    if (!byRank.has(rank)) byRank.set(rank, new Map());
    if (!byRank.get(rank).has(card[1])) byRank.get(rank).set(card[1], i);
    if (!bySuit.has(card[1])) bySuit.set(card[1], new Map());
    const ranks = bySuit.get(card[1]);
    if (!ranks.has(rank)) ranks.set(rank, i);
    if (rank === 1 && !ranks.has(14)) ranks.set(14, i);
  });
  const out = [];
  const J = jokerAt.length;
  for (const [rank, suits] of byRank) {
    const idx = [...suits.values()];
    const subsets = (k) => combos(idx, k);
    for (const size of [3, 4]) {
      for (let n = Math.max(Math.ceil(size / 2), 1); n <= Math.min(size, idx.length); n++) {
        const j = size - n;
        if (j > J) continue;
        for (const pick of subsets(n)) {
          out.push({ naturals: pick, jokers: j, points: values.set(rank) * size });
        }
      }
    }
  }
  for (const ranks of bySuit.values()) {
    for (let start = 1; start <= 12; start++) {
      for (let end = start + 2; end <= Math.min(14, start + 12); end++) {
        if (start === 1 && end === 14) continue;
        const picks = [];
        const missing = [];
        let adjacent = false;
        for (let r = start; r <= end; r++) {
          if (ranks.has(r)) picks.push(ranks.get(r));
          else {
            if (missing.length && missing[missing.length - 1] === r - 1) adjacent = true;
            missing.push(r);
          }
        }
        if (adjacent || missing.length > J || missing.length > picks.length) continue;
        if (new Set(picks).size !== picks.length) continue; // the ace cannot be both ends
        let points = 0;
        for (let r = start; r <= end; r++) points += values.run(r);
        out.push({ naturals: picks, jokers: missing.length, points });
      }
    }
  }
  return { list: out, jokerAt };
}

function combos(items, k) {
  const out = [];
  const walk = (from, chosen) => {
    if (chosen.length === k) {
      out.push([...chosen]);
      return;
    }
    for (let i = from; i < items.length; i++) {
      chosen.push(items[i]);
      walk(i + 1, chosen);
      chosen.pop();
    }
  };
  walk(0, []);
  return out;
}

// The melds worth the most points that the hand holds, keeping `keep` cards back (one, for
// the discard, unless the game says otherwise), each a meld {kind, cards, points} in the
// API's written form. With `must`, only answers that put that card down count (Rummy 500's
// picked card).
export function findMelds(hand, { points: values = RUMMY_POINTS, keep = 1, must = null } = {}) {
  const { list, jokerAt } = candidates(hand, values || RUMMY_POINTS);
  const mustAt = must && must !== JOKER ? hand.indexOf(must) : -1;
  const holds = (chosen) => !must || (must === JOKER ? chosen.some((c) => c.jokers > 0)
    : chosen.some((c) => c.naturals.includes(mustAt)));
  let best = { points: 0, chosen: [] };
  let nodes = 0;
  const walk = (from, used, jokersLeft, cardsUsed, points, chosen) => {
    nodes += 1;
    if (points > best.points && holds(chosen)) best = { points, chosen: [...chosen] };
    if (nodes > 20000) return;
    for (let i = from; i < list.length; i++) {
      const c = list[i];
      if (c.jokers > jokersLeft) continue;
      if (cardsUsed + c.naturals.length + c.jokers > hand.length - keep) continue;
      if (c.naturals.some((n) => used.has(n))) continue;
      for (const n of c.naturals) used.add(n);
      chosen.push(c);
      walk(i + 1, used, jokersLeft - c.jokers, cardsUsed + c.naturals.length + c.jokers, points + c.points, chosen);
      chosen.pop();
      for (const n of c.naturals) used.delete(n);
    }
  };
  list.sort((a, b) => b.points - a.points);
  walk(0, new Set(), jokerAt.length, 0, 0, []);
  let jokers = jokerAt.length;
  const melds = [];
  for (const c of best.chosen) {
    const cards = [...c.naturals.map((i) => hand[i])];
    for (let j = 0; j < c.jokers && jokers > 0; j++, jokers--) cards.push(JOKER);
    const meld = asMeld(cards, values);
    if (meld) melds.push(meld);
  }
  return melds;
}

// Takes the cards of `melds` out of `hand` (one copy each).
export function without(hand, cards) {
  const rest = [...hand];
  for (const card of cards) {
    const at = rest.indexOf(card);
    if (at !== -1) rest.splice(at, 1);
  }
  return rest;
}
