// What the tables of Rummy and Rummy 500 share (rummy.js, rummy500.js): melds put on the
// table and cards laid off on them. Cards are selected in the hand, put together into new
// melds (or found by "Find melds"), put down in one action, and laid off onto a meld by
// click or by drag; the melds on the table are shown by owner, each with the ways the
// selected card fits it. A game says what its melds are worth, what stands in the way of
// putting them down (Rummy: coming out), and what its seats' badges say.

import { cardFace, cardName, isJoker, shortName, sortCards } from "../cards.js";
import { h, plural, replace } from "../dom.js";
import { keyed, rovingHand } from "./base.js";
import { MeldingTable } from "./melding.js";
import { asMeld, findMelds, without } from "./melds.js";
import { cardWords, draggableCard, dropTarget, fly, handRow } from "./parts.js";

export class LayingTable extends MeldingTable {
  constructor(main, view, ctx) {
    super(main, view, ctx);
    // this.selected: indexes into the sorted hand
    this.staged = []; // melds put together for the next `meld` action
  }

  // --- to be given by each game ----------------------------------------------------------------

  // What a meld's places are worth (melds.js: RUMMY_POINTS unless the game says otherwise).
  get meldPoints() {
    return undefined;
  }

  // Lines under the new melds (Rummy: what coming out needs), given what they are worth.
  stagingNotes() {
    return [];
  }

  // Whether the new melds may go down now.
  canPutDown() {
    return true;
  }

  // What "Find melds" looks for: {keep: cards kept back, must: a card every answer holds}.
  findWhat() {
    return { keep: 1, must: null };
  }

  // The badges on the player's own nameplate.
  myBadges() {
    return [];
  }

  // A card of the hand: words for its name and classes for how it is marked ({label, className}).
  handCardNotes(card) {
    const r = this.view.round;
    return r.drawn_from_discard === card ? { label: "just taken", className: "taken" } : { label: "", className: "" };
  }

  // A card of a meld on the table (`i`: its place in the meld).
  meldCard(meld, i) {
    const c = meld.cards[i];
    return cardFace(c, { label: isJoker(c) && meld.stands_for ? `standing for ${cardName(meld.stands_for[i])}` : "" });
  }

  // What is shown under a meld on the table besides its cards.
  meldNotes() {
    return null;
  }


  buildFelt() {
    this.opponents = h("div", { class: "opponents", "data-testid": "opponents" });
    this.middle = h("div", { class: "middle" });
    this.tableMelds = h("section", { class: "table-melds", "aria-label": "Melds on the table", "data-testid": "table-melds" });
    this.staging = h("div", { class: "staging", "data-testid": "staging" });
    this.mine = h("div", { class: "seat mine", "data-seat": this.first.you });
    this.layFelt([this.opponents, h("div", { class: "board-row" }, this.middle, this.tableMelds)],
      [this.status, this.staging, this.mine, this.actions]);
    this.regions = [this.opponents, this.middle, this.tableMelds, this.status, this.staging, this.mine, this.actions];
  }

  show(view) {
    if (!this.view || !view.round || !this.view.round || view.round.number !== this.view.round.number
      || view.round.turn !== view.you) {
      this.selected = [];
      this.staged = [];
    } else {
      // Keep the selection of cards still held.
      const hand = this.sortedHand(view);
      const keep = this.selectedCards().filter((c) => hand.includes(c));
      this.selected = [];
      const taken = new Set();
      for (const c of keep) {
        const at = hand.findIndex((x, i) => x === c && !taken.has(i));
        if (at !== -1) {
          taken.add(at);
          this.selected.push(at);
        }
      }
      const held = [...view.round.hand];
      this.staged = this.staged.filter((m) => {
        const rest = without(held, m.cards);
        if (rest.length !== held.length - m.cards.length) return false;
        held.splice(0, held.length, ...rest);
        return true;
      });
    }
    super.show(view);
  }

  sortedHand(view = this.view) {
    return sortCards(view.round.hand, this.sort);
  }

