// What every table is made of: a hand laid out in one row, the stock and the discard pile,
// a seat's nameplate, cards that fly from pile to hand, and the deal. A game's table module
// (gin.js, rummy.js) builds its screen from these.

import { cardBack, cardFace, cardName, shortName } from "../cards.js";
import { h, plural } from "../dom.js";

export const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

// --- the hand: one row, the cards overlapping just enough to fit -----------------------------

const fitted = new WeakMap();
const observer = typeof ResizeObserver === "function"
  ? new ResizeObserver((entries) => {
    for (const entry of entries) fitHand(entry.target);
  })
  : null;

// Sets --step (how far each card is from the one before) so that the whole hand fits the
// width it is given, on one row, never closer than a card's corner needs to stay readable.
export function fitHand(hand) {
  const cards = [...hand.querySelectorAll(".card")];
  if (!cards.length) return;
  const style = getComputedStyle(cards[0]);
  const cw = parseFloat(style.width) || 60;
  const gap = hand.querySelectorAll(".group").length > 1 ? cw * 0.18 : 0;
  const groups = Math.max(1, hand.querySelectorAll(".group").length);
  const width = hand.clientWidth - 8;
  const room = (width - cw - (groups - 1) * gap) / Math.max(1, cards.length - 1);
  const step = Math.max(cw * 0.36, Math.min(cw + 6, room));
  hand.style.setProperty("--step", `${step.toFixed(1)}px`);
  hand.style.setProperty("--gap", `${gap.toFixed(1)}px`);
  hand.classList.toggle("tight", step < cw * 0.5);
}

export function handRow(children, attrs = {}) {
  const hand = h("div", { ...attrs, class: ["hand", "row-hand", attrs.class] }, children);
  if (observer && !fitted.has(hand)) {
    fitted.set(hand, true);
    observer.observe(hand);
  }
  requestAnimationFrame(() => fitHand(hand));
  return hand;
}

// --- the piles -----------------------------------------------------------------------------

export function stockPile({ size, playable, onDraw }) {
  return h("button", {
    type: "button", class: ["pile", "stock", playable && "playable"], disabled: !playable, "data-key": "stock",
    "aria-label": `Stock, ${plural(size, "card")}${playable ? ": draw a card" : ""}`,
    onclick: onDraw,
  }, cardBack({ label: "" }), h("span", { class: "count", "aria-hidden": "true" }, size));
}

// The discard pile: a button to take the top card, and the target for a dragged card.
export function discardPile({ cards, canTake, canDrop, onTake, onDrop, arrived }) {
  const top = cards[cards.length - 1];
  const shown = cards.slice(-3);
  const pile = h("button", {
    type: "button", class: ["pile", "discard", canTake && "playable"], "data-key": "discard-pile",
    disabled: !canTake && !canDrop, "aria-disabled": canTake ? null : "true",
    "aria-label": top ? `Discard pile, ${cardName(top)} on top${canTake ? ": take it" : ""}` : "Discard pile, empty",
    onclick: () => {
      if (canTake) onTake();
    },
  }, shown.length ? shown.map((card, i) => {
    const last = i === shown.length - 1;
    const el = cardFace(card, { className: ["under", last && "top", last && arrived].filter(Boolean).join(" ") });
    el.removeAttribute("role");
    el.setAttribute("aria-hidden", "true");
    return el;
  }) : h("span", { class: "card empty-slot", "aria-hidden": "true" }));
  dropTarget(pile, { accepts: () => canDrop, onDrop });
  return pile;
}

// Makes `el` take cards dragged from the hand (the card code travels as text/plain).
export function dropTarget(el, { accepts, onDrop }) {
  el.addEventListener("dragover", (event) => {
    if (accepts()) {
      event.preventDefault();
      el.classList.add("drop-target");
    }
  });
  el.addEventListener("dragleave", () => el.classList.remove("drop-target"));
  el.addEventListener("drop", (event) => {
    event.preventDefault();
    el.classList.remove("drop-target");
    const card = event.dataTransfer.getData("text/plain");
    if (card && accepts()) onDrop(card, event);
  });
}

export function draggableCard(el, card) {
  el.addEventListener("dragstart", (event) => {
    event.dataTransfer.setData("text/plain", card);
    event.dataTransfer.effectAllowed = "move";
    el.classList.add("dragging");
  });
  el.addEventListener("dragend", () => el.classList.remove("dragging"));
}

// --- seats ---------------------------------------------------------------------------------

export function backsFan(count, label) {
  const backs = [];
  for (let i = 0; i < Math.min(count, 14); i++) backs.push(cardBack({ label: "" }));
  return h("div", { class: "hand backs", role: "img", "aria-label": label, "data-count": count }, backs);
}

// --- motion --------------------------------------------------------------------------------

let flights = 0;

// A card (face-down, or `card` face up) travels from one element to another. Each flight is
// counted on <body data-flights> with where it went, so it can be checked.
export function fly(from, to, { card = null, delay = 0, what = "" } = {}) {
  if (!from || !to) return;
  flights += 1;
  document.body.dataset.flights = String(flights);
  if (what) document.body.dataset.lastFlight = what;
  if (reducedMotion() || typeof Element.prototype.animate !== "function") return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) return;
  const el = card ? cardFace(card) : cardBack({ label: "" });
  el.removeAttribute("role");
  el.setAttribute("aria-hidden", "true");
  el.classList.add("flying");
  document.body.append(el);
  const w = el.getBoundingClientRect().width || 60;
  const x0 = a.left + a.width / 2 - w / 2;
  const y0 = a.top + a.height / 2 - (w * 0.7);
  const x1 = b.left + b.width / 2 - w / 2;
  const y1 = b.top + b.height / 2 - (w * 0.7);
  el.style.left = "0px";
  el.style.top = "0px";
  const animation = el.animate([
    { transform: `translate(${x0}px, ${y0}px) rotate(-6deg)`, opacity: 0.9 },
    { transform: `translate(${x1}px, ${y1}px) rotate(0deg)`, opacity: 1 },
  ], { duration: 380, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "both" });
  animation.onfinish = () => el.remove();
  animation.oncancel = () => el.remove();
}

// The deal: the hand's cards come off the stock one after the other.
export function dealInto(hand, stock) {
  if (!hand || !stock || reducedMotion() || typeof Element.prototype.animate !== "function") return;
  const from = stock.getBoundingClientRect();
  [...hand.querySelectorAll(".card")].forEach((el, i) => {
    const to = el.getBoundingClientRect();
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    el.animate([
      { transform: `translate(${dx}px, ${dy}px) rotate(8deg)`, opacity: 0 },
      { transform: "none", opacity: 1 },
    ], { duration: 320, delay: i * 45, easing: "ease-out", fill: "backwards" });
  });
  document.body.dataset.dealt = String(Number(document.body.dataset.dealt || 0) + 1);
}

export const cardWords = (cards) => cards.map(shortName).join(" ");
