// Rummy 500's table (docs/games/rummy500.md): 2-4 seats, the discard pile spread open so that
// any card of it can be taken with every card above it, the picked card owed to the table
// until it is played, melds on the table with who laid each card, lay-offs onto anyone's
// meld (laying.js, shared with Rummy), and each seat's table points and hand points: a round
// scores what a seat put down less what it still holds.

import { cardFace, isJoker, rankOf, shortName } from "../cards.js";
import { h, plural, replace, stylesheet } from "../dom.js";
import { LayingTable } from "./laying.js";
import { RUMMY500_POINTS } from "./melds.js";
import {
  cardWords, dropTarget, handRow, stockPile,
} from "./parts.js";

// A card left in a hand: 2-10 face value, J Q K 10, the ace and the joker 15.
export const handValue = (card) => (isJoker(card) || card[0] === "A" ? 15 : Math.min(10, rankOf(card)));

const signed = (n) => (n > 0 ? `+${n}` : String(n));


export class Rummy500Table extends LayingTable {
  async start() {
    await stylesheet(new URL("./rummy500.css", import.meta.url).href); // the table's own, loaded with it
    return super.start();
  }

  target() {
    const rules = this.view.rules || {};
    return rules.rounds ? plural(rules.rounds, "round") : `To ${rules.target || 500} points`;
  }

  get meldPoints() {
    return RUMMY500_POINTS;
  }

  // The card the player took from under the top and must still put on the table, or null.
  get owed() {
    const r = this.view && this.view.round;
    return r && r.turn === this.view.you && this.view.status === "active" ? r.picked_card || null : null;
  }

  handPoints(cards = this.view.round.hand) {
    return cards.reduce((sum, c) => sum + handValue(c), 0);
  }

  buildFelt() {
    this.opponents = h("div", { class: "opponents", "data-testid": "opponents" });
    this.middle = h("div", { class: "middle r500-middle" });
    this.tableMelds = h("section", { class: "table-melds", "aria-label": "Melds on the table", "data-testid": "table-melds" });
    this.points = h("section", { class: "r500-points", "aria-label": "Points this round", "data-testid": "live-points" });
    this.staging = h("div", { class: "staging", "data-testid": "staging" });
    this.mine = h("div", { class: "seat mine", "data-seat": this.first.you });
    this.layFelt([this.opponents, this.middle, h("div", { class: "r500-board" }, this.tableMelds, this.points)],
      [this.status, this.staging, this.mine, this.actions]);
    this.regions = [this.opponents, this.middle, this.tableMelds, this.points, this.status, this.staging, this.mine, this.actions];
  }

  // --- the spread discard pile -------------------------------------------------------------

  // The stock, and the discard pile spread oldest to newest: each card that may be taken is
  // a button that takes it and every card above it (a card dragged onto the pile is
  // discarded).
  piles(prev) {
    const r = this.view.round;
    const legal = this.legal();
    const canStock = legal.has("draw_stock") && !this.busy;
    const draw = legal.get("draw_discard");
    const takeable = new Set(draw && !this.busy ? draw.cards || [] : []);
    const pile = r.discard_pile;
    const n = pile.length;
    const prevPile = prev && prev.round && prev.round.number === r.number ? prev.round.discard_pile : null;
    const cards = pile.map((card, i) => {
      const count = n - i;
      const top = i === n - 1;
      // With both jokers on the pile, XX names the upper one only.
      const can = takeable.has(card) && (!isJoker(card) || i === pile.lastIndexOf(card));
      const name = top ? `Take ${shortName(card)} from the top of the pile`
        : `Take from the ${shortName(card)} down (${count} cards)`;
      const el = can
        ? cardFace(card, { className: "pile-card playable", onClick: () => this.take(card) })
        : cardFace(card, { className: "pile-card", label: top ? "on top of the discard pile" : `under ${plural(count - 1, "card")}` });
      if (can) el.setAttribute("aria-label", name);
      if (top && prevPile && n > prevPile.length) el.classList.add("arrived");
      el.dataset.key = top ? "discard-pile" : `pile-${i}`;
      el.dataset.depth = String(count);
      el.dataset.testid = "pile-card";
      return el;
    });
    const spread = handRow(cards.length ? cards : h("span", { class: "card empty-slot", "aria-hidden": "true" }), {
      class: takeable.size ? "pile-spread takeable" : "pile-spread", "data-testid": "discard-pile", role: "group",
      "aria-label": n ? `Discard pile, ${plural(n, "card")}, oldest first${takeable.size ? "; the cards you may take are buttons" : ""}` : "Discard pile, empty",
    });
    this.rovingPile(spread);
    dropTarget(spread, { accepts: () => this.canDiscard(), onDrop: (card) => this.discard(card) });
    return [
      h("div", { class: "pile-wrap" }, stockPile({ size: r.stock_size, playable: canStock, onDraw: () => this.act({ type: "draw_stock" }) }),
        h("span", { class: "pile-label" }, "Stock")),
      h("div", { class: "pile-wrap spread-wrap" }, spread,
        h("span", { class: "pile-label" }, n ? `Discard pile (${plural(n, "card")}, newest on the right)` : "Discard pile")),
    ];
  }