  selectedCards() {
    if (!this.view || !this.view.round) return [];
    const hand = this.sortedHand();
    return this.selected.map((i) => hand[i]).filter(Boolean);
  }

  // The hand less the cards already staged for melding.
  freeCards() {
    const hand = this.sortedHand();
    let rest = [...hand];
    for (const meld of this.staged) rest = without(rest, meld.cards);
    return rest;
  }

  options(type) {
    const action = this.legal().get(type);
    return action && action.options ? action.options : [];
  }

  // --- describing and animating the other players' moves ---------------------------------------

  changes(prev, next) {
    const turn = this.theirTurn(prev, next);
    if (!turn) return null;
    const { seat, a, b } = turn;
    const out = { seat, drew: null, took: null, melded: [], laid: [], discarded: null };
    const delta = b.discard_pile.length - a.discard_pile.length;
    const topA = a.discard_pile[a.discard_pile.length - 1];
    const topB = b.discard_pile[b.discard_pile.length - 1];
    if (b.stock_size < a.stock_size) out.drew = a.stock_size - b.stock_size;
    else if (delta === -1 || (delta === 0 && b.turn !== a.turn)) out.took = topA;
    if ((out.drew && delta === 1) || (out.took && delta === 0) || (!out.drew && !out.took && delta === 1)) {
      out.discarded = topB;
    }
    const before = new Map(a.table.map((m) => [m.id, m]));
    for (const meld of b.table) {
      const old = before.get(meld.id);
      if (!old) out.melded.push(meld);
      else if (old.cards.length !== meld.cards.length || old.cards.join() !== meld.cards.join()) out.laid.push(meld);
    }
    return out;
  }

  playedWords(c) {
    return [
      c.melded.length ? `put down ${c.melded.map((m) => cardWords(m.cards)).join(" and ")}` : null,
      c.laid.length ? `added to ${c.laid.map((m) => cardWords(m.cards)).join(" and ")}` : null,
    ];
  }

  flyPlays(c, seat) {
    for (const meld of [...c.melded, ...c.laid]) {
      const el = this.tableMelds.querySelector(`[data-meld="${meld.id}"]`);
      if (el) fly(seat, el, { card: meld.cards[0], what: `seat-${c.seat}>meld` });
    }
  }

  // --- drawing the table -------------------------------------------------------------------------

  renderHand(prev) {
    this.renderTableMelds();
    this.renderStaging();
    this.renderMine(prev);
  }

  // Where the selected card (or a dragged one) may go: {meldId: [{type, end?}]}.
  targetsFor(card) {
    const out = new Map();
    if (!card || this.busy) return out;
    for (const o of this.options("layoff")) {
      if (o.card !== card) continue;
      if (!out.has(o.meld)) out.set(o.meld, []);
      out.get(o.meld).push({ type: "layoff", end: o.end });
    }
    for (const o of this.options("swap_joker")) {
      if (o.card !== card) continue;
      if (!out.has(o.meld)) out.set(o.meld, []);
      out.get(o.meld).push({ type: "swap_joker" });
    }
    return out;
  }

  // A card that may be laid off on one of the player's own melds on the table.
  meldFor(card) {
    const r = this.view.round;
    for (const o of this.options("layoff")) {
      const meld = r.table.find((m) => m.id === o.meld);
      if (o.card === card && meld && meld.owner === this.view.you) return { cards: meld.cards, onTable: true };
    }
    return null;
  }

  meldWords(meld) {
    return meld.cards.map((c, i) => (isJoker(c) && meld.stands_for ? `Joker (${shortName(meld.stands_for[i])})`
      : isJoker(c) && meld.rank ? `Joker (${meld.rank === "T" ? "10" : meld.rank})` : shortName(c))).join(" ");
  }

