// "Verify this deal": the fair-shuffle check, in the browser with Web Crypto.
//
// Before a round the server shows deck_commitment = sha256(salt + ":" + deck.join(",")).
// After it, the result reveals deck and salt; the deal must hash to the commitment, be the
// game's whole deck (Gin: 52 distinct cards; Rummy: two decks and its jokers), and every
// stock draw must be the next card of the deck.

import { api } from "./api.js";
import { JOKER, RANKS, SUITS } from "./cards.js";
import { variantOf } from "./variants.js";

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

// Where the deal put each hand, and where the stock starts (docs/api.md#fair-shuffle, docs/games/rummy.md#the-deal):
// the game's entry's `deal.layout` (web/games/<name>.js).
export function dealLayout(view, dealer, result = null) {
  return variantOf(view).deal.layout(view, dealer, result);
}

// The game's whole deck: each card as often as its entry's `deal` says, and its jokers.
function fullDeck(view) {
  const counts = new Map();
  const { deal } = variantOf(view);
  const rules = view.rules || {};
  const copies = deal.copies(rules);
  for (const r of RANKS) for (const s of Object.keys(SUITS)) counts.set(r + s, copies);
  const jokers = deal.jokers(rules);
  if (jokers) counts.set(JOKER, jokers);
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