  // One tab stop for the pile's cards that may be taken (the top one first); arrows move along them.
  rovingPile(spread) {
    const buttons = [...spread.querySelectorAll("button.pile-card")];
    const first = buttons[buttons.length - 1];
    for (const el of buttons) el.tabIndex = el === first ? 0 : -1;
    spread.addEventListener("focusin", (event) => {
      if (!buttons.includes(event.target)) return;
      for (const el of buttons) el.tabIndex = el === event.target ? 0 : -1;
    });
  }

  take(card) {
    const r = this.view.round;
    const top = r.discard_pile[r.discard_pile.length - 1];
    this.act(card === top ? { type: "draw_discard" } : { type: "draw_discard", card });
  }

  // --- the player's side ---------------------------------------------------------------------

  findWhat() {
    const staged = this.staged.some((m) => m.cards.includes(this.owed));
    return { keep: 0, must: this.owed && !staged ? this.owed : null };
  }

  canPutDown() {
    const owed = this.owed;
    return !owed || this.staged.some((m) => m.cards.includes(owed));
  }

  stagingNotes(points) {
    const owed = this.owed;
    return [
      this.staged.length ? h("p", { class: "hint", "data-testid": "staged-points" }, `Your new melds score ${plural(points, "point")} on the table.`) : null,
      owed && this.staged.length && !this.canPutDown() ? h("p", { class: "bad" }, `Your new melds must hold ${shortName(owed)}, the card you picked.`) : null,
    ];
  }

  handCardNotes(card) {
    return card === this.owed ? { label: "picked: play it on the table this turn", className: "picked" } : { label: "", className: "" };
  }

  myBadges() {
    const r = this.view.round;
    const hand = this.handPoints();
    return [
      h("span", { class: "badge", "data-testid": "my-table-points" }, `table ${r.table_points[this.view.you]}`),
      h("span", { class: "badge", "data-testid": "my-hand-points", title: "What your hand would cost now" }, `hand −${hand}`),
    ];
  }

  seatBadges(seat) {
    return h("span", { class: "badge", "data-testid": "table-points" }, `table ${this.view.round.table_points[seat]}`);
  }

  // Each seat's points of this round so far: on the table, and in the hand (the others'
  // hands are hidden: their cards are counted, not valued).
  renderPoints() {
    const view = this.view;
    const r = view.round;
    const order = [view.you, ...this.others()];
    replace(this.points, h("h2", {}, "This round"),
      h("table", { class: "breakdown live-points" },
        h("caption", { class: "sr-only" }, "Table points and hand points of each player this round"),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Table"), h("th", { scope: "col" }, "Hand"))),
        h("tbody", {}, order.map((seat) => h("tr", { "data-seat": seat, "data-testid": `live-points-${seat}` },
          h("th", { scope: "row" }, this.playerName(seat)),
          h("td", { "data-testid": "table-points-value", "data-points": r.table_points[seat] }, String(r.table_points[seat])),
          h("td", {}, seat === view.you ? `−${this.handPoints()}` : plural(r.hand_sizes[seat], "card")))))));
  }