  renderTableMelds() {
    const view = this.view;
    const r = view.round;
    const selected = this.selectedCards();
    const card = selected.length === 1 ? selected[0] : null;
    const targets = this.targetsFor(card);
    const order = [view.you, ...this.others()];
    const owners = order.filter((seat) => r.table.some((m) => m.owner === seat));
    if (!owners.length) {
      replace(this.tableMelds, h("h2", { class: "sr-only" }, "Melds on the table"),
        h("p", { class: "empty-table" }, "No melds on the table yet."));
      return;
    }
    replace(this.tableMelds, h("h2", { class: "sr-only" }, "Melds on the table"), owners.map((seat) => h("div", { class: "owner", "data-owner": seat },
      h("h3", {}, seat === view.you ? "Your melds" : `${this.playerName(seat)}’s melds`),
      h("div", { class: "owner-melds" }, r.table.filter((m) => m.owner === seat).map((meld) => {
        const ways = targets.get(meld.id) || [];
        const words = this.meldWords(meld);
        const faces = meld.cards.map((_c, i) => this.meldCard(meld, i));
        const el = h("div", {
          class: ["table-meld", ways.length && "target"], "data-meld": meld.id, "data-kind": meld.kind,
          role: "group", "aria-label": `${meld.kind === "set" ? "Set" : "Run"}: ${words}`,
        }, h("div", { class: "meld-cards" }, faces), this.meldNotes(meld),
        ways.length ? h("div", { class: "meld-targets" }, ways.map((way) => h("button", {
          type: "button", class: "small primary", "data-key": `target-${meld.id}-${way.type}${way.end ? `-${way.end}` : ""}`,
          "data-testid": "meld-target",
          onclick: () => this.play(way.type, card, meld.id, way.end),
        }, way.type === "swap_joker" ? `Swap ${shortName(card)} for the joker`
          : way.end ? `Lay off ${shortName(card)} at the ${way.end} end` : `Lay off ${shortName(card)} here`))) : null);
        dropTarget(el, {
          accepts: () => !this.busy && this.options("layoff").concat(this.options("swap_joker")).some((o) => o.meld === meld.id),
          onDrop: (dropped, event) => this.dropOnMeld(dropped, meld, el, event),
        });
        return el;
      })))));
  }

  dropOnMeld(card, meld, el, event) {
    const ways = this.targetsFor(card).get(meld.id) || [];
    if (!ways.length) return;
    if (ways.length === 1) {
      this.play(ways[0].type, card, meld.id, ways[0].end);
      return;
    }
    // Both ends fit (or a swap too): the half of the meld it was dropped on decides.
    const box = el.getBoundingClientRect();
    const end = event.clientX < box.left + box.width / 2 ? "low" : "high";
    const way = ways.find((w) => w.end === end) || ways.find((w) => w.type === "layoff") || ways[0];
    this.play(way.type, card, meld.id, way.end);
  }

  play(type, card, meld, end) {
    const action = { type, card, meld };
    if (type === "layoff" && end) action.end = end;
    this.selected = [];
    this.act(action);
  }

  renderStaging() {
    const legal = this.legal();
    if (!legal.has("discard") && !legal.has("meld")) {
      replace(this.staging);
      return;
    }
    const selected = this.selectedCards();
    const draft = selected.length >= 3 ? asMeld(selected, this.meldPoints) : null;
    const points = this.staged.reduce((sum, m) => sum + m.points, 0);
    const zone = h("div", {
      class: ["meld-zone", this.staged.length && "has-melds"], "data-testid": "meld-zone",
      "aria-label": "New melds",
    },
    h("h2", {}, "New melds"),
    this.staged.length ? h("div", { class: "staged" }, this.staged.map((meld, i) => h("div", { class: "staged-meld", role: "group", "aria-label": `New ${meld.kind}: ${cardWords(meld.cards)}, ${meld.points} points` },
      h("div", { class: "meld-cards" }, meld.cards.map((c) => cardFace(c))),
      h("button", {
        type: "button", class: "link", "data-key": `unstage-${i}`, "aria-label": `Take back ${cardWords(meld.cards)}`,
        onclick: () => {
          this.staged.splice(i, 1);
          this.render(null);
        },
      }, "take back")))) : h("p", { class: "hint" }, "Select cards (or drag them here) to make a set or a run."),
    selected.length >= 1 && selected.length < 3 ? h("p", { class: "hint" }, `Selected: ${cardWords(selected)}`) : null,
    selected.length >= 3 ? h("p", { class: draft ? "ok" : "bad", "data-testid": "draft" },
      draft ? `${cardWords(selected)}: a ${draft.kind} worth ${draft.points}.` : `${cardWords(selected)} is not a set or a run.`) : null,
    this.stagingNotes(points));
    dropTarget(zone, {
      accepts: () => !this.busy && legal.has("discard"),
      onDrop: (card) => this.selectCard(card),
    });
    replace(this.staging, zone);
  }

