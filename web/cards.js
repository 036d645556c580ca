// Cards as the API writes them ("AS", "TD", "KH"), drawn as CSS cards, sorted, and
// arranged into melds (the least deadwood, as the server computes it) for display.

import { h } from "./dom.js";

export const RANKS = "A23456789TJQK";
export const JOKER = "XX";
export const SUITS = {
  S: { symbol: "\u2660", name: "spades", colour: "black" },
  H: { symbol: "\u2665", name: "hearts", colour: "red" },
  D: { symbol: "\u2666", name: "diamonds", colour: "red" },
  C: { symbol: "\u2663", name: "clubs", colour: "black" },
};
const RANK_NAMES = {
  A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King",
};
// Suits alternate colours when a hand is sorted by suit.
const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3, X: 4 };

export const isJoker = (card) => card === JOKER;
export const rankOf = (card) => (isJoker(card) ? 14 : RANKS.indexOf(card[0]) + 1);
export const suitOf = (card) => card[1];
export const valueOf = (card) => Math.min(10, rankOf(card));
export const rankLabel = (card) => (isJoker(card) ? "\u2605" : card[0] === "T" ? "10" : card[0]);
export const cardName = (card) =>
  (isJoker(card) ? "Joker" : `${RANK_NAMES[card[0]] || card[0]} of ${SUITS[card[1]].name}`);
export const shortName = (card) => (isJoker(card) ? "Joker" : `${rankLabel(card)}${SUITS[card[1]].symbol}`);

export const sortKey = (card, by = "suit") =>
  by === "rank" ? rankOf(card) * 10 + SUIT_ORDER[suitOf(card)] : SUIT_ORDER[suitOf(card)] * 100 + rankOf(card);

export function sortCards(cards, by = "suit") {
  return [...cards].sort((a, b) => sortKey(a, by) - sortKey(b, by));
}

// Every meld that can be made from `cards` (indexes into cards): sets of 3-4 of a rank,
// runs of 3+ in one suit (ace low only).
function allMelds(cards) {
  const melds = [];
  const byRank = new Map();
  const bySuit = new Map();
  cards.forEach((card, i) => {
    const r = rankOf(card);
    if (!byRank.has(r)) byRank.set(r, []);
    byRank.get(r).push(i);
    if (!bySuit.has(suitOf(card))) bySuit.set(suitOf(card), new Map());
    bySuit.get(suitOf(card)).set(r, i);
  });
  for (const group of byRank.values()) {
    if (group.length >= 3) melds.push(group);
    if (group.length === 4) {
      for (let skip = 0; skip < 4; skip++) melds.push(group.filter((_, j) => j !== skip));
    }
  }
  for (const ranks of bySuit.values()) {
    for (let start = 1; start <= 11; start++) {
      const run = [];
      for (let r = start; r <= 13 && ranks.has(r); r++) {
        run.push(ranks.get(r));
        if (run.length >= 3) melds.push([...run]);
      }
    }
  }
  return melds.map((m) => ({ cards: m, mask: m.reduce((acc, i) => acc | (1 << i), 0) }));
}

// The arrangement of `cards` with the least deadwood: {melds: [[card]], deadwood: [card],
// points}.
export function bestArrangement(cards) {
  const melds = allMelds(cards);
  const memo = new Map();
  const best = (mask) => {
    if (mask === 0) return { points: 0, melds: [] };
    if (memo.has(mask)) return memo.get(mask);
    let low = 0;
    while (!(mask & (1 << low))) low++;
    const rest = best(mask & ~(1 << low));
    let answer = { points: rest.points + valueOf(cards[low]), melds: rest.melds };
    for (const meld of melds) {
      if (!(meld.mask & (1 << low)) || (meld.mask & mask) !== meld.mask) continue;
      const sub = best(mask & ~meld.mask);
      if (sub.points < answer.points) answer = { points: sub.points, melds: [meld, ...sub.melds] };
    }
    memo.set(mask, answer);
    return answer;
  };
  const full = (1 << cards.length) - 1;
  const result = best(full);
  const used = result.melds.reduce((acc, m) => acc | m.mask, 0);
  return {
    points: result.points,
    melds: result.melds.map((m) => m.cards.map((i) => cards[i])),
    deadwood: cards.filter((_, i) => !(used & (1 << i))),
  };
}

// The deadwood left after discarding `card` (what a knock with that card would leave).
export function deadwoodWithout(cards, card) {
  return bestArrangement(cards.filter((c) => c !== card)).points;
}

// The hand laid out for display: melds first (each sorted), then the deadwood.
export function arrangeHand(cards, by = "suit") {
  const arrangement = bestArrangement(cards);
  const melds = arrangement.melds
    .map((m) => sortCards(m, isSet(m) ? "rank" : "suit"))
    .sort((a, b) => sortKey(a[0], by) - sortKey(b[0], by));
  return { melds, deadwood: sortCards(arrangement.deadwood, by), points: arrangement.points };
}

const isSet = (meld) => meld.every((c) => c[0] === meld[0][0]);

// A face-up card. As a button when `onClick` is given (then keyboard usable too). Its only
// text is the top-left corner ("3\u2660"), so the accessible name starts with what is
// seen; the centre pip and the turned bottom-right corner are drawn by the stylesheet.
// The printed joker is drawn as one, never as a jack: a star for its rank and the word
// JOKER down its side.
export function cardFace(card, { onClick, className = "", label, disabled, draggable, pressed } = {}) {
  const joker = isJoker(card);
  const suit = joker ? { symbol: "\u2605", colour: "joker" } : SUITS[card[1]];
  const corner = h("span", { class: "corner tl" },
    h("span", { class: ["rank", card[0] === "T" && "ten"] }, joker ? "\u2605" : rankLabel(card)),
    h("span", { class: ["pip", joker && "joker-word"] }, joker ? "JOKER" : suit.symbol));
  const name = `${joker ? "Joker" : `${shortName(card)} ${cardName(card)}`}${label ? `: ${label}` : ""}`;
  const attrs = {
    class: ["card", "face", `suit-${card[1]}`, suit.colour, className],
    dataset: { card, face: joker ? "\u2605" : suit.symbol, corner: joker ? "\u2605" : `${rankLabel(card)}\n${suit.symbol}` },
    "aria-label": name,
    title: label ? `${cardName(card)}: ${label}` : cardName(card),
  };
  if (onClick) {
    // Unplayable cards stay focusable (aria-disabled, not disabled) so arrows can move
    // along the whole hand.
    return h("button", {
      ...attrs, type: "button", onclick: (event) => onClick(card, event), "aria-disabled": disabled ? "true" : null,
      "aria-pressed": pressed === undefined ? null : String(pressed),
      draggable: draggable ? "true" : null,
    }, corner);
  }
  return h("span", { ...attrs, role: "img" }, corner);
}

// A face-down card: an image with a name, or (inside a named control) decoration only.
export function cardBack({ className = "", label = "A face-down card" } = {}) {
  if (!label) return h("span", { class: ["card", "back", className], "aria-hidden": "true" });
  return h("span", { class: ["card", "back", className], role: "img", "aria-label": label });
}
