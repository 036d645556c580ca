// "Verify this deal": the fair-shuffle check, in the browser with Web Crypto.
//
// Before a round the server shows deck_commitment = sha256(salt + ":" + deck.join(",")).
// After it, the result reveals deck and salt; the deal must hash to the commitment, be 52
// distinct cards, and every stock draw must be the next card of the deck (deck[21] on).

import { api } from "./api.js";
import { RANKS, SUITS } from "./cards.js";

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

// Returns {ok, checks: [{ok, text}]}.
export async function verifyDeal(gameId, result, you) {
  const checks = [];
  const { deck, salt, deck_commitment: commitment } = result;
  if (!deck || !salt || !commitment) {
    return { ok: false, checks: [{ ok: false, text: "This round has not revealed its deck yet." }] };
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
  const full = new Set();
  for (const r of RANKS) for (const s of Object.keys(SUITS)) full.add(r + s);
  const distinct = new Set(deck);
  const complete = deck.length === 52 && distinct.size === 52 && deck.every((c) => full.has(c));
  checks.push({
    ok: complete,
    text: complete ? "The deck is 52 different cards." : "The deck is not 52 different cards.",
  });
  const dealer = result.dealer;
  const mine = you === dealer ? deck.slice(10, 20) : deck.slice(0, 10);
  checks.push({ ok: true, text: `Your ten cards were dealt from ${you === dealer ? "deck[10:20]" : "deck[0:10]"}: ${mine.join(" ")}.` });
  const moves = (await allMoves(gameId)).filter((m) => m.round === result.number);
  let next = 21;
  let seen = 0;
  let wrong = 0;
  for (const move of moves) {
    if (move.action.type !== "draw_stock") continue;
    const expected = deck[next++];
    if (move.action.card) {
      seen += 1;
      if (move.action.card !== expected) wrong += 1;
    }
  }
  if (seen) {
    checks.push({
      ok: wrong === 0,
      text: wrong === 0
        ? `All ${seen} stock draws you can see came off the deck in order.`
        : `${wrong} of ${seen} stock draws did not match the deck's order.`,
    });
  }
  return { ok: checks.every((c) => c.ok), checks };
}