  playPrompt() {
    const selected = this.selectedCards();
    const targets = selected.length === 1 ? this.targetsFor(selected[0]) : new Map();
    if (targets.size) return `put ${shortName(selected[0])} on a highlighted meld (or drag it there), or discard it.`;
    return "meld, lay off, then discard one card to end your turn.";
  }

  renderMine(prev) {
    const view = this.view;
    const r = view.round;
    const hand = this.sortedHand();
    const prevHand = prev && prev.round && prev.round.number === r.number ? [...prev.round.hand] : null;
    const discardable = new Set(this.discardable());
    const movable = new Set([...this.options("layoff"), ...this.options("swap_joker")].map((o) => o.card));
    const playing = this.legal().has("discard") && !this.busy;
    const staged = this.staged.flatMap((m) => m.cards);
    const stagedLeft = [...staged];
    const fresh = prevHand ? without(hand, prevHand) : [];
    const cards = hand.map((c, i) => {
      const at = stagedLeft.indexOf(c);
      const isStaged = at !== -1;
      if (isStaged) stagedLeft.splice(at, 1);
      const selected = this.selected.includes(i);
      const freshAt = fresh.indexOf(c);
      const drawn = freshAt !== -1;
      if (drawn) fresh.splice(freshAt, 1);
      const notes = this.handCardNotes(c);
      const label = [
        isStaged ? "in a new meld" : "",
        movable.has(c) ? "can go on a meld on the table" : "",
        notes.label,
      ].filter(Boolean).join("; ");
      const el = cardFace(c, {
        className: [
          playing && !isStaged && "selectable",
          discardable.has(c) && playing && "playable",
          movable.has(c) && playing && "movable",
          selected && "selected",
          isStaged && "staged",
          drawn && "drawn",
          notes.className,
        ].filter(Boolean).join(" "),
        label, disabled: !playing || isStaged, pressed: playing ? selected : undefined,
        draggable: playing && !isStaged,
        onClick: () => this.toggle(i),
      });
      el.dataset.key = `card-${i}`;
      el.dataset.index = i;
      draggableCard(el, c);
      return el;
    });
    const row = handRow(cards, { class: "mine-hand", "data-testid": "hand", "data-sort": this.sort, "aria-label": "Your hand" });
    rovingHand(row);
    replace(this.mine,
      h("div", { class: ["nameplate", r.turn === view.you && "turn"] },
        h("span", { class: "name" }, this.ctx.me ? this.ctx.me.display_name : "You"),
        r.turn === view.you ? h("span", { class: "turn-badge" }, "your turn") : null,
        h("span", { class: "badge count" }, plural(hand.length, "card")),
        this.myBadges(),
        h("span", { class: "timer", "data-seat": view.you }),
        this.sortButton()),
      row);
  }

