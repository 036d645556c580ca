// A finished game's review (#/review/<id>): each of your decisions beside the choice the
// Hard computer player would have made from the same view, stepped through one at a time
// (Previous / Next, or the arrow keys), with the points each is estimated to have lost
// against Hard's choice, the decisions that cost most marked. Asks for the
// review (POST /games/{id}/review) and waits while the server computes it. Shows only what
// the review holds: your own view at each decision, never another hand.

import { api, request } from "../api.js";
import { cardFace, shortName } from "../cards.js";
import { h, replace, sleep } from "../dom.js";

const WORDS = {
  draw_stock: "draw from the stock",
  draw_discard: "take the discard",
  discard: "discard",
  knock: "knock with",
  big_gin: "go big gin",
  gin: "go gin",
  pass: "pass",
  meld: "put down melds",
  lay_off: "lay off",
  swap_joker: "swap a joker",
  declare: "declare",
  drop: "drop",
};

// An action body in words ("discard 7♥"), whatever the game.
export function actionWords(action) {
  const verb = WORDS[action.type] || action.type.replace(/_/g, " ");
  const cards = [];
  if (typeof action.card === "string") cards.push(action.card);
  if (Array.isArray(action.cards)) cards.push(...action.cards.filter((c) => typeof c === "string"));
  if (Array.isArray(action.melds)) {
    for (const meld of action.melds) if (Array.isArray(meld)) cards.push(...meld.filter((c) => typeof c === "string"));
  }
  return cards.length ? `${verb} ${cards.map(shortName).join(" ")}` : verb;
}

// The estimated loss in words: "About 12 points lost against Hard's move.", ...
export function lossWords(decision) {
  if (JSON.stringify(decision.played) === JSON.stringify(decision.hard)) return "None: you played Hard's move.";
  const points = Math.round(decision.loss);
  const plural = Math.abs(points) === 1 ? "point" : "points";
  if (points > 0) return `About ${points} ${plural} lost against Hard's move.`;
  if (points < 0) return `None: your move came out about ${-points} ${plural} ahead of Hard's.`;
  return "About none: the two moves came out even.";
}

function costWords(decision, seeds) {
  if (decision.cost === 0) return "Hard agrees.";
  if (decision.cost === 1) return "Hard never plays this from here.";
  const differ = Math.round(decision.cost * seeds);
  return `Hard plays something else ${differ} times in ${seeds}: a close call.`;
}

// The review, once the server has it (a screen left meanwhile stops asking).
async function load(gameId, status) {
  let answer = await request(`/games/${gameId}/review`, { method: "POST" });
  for (let tries = 0; answer.status === 202 && tries < 240 && status.isConnected; tries += 1) {
    replace(status, "Hard is going over your game…");
    await sleep(500);
    answer = await request(`/games/${gameId}/review`);
  }
  if (answer.status !== 200) throw new Error("The review is taking too long; try again in a minute.");
  return answer.data;
}

export async function review(el, gameId) {
  const heading = h("h1", { tabindex: "-1" }, "Where was this game lost?");
  const status = h("p", { class: "hint", role: "status", "aria-live": "polite" }, "Asking for the review…");
  const body = h("div", {});
  replace(el, h("section", { class: "panel review", "data-testid": "review" }, heading, status, body));
  const game = await api(`/games/${gameId}`);
  const data = await load(gameId, status);
  const decisions = data.decisions;
  const name = (seat) => (game.players.find((p) => p.seat === seat) || {}).name || `Seat ${seat + 1}`;
  if (!decisions.length) {
    replace(status, "You made no decision in this game: there is nothing to review.");
    return null;
  }
  const marked = decisions.map((d, i) => (d.marked ? i : -1)).filter((i) => i >= 0);
  replace(status, marked.length
    ? `${decisions.length} decisions; the ${marked.length === 1 ? "one" : `${marked.length}`} estimated to have cost most ${marked.length === 1 ? "is" : "are"} marked.`
    : `${decisions.length} decisions; none is estimated to have cost a point against Hard's choice.`);
  let at = marked.length ? marked[0] : 0;
  const step = h("div", { class: "review-step", "data-testid": "review-step" });
  const prev = h("button", { type: "button", "data-key": "review-prev", "aria-keyshortcuts": "ArrowLeft", onclick: () => show(at - 1) }, "← Previous");
  const next = h("button", { type: "button", "data-key": "review-next", "aria-keyshortcuts": "ArrowRight", onclick: () => show(at + 1) }, "Next →");
  const costly = h("ol", { class: "review-costliest", "data-testid": "review-costliest" },
    marked.map((i) => h("li", {}, h("button", { type: "button", class: "link", onclick: () => show(i) },
      `Decision ${i + 1}: you chose to ${actionWords(decisions[i].played)}; Hard would ${actionWords(decisions[i].hard)} (about ${Math.round(decisions[i].loss)} points)`))));
  replace(body,
    marked.length ? [h("h2", {}, "Costliest decisions"), costly] : null,
    h("div", { class: "row review-nav" }, prev, next, h("a", { class: "button", href: `#/game/${gameId}` }, "Back to the game")),
    step,
    h("p", { class: "hint" }, `Compared with the Hard computer player, asked ${data.seeds} times at each decision from your own view at that moment. `
      + `Where your move was not Hard's, both were played out to the end of the round in ${data.worlds} deals of the cards you could not see; `
      + "the loss is the points a round your move came out behind, on average."));

  function show(index) {
    at = Math.max(0, Math.min(decisions.length - 1, index));
    const d = decisions[at];
    const round = d.view.round || {};
    const hand = round.hand || [];
    const pile = round.discard_pile || [];
    prev.disabled = at === 0;
    next.disabled = at === decisions.length - 1;
    replace(step,
      h("h2", { dataset: { marked: d.marked ? "true" : "false" } },
        `Decision ${at + 1} of ${decisions.length}`, d.marked ? h("span", { class: "review-mark" }, " — costly") : null),
      h("p", {}, `Round ${round.number ?? "?"}, scores: `,
        d.view.scores.map((s, seat) => `${name(seat)} ${s}`).join(", "), "."),
      h("p", {}, "Your hand:"),
      h("div", { class: "review-cards", role: "list", "aria-label": "Your hand" },
        hand.map((card) => h("span", { role: "listitem" }, cardFace(card)))),
      h("p", { class: "review-pile" }, pile.length ? ["Top of the discard pile: ", cardFace(pile[pile.length - 1])] : "The discard pile is empty."),
      h("dl", { class: ["review-choice", d.marked && "marked"], "data-testid": "review-choice" },
        h("dt", {}, "You"), h("dd", {}, actionWords(d.played), d.automatic ? " (played for you by the timer)" : ""),
        h("dt", {}, "Hard"), h("dd", {}, actionWords(d.hard)),
        h("dt", {}, "Hard's view"), h("dd", {}, costWords(d, data.seeds)),
        h("dt", {}, "Loss"), h("dd", { "data-testid": "review-loss" }, lossWords(d))));
    step.dataset.index = String(at);
  }

  const onKey = (event) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowLeft") show(at - 1);
    else if (event.key === "ArrowRight") show(at + 1);
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  show(at);
  return () => document.removeEventListener("keydown", onKey);
}