  renderHand(prev) {
    super.renderHand(prev);
    this.renderPoints();
  }

  // The duty line: the picked card, until it is played.
  dutyLine() {
    const owed = this.owed;
    if (!owed) return null;
    return h("span", { class: "duty", "data-testid": "picked-duty", "data-card": owed },
      `You picked ${shortName(owed)} from the pile: meld it or lay it off before anything else this turn. `);
  }

  prompt() {
    const parts = super.prompt();
    const duty = this.dutyLine();
    return duty ? [duty, ...parts] : parts;
  }

  drawPrompt() {
    return "draw from the stock, or take a card of the discard pile with every card above it (one taken from under the top must be played this turn).";
  }

  playPrompt() {
    const owed = this.owed;
    if (owed) return `put ${shortName(owed)} on the table first: select it with cards it melds with, or lay it off on a highlighted meld.`;
    const selected = this.selectedCards();
    const targets = selected.length === 1 ? this.targetsFor(selected[0]) : new Map();
    if (targets.size) return `put ${shortName(selected[0])} on a highlighted meld (or drag it there), or discard it.`;
    return "meld, lay off, then discard one card to end your turn (or go out by putting down your last cards).";
  }

  // A card on the table: who laid it, in its name, and marked where it is not the meld's owner.
  meldCard(meld, i) {
    const c = meld.cards[i];
    const by = meld.laid_by ? meld.laid_by[i] : meld.owner;
    const standing = isJoker(c) && meld.stands_for ? `standing for ${shortName(meld.stands_for[i])}, ` : "";
    const el = cardFace(c, {
      className: by !== meld.owner ? "laid-by-other" : "",
      label: `${standing}laid by ${by === this.view.you ? "you" : this.playerName(by)}`,
    });
    el.dataset.laidBy = String(by);
    return el;
  }

  // Under a meld: the cards others laid off on it, and by whom.
  meldNotes(meld) {
    if (!meld.laid_by) return null;
    const others = new Map();
    meld.cards.forEach((c, i) => {
      const by = meld.laid_by[i];
      if (by === meld.owner) return;
      if (!others.has(by)) others.set(by, []);
      others.get(by).push(c);
    });
    if (!others.size) return null;
    return h("p", { class: "laid-by", "data-testid": "laid-by" }, [...others].map(([by, cards]) =>
      `${cardWords(cards)} by ${by === this.view.you ? "you" : this.playerName(by)}`).join("; "));
  }

  hintTargets(action) {
    if (action.type === "draw_discard") {
      const r = this.view.round;
      const card = action.card || r.discard_pile[r.discard_pile.length - 1];
      const i = r.discard_pile.lastIndexOf(card);
      const el = this.middle.querySelector(i === r.discard_pile.length - 1 ? "[data-key=discard-pile]" : `[data-key="pile-${i}"]`);
      return el ? [el] : [];
    }
    return super.hintTargets(action);
  }

  hintWords(action) {
    if (action.type === "draw_discard" && action.card) {
      const r = this.view.round;
      const above = r.discard_pile.length - 1 - r.discard_pile.lastIndexOf(action.card);
      return above > 0 ? `take ${shortName(action.card)} and the ${plural(above, "card")} above it from the pile` : `take ${shortName(action.card)} from the pile`;
    }
    return super.hintWords(action);
  }

  // --- the other players' moves ----------------------------------------------------------------