  renderActions() {
    const legal = this.legal();
    const busy = this.busy;
    if (!legal.has("discard") && !legal.has("meld")) {
      replace(this.actions, this.hintButton());
      return;
    }
    const selected = this.selectedCards();
    const draft = selected.length >= 3 ? asMeld(selected, this.meldPoints) : null;
    const points = this.staged.reduce((sum, m) => sum + m.points, 0);
    const one = selected.length === 1 ? selected[0] : null;
    const canDiscard = one && this.discardable().includes(one);
    const targets = one ? this.targetsFor(one) : new Map();
    replace(this.actions,
      h("button", { type: "button", "data-key": "act-stage", disabled: busy || !draft, onclick: () => this.stage() }, keyed("Make a meld", "M")),
      legal.has("meld") ? h("button", { type: "button", "data-key": "act-find", disabled: busy, onclick: () => this.findAll() }, keyed("Find melds", "F")) : null,
      this.staged.length ? h("button", {
        type: "button", class: "primary", "data-key": "act-meld", disabled: busy || !this.canPutDown(points),
        onclick: () => this.putDown(),
      }, keyed(`Put down ${plural(this.staged.length, "meld")}`, "U")) : null,
      targets.size === 1 && [...targets.values()][0].length === 1 ? h("button", {
        type: "button", "data-key": "act-layoff", disabled: busy,
        onclick: () => {
          const [[meld, [way]]] = [...targets.entries()];
          this.play(way.type, one, meld, way.end);
        },
      }, keyed("Lay off", "L")) : null,
      h("button", {
        type: "button", class: "primary", "data-key": "act-discard", disabled: busy || !canDiscard,
        onclick: () => this.discard(one),
      }, one ? keyed(`Discard ${shortName(one)}`, "X") : keyed("Discard", "X")),
      selected.length || this.staged.length ? h("button", { type: "button", class: "ghost", "data-key": "act-clear", onclick: () => this.clear() }, keyed("Clear", "Esc")) : null,
      this.hintButton());
  }

  hintWords(action) {
    const meld = () => {
      const found = this.view.round.table.find((m) => String(m.id) === String(action.meld));
      return found ? this.meldWords(found) : "a meld on the table";
    };
    switch (action.type) {
      case "meld": return `put down ${action.melds.map(cardWords).join(" and ")}`;
      case "layoff": return `lay off ${shortName(action.card)} on ${meld()}`;
      case "swap_joker": return `swap ${shortName(action.card)} for the joker in ${meld()}`;
      default: return super.hintWords(action);
    }
  }

  // --- acting --------------------------------------------------------------------------------

  toggle(index) {
    if (this.busy || !this.legal().has("discard")) return;
    const at = this.selected.indexOf(index);
    if (at === -1) this.selected.push(index);
    else this.selected.splice(at, 1);
    this.rerender(`card-${index}`);
  }

  selectCard(card) {
    const hand = this.sortedHand();
    const free = hand.findIndex((c, i) => c === card && !this.selected.includes(i));
    if (free !== -1) {
      this.selected.push(free);
      this.rerender(null);
    }
  }

  forgetSelection() {
    super.forgetSelection();
    this.staged = [];
  }

  stage() {
    const selected = this.selectedCards();
    const meld = asMeld(selected, this.meldPoints);
    if (!meld) {
      this.ctx.say(`${cardWords(selected)} is not a set or a run.`, "info");
      return;
    }
    this.staged.push(meld);
    this.selected = [];
    this.rerender("act-meld");
  }

  findAll() {
    const free = this.freeCards();
    const found = findMelds(free, { points: this.meldPoints, ...this.findWhat() });
    if (!found.length) {
      this.ctx.say("No melds found in your hand.", "info");
      return;
    }
    this.staged.push(...found);
    this.selected = [];
    this.rerender("act-meld");
  }

  async putDown() {
    if (!this.staged.length) return;
    const melds = this.staged.map((m) => m.cards);
    this.staged = [];
    this.selected = [];
    await this.act({ type: "meld", melds });
  }

  keyHelp() {
    return "Keys: S stock · D take the discard · arrows move along your hand · Space or Enter selects a card · M makes a meld of the selection · F finds melds · U puts them down · L lays off · X discards · Esc clears · R sort.";
  }

  gameKey(event) {
    switch (event.key.toLowerCase()) {
      case "m": this.press(event, '[data-key="act-stage"]'); return true;
      case "f": this.press(event, '[data-key="act-find"]'); return true;
      case "u": this.press(event, '[data-key="act-meld"]'); return true;
      case "l": if (!this.press(event, '[data-key="act-layoff"]')) {
        const first = this.main.querySelector("[data-testid=meld-target]");
        if (first) {
          event.preventDefault();
          first.focus();
        }
      }
        return true;
      default: return super.gameKey(event);
    }
  }
}
