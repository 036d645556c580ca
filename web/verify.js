// "Verify this deal": the fair-shuffle check, in the browser with Web Crypto.
//
// Before a round the server shows deck_commitment = sha256(salt + ":" + deck.join(",")).
// After it, the result reveals deck and salt; the deal must hash to the commitment, be the
// game's whole deck (Gin: 52 distinct cards; Rummy: two decks and its jokers), and every
// stock draw must be the next card of the deck.

import { api } from "./api.js";
import { JOKER, RANKS, SUITS } from "./cards.js";
import { variantName } from "./variants.js";

export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function allMoves(gameId) {
  const moves = [];
  for (let page = 1; page < 50; page++) {
    const data = await api(`/games/${gameId}/moves?page=${page}&page_size=100`);
    moves.push(...data.results);
    if (!data.next) break;
  }
  return moves;
}

// Where the deal put each hand, and where the stock starts (docs/api.md#fair-shuffle, docs/games/rummy.md#the-deal).
export function dealLayout(view, dealer, result = null) {
  const seats = view.players.length;
  const variant = variantName(view);
  if (variant === "indian") {
    // docs/games/indian-rummy.md: the players dealt in (all but those out of the game), from the seat after the
    // dealer; then the wild joker card, the first upcard, and the stock.
    const out = new Set(((result && result.hands) || []).filter((x) => x.status === "out").map((x) => x.seat));
    const order = [];
    for (let k = 1; k <= seats; k++) {
      const seat = (dealer + k) % seats;
      if (!out.has(seat)) order.push(seat);
    }
    const i = Math.max(0, order.indexOf(view.you));
    const n = order.length;
    return { mine: [i * 13, (i + 1) * 13], stock: n * 13 + 2, size: 13, wild: n * 13 };
  }
  if (variant === "gin") {
    const mine = view.you === dealer ? [10, 20] : [0, 10];
    return { mine, stock: 21, size: 10 };
  }
  // Rummy 500 (docs/games/rummy500.md#the-deal): 13 cards each at 2 seats, 7 at 3 or 4, unless set.
  const size = (view.rules && view.rules.hand_size) || (variant === "rummy500" && seats > 2 ? 7 : 13);
  const i = (view.you - dealer - 1 + seats * 2) % seats;
  return { mine: [i * size, (i + 1) * size], stock: seats * size + 1, size };
}

function fullDeck(view) {
  const counts = new Map();
  const variant = variantName(view);
  if (variant === "indian") {
    const decks = (view.rules && view.rules.decks) || 2;
    for (const r of RANKS) for (const s of Object.keys(SUITS)) counts.set(r + s, decks);
    counts.set(JOKER, decks);
    return counts;
  }
  // Gin Rummy and Rummy 500 play one deck; Rummy two, with 6 jokers unless set (Rummy 500: none).
  const copies = variant === "gin" || variant === "rummy500" ? 1 : 2;
  for (const r of RANKS) for (const s of Object.keys(SUITS)) counts.set(r + s, copies);
  if (variant !== "gin") {
    const jokers = view.rules && view.rules.jokers !== undefined && view.rules.jokers !== null ? view.rules.jokers
      : variant === "rummy500" ? 0 : 6;
    if (jokers) counts.set(JOKER, jokers);
  }
  return counts;
}

// Returns {ok, checks: [{ok, text}]}.
export async function verifyDeal(gameId, result, view) {
  const checks = [];
  const { deck, salt, deck_commitment: commitment } = result;
  if (!deck || !salt || !commitment) {
    return { ok: false, checks: [{ ok: false, text: "This deal has not revealed its deck yet." }] };
  }
  if (!(crypto && crypto.subtle)) {
    return { ok: false, checks: [{ ok: false, text: "This browser cannot compute SHA-256 here (it needs HTTPS)." }] };
  }
  const digest = await sha256Hex(`${salt}:${deck.join(",")}`);
  checks.push({
    ok: digest === commitment,
    text: digest === commitment
      ? `The revealed deck and salt hash to the commitment shown at the deal (${commitment.slice(0, 12)}…).`
      : `The revealed deck hashes to ${digest.slice(0, 12)}…, not to the commitment ${commitment.slice(0, 12)}….`,
  });
  const expected = fullDeck(view);
  const total = [...expected.values()].reduce((a, b) => a + b, 0);
  const seen = new Map();
  for (const card of deck) seen.set(card, (seen.get(card) || 0) + 1);
  const complete = deck.length === total && [...expected].every(([card, n]) => seen.get(card) === n)
    && [...seen.keys()].every((card) => expected.has(card));
  checks.push({
    ok: complete,
    text: complete ? `The deck is the game's ${total} cards, each exactly as often as it should be.` : `The deck is not the game's ${total} cards.`,
  });
  const layout = dealLayout(view, result.dealer, result);
  const mine = deck.slice(layout.mine[0], layout.mine[1]);
  checks.push({ ok: true, text: `Your ${mine.length} cards were dealt from deck[${layout.mine[0]}:${layout.mine[1]}]: ${mine.join(" ")}.` });
  if (layout.wild !== undefined && result.wild_joker) {
    const same = deck[layout.wild] === result.wild_joker.card;
    checks.push({
      ok: same,
      text: same ? `The wild joker card ${result.wild_joker.card} is deck[${layout.wild}], as dealt.`
        : `The wild joker card ${result.wild_joker.card} is not deck[${layout.wild}] (${deck[layout.wild]}).`,
    });
  }
  const moves = (await allMoves(gameId)).filter((m) => m.round === result.number);
  let next = layout.stock;
  let shown = 0;
  let wrong = 0;
  for (const move of moves) {
    if (move.action.type !== "draw_stock") continue;
    // Past the end of the deck the stock is the reshuffled discard pile (Indian Rummy).
    if (next >= deck.length) break;
    const card = deck[next++];
    if (move.action.card) {
      shown += 1;
      if (move.action.card !== card) wrong += 1;
    }
  }
  if (shown) {
    checks.push({
      ok: wrong === 0,
      text: wrong === 0
        ? `All ${shown} stock draws you can see came off the deck in order.`
        : `${wrong} of ${shown} stock draws did not match the deck's order.`,
    });
  }
  return { ok: checks.every((c) => c.ok), checks };
}