  // As Rummy's, but a take may be of many cards: the deepest one taken, and how many.
  changes(prev, next) {
    const turn = this.theirTurn(prev, next);
    if (!turn) return null;
    const { seat, a, b } = turn;
    const out = {
      seat, drew: null, took: null, taken: 0, melded: [], laid: [], discarded: null,
    };
    const pa = a.discard_pile;
    const pb = b.discard_pile;
    let same = 0;
    while (same < pa.length && same < pb.length && pa[same] === pb[same]) same += 1;
    if (b.stock_size < a.stock_size) out.drew = a.stock_size - b.stock_size;
    else if (same < pa.length) {
      out.took = pa[same];
      out.taken = pa.length - same;
    }
    if (pb.length > same) out.discarded = pb[pb.length - 1];
    const before = new Map(a.table.map((m) => [m.id, m]));
    for (const meld of b.table) {
      const old = before.get(meld.id);
      if (!old) out.melded.push(meld);
      else if (old.cards.join() !== meld.cards.join()) out.laid.push(meld);
    }
    return out;
  }

  tookWords(c) {
    return c.taken > 1 ? `took ${shortName(c.took)} and the ${plural(c.taken - 1, "card")} above it from the pile`
      : `took ${shortName(c.took)} from the pile`;
  }

  // --- keys --------------------------------------------------------------------------------------

  keyHelp() {
    return "Keys: S stock · D takes the top discard · Tab reaches the pile, whose arrows move along the cards you may take (Enter takes one with the cards above it) · arrows move along your hand · Space or Enter selects a card · M makes a meld of the selection · F finds melds · U puts them down · L lays off · X discards · Esc clears · R sort.";
  }

  gameKey(event) {
    const key = event.key;
    if ((key === "ArrowLeft" || key === "ArrowRight") && document.activeElement
      && document.activeElement.closest && document.activeElement.closest("[data-testid=discard-pile]")) {
      const buttons = [...this.middle.querySelectorAll("[data-testid=discard-pile] button.pile-card")];
      const at = buttons.indexOf(document.activeElement);
      if (buttons.length) {
        event.preventDefault();
        const step = key === "ArrowLeft" ? -1 : 1;
        buttons[at === -1 ? buttons.length - 1 : (at + step + buttons.length) % buttons.length].focus();
      }
      return true;
    }
    return super.gameKey(event);
  }

  // --- results ---------------------------------------------------------------------------------

  outcomeSentence(result) {
    if (result.outcome === "stock_out") return "The stock ran out: every player scores the table less the hand.";
    const seat = result.went_out;
    return `${this.playerName(seat)} went out: every player scores the table less the hand.`;
  }

  resultBody(result) {
    return [
      h("p", { class: "outcome", "data-testid": "result-outcome" }, this.outcomeSentence(result)),
      this.pointsTable(result, {
        columns: ["Table", "Hand"],
        caption: "Points of this round: table points less hand points",
        row: (seat) => {
          const hand = result.hands.find((x) => x.seat === seat) || { cards: [], value: 0 };
          return {
            cells: [
              h("td", { "data-testid": "result-table-points" }, `+${result.table_points[seat]}`),
              h("td", { "data-testid": "result-hand-points" }, `−${result.hand_points[seat]}`),
            ],
            cards: hand.cards.length
              ? h("div", { class: "hand small-cards", role: "group", "aria-label": `${this.playerName(seat)} kept ${cardWords(hand.cards)}` },
                h("div", { class: "group" }, this.smallCards(hand.cards)))
              : null,
            points: signed(result.points[seat]),
            attrs: result.went_out === seat ? { class: "went-out" } : {},
          };
        },
      }),
    ];
  }

  roundLine(result) {
    const head = result.outcome === "stock_out" ? "stock out" : `${this.playerName(result.went_out)} went out`;
    return `${head}, you ${signed(result.points[this.view.you])}`;
  }

  endWords(reason) {
    return {
      target: `The game ended after a round in which a total reached ${(this.view.rules && this.view.rules.target) || 500}.`,
      rounds: "The game ended after its last round.",
      concede: "The game ended when a player conceded.",
      timeout: "The game ended on time.",
    }[reason] || "";
  }
}
