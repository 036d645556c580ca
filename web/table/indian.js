// Indian Rummy's table (docs/games/indian-rummy.md): 2-6 seats, 13 cards, the wild joker shown face up, the
// hand arranged into groups by the player (by drag, or by selecting cards and grouping them,
// or the server's least-points arrangement), a declaration with the player's own groups,
// drop with its cost, and the format's penalty points (lower is better).

import { cardFace, isJoker, shortName, sortCards } from "../cards.js";
import { h, plural, replace, stylesheet } from "../dom.js";
import { keyed, rovingHand } from "./base.js";
import {
  KIND_WORDS, checkShow, groupKind, isWild, roughGroups,
} from "./indian-groups.js";
import { MeldingTable } from "./melding.js";
import { cardWords, handRow } from "./parts.js";

const STATUS_WORDS = {
  in: "", dropped: "dropped", wrong_show: "wrong show", declared: "declared", out: "out",
};
const HAND_WORDS = {
  declared: "Valid show", last: "Last one in", dropped: "Dropped", wrong_show: "Wrong show",
  counted: "Counted", out: "Out of the game", in: "Still in",
};
const DRAG_TYPE = "application/x-indian-card";


export class IndianTable extends MeldingTable {
  constructor(main, view, ctx) {
    super(main, view, ctx);
    this.groups = null; // the player's groups of the current deal: [[card, ...], ...]
    this.loose = []; // cards in no group
    this.groupsRound = null;
    // this.selected: [{g, i}]: g is a group index, or -1 for the loose cards
  }

  async start() {
    await stylesheet(new URL("./indian.css", import.meta.url).href); // the table's own, loaded with it
    return super.start();
  }

  roundWord() {
    return "deal";
  }

  get rules() {
    return this.view.rules || {};
  }

  target() {
    const r = this.rules;
    if (r.format === "pool") return `Pool ${r.pool || 101}: out at ${r.pool || 101} points, lowest wins`;
    if (r.format === "deals") return `${plural(r.deals || 2, "deal")}, lowest total wins`;
    return "Points rummy: one deal, lowest wins";
  }

  get wildRank() {
    const r = this.view.round;
    return r && r.wild_joker ? r.wild_joker.rank : null;
  }

  seatStatus(seat, view = this.view) {
    const r = view.round;
    return (r && r.status && r.status[seat]) || "in";
  }

  hasLeft() {
    return super.hasLeft() || this.seatStatus(this.view.you) === "out";
  }

  // A first drop before the player's first draw of the deal, a middle drop after it: a
  // seat that has discarded in this deal (or is about to) has drawn.
  dropCost(view = this.view) {
    const r = view.round;
    const drew = r.phase === "discard" || (r.pile_history || []).some((e) => e.seat === view.you && e.action === "discard");
    return drew ? { kind: "middle", points: this.rules.middle_drop ?? 40 } : { kind: "first", points: this.rules.first_drop ?? 20 };
  }

  // --- the player's groups ---------------------------------------------------------------------

  storeKey(round) {
    return `indian.groups.${this.id}.${round}`;
  }

  arrangeFromServer(view = this.view) {
    const a = view.round.arrangement;
    if (!a) {
      this.groups = [];
      this.loose = sortCards(view.round.hand, this.sort);
      return;
    }
    this.groups = a.groups.map((g) => [...g]);
    this.loose = [...a.ungrouped, ...(a.discard ? [a.discard] : [])];
  }

  // Keeps the player's groups in step with the hand the server says they hold: a card
  // gone leaves its group, a new card joins the loose ones.
  syncGroups(view) {
    const r = view.round;
    if (!r) return;
    if (this.groupsRound !== r.number || !this.groups) {
      this.groupsRound = r.number;
      this.selected = [];
      sessionStorage.removeItem(this.storeKey(r.number - 1)); // the last deal's groups are done
      const stored = sessionStorage.getItem(this.storeKey(r.number));
      let restored = null;
      try {
        restored = stored ? JSON.parse(stored) : null;
      } catch {
        restored = null;
      }
      if (restored && Array.isArray(restored.groups) && Array.isArray(restored.loose)) {
        this.groups = restored.groups;
        this.loose = restored.loose;
      } else {
        this.arrangeFromServer(view);
      }
    }
    let extra = [...r.hand];
    const keep = (cards) => cards.filter((c) => {
      const at = extra.indexOf(c);
      if (at === -1) return false;
      extra.splice(at, 1);
      return true;
    });
    const before = JSON.stringify([this.groups, this.loose]);
    this.groups = this.groups.map(keep).filter((g) => g.length);
    this.loose = keep(this.loose);
    this.loose.push(...extra);
    extra = [];
    if (JSON.stringify([this.groups, this.loose]) !== before) this.selected = [];
    this.saveGroups();
  }

  saveGroups() {
    if (this.groupsRound === null) return;
    sessionStorage.setItem(this.storeKey(this.groupsRound), JSON.stringify({ groups: this.groups, loose: this.loose }));
  }

  cardAt({ g, i }) {
    return g === -1 ? this.loose[i] : (this.groups[g] || [])[i];
  }

  selectedCards() {
    return this.selected.map((s) => this.cardAt(s)).filter(Boolean);
  }

  // Takes the cards at `places` out of their groups; returns them.
  takeOut(places) {
    const cards = places.map((p) => this.cardAt(p));
    const drop = new Set(places.map((p) => `${p.g}:${p.i}`));
    this.groups = this.groups.map((g, gi) => g.filter((_, i) => !drop.has(`${gi}:${i}`)));
    this.loose = this.loose.filter((_, i) => !drop.has(`-1:${i}`));
    return cards.filter(Boolean);
  }

  tidy() {
    this.groups = this.groups.filter((g) => g.length);
    this.selected = [];
    this.saveGroups();
  }

  groupSelected() {
    const places = this.selected;
    if (!places.length) {
      this.ctx.say("Select the cards to group first (click them, or Space on each).", "info");
      return;
    }
    const cards = this.takeOut(places);
    this.groups.push(cards);
    this.tidy();
    this.rerender("act-group");
  }

  moveTo(place, target) {
    const [card] = this.takeOut([place]);
    if (!card) return;
    if (target === "new") this.groups.push([card]);
    else if (target === -1) this.loose.push(card);
    else if (this.groups[target]) this.groups[target].push(card);
    else this.groups.push([card]);
    // takeOut keeps the groups' indexes; empty groups go after the move.
    this.tidy();
    this.rerender(null);
  }

  // "Arrange for me": the server's least-points groups; where they are none (no pure
  // sequence yet, so every card counts), the cards by suit with sets and jokers apart, the
  // way to start building. Either way, what was done is said under the hand.
  arrangeForMe() {
    const r = this.view.round;
    const a = r.arrangement;
    if (!a) return;
    if (a.groups.length) {
      this.arrangeFromServer();
      this.arranged = {
        version: this.view.version,
        text: a.points === 0
          ? `Arranged into a valid show${a.discard ? `, with ${shortName(a.discard)} to put face down` : ""}.`
          : `Arranged into your best groups: ${plural(a.points, "point")} left${a.discard ? ` after discarding ${shortName(a.discard)}` : ""}.`,
      };
    } else {
      const { groups, sets, jokers } = roughGroups(r.hand, this.wildRank);
      this.groups = groups;
      this.loose = [];
      const apart = [sets ? (sets === 1 ? "the set" : "the sets") : "", jokers ? "the jokers" : ""].filter(Boolean);
      this.arranged = {
        version: this.view.version,
        text: `No pure sequence yet, so every card counts (${plural(a.points, "point")}). `
          + `Grouped by suit${apart.length ? `, ${apart.join(" and ")} apart` : ""}: build a pure sequence first.`,
      };
    }
    this.tidy();
    this.rerender("act-arrange");
  }

  // The groups a declaration with the card at `place` face down would show: the player's
  // own, the loose cards as one more group. (The place, not the card: a hand may hold a
  // card twice, in two groups.)
  showGroups(place) {
    const at = place || { g: null, i: null };
    const out = this.groups.map((g, gi) => g.filter((_, i) => !(at.g === gi && at.i === i))).filter((g) => g.length);
    const loose = this.loose.filter((_, i) => !(at.g === -1 && at.i === i));
    if (loose.length) out.push(loose);
    return out;
  }

  // --- describing and animating other players' moves -------------------------------------------

  changes(prev, next) {
    const turn = this.theirTurn(prev, next);
    if (!turn) return null;
    const { seat, a, b } = turn;
    const out = { seat, drew: false, took: null, discarded: null, status: null };
    const topA = a.discard_pile[a.discard_pile.length - 1];
    const topB = b.discard_pile[b.discard_pile.length - 1];
    const delta = b.discard_pile.length - a.discard_pile.length;
    if (b.stock_size < a.stock_size) out.drew = true;
    else if (delta === -1) out.took = topA;
    if (delta === 1 || (out.took && delta === 0 && topB !== topA)) out.discarded = topB;
    if (a.status[seat] !== b.status[seat]) out.status = b.status[seat];
    return out;
  }

  statusWords(c) {
    return [
      c.status === "dropped" ? "dropped out of this deal" : null,
      c.status === "wrong_show" ? "made a wrong show and is out of this deal" : null,
    ];
  }

  // --- drawing the table -------------------------------------------------------------------------

  buildFelt() {
    this.opponents = h("div", { class: "opponents", "data-testid": "opponents" });
    this.middle = h("div", { class: "middle indian-middle" });
    this.mine = h("div", { class: "seat mine", "data-seat": this.first.you });
    this.showPanel = h("div", { class: "show-panel", "data-testid": "show-panel" });
    this.layFelt([this.opponents, this.middle], [this.status, this.mine, this.showPanel, this.actions]);
    this.regions = [this.opponents, this.middle, this.status, this.mine, this.showPanel, this.actions];
  }

  show(view) {
    if (view.round) this.syncGroups(view);
    super.show(view);
  }

  renderHand() {
    this.renderMine();
    this.renderShowPanel();
  }

  seatBadges(seat) {
    const status = this.seatStatus(seat);
    return [
      status !== "in" ? h("span", { class: "badge status", "data-testid": "seat-status" }, STATUS_WORDS[status] || status) : null,
      h("span", { class: "badge total", title: "Penalty points so far" }, `${this.view.scores[seat]} pts`),
    ];
  }

  renderMiddle(prev) {
    const wild = this.view.round.wild_joker;
    const rankWord = wild.rank === "T" ? "10" : { A: "ace", J: "jack", Q: "queen", K: "king" }[wild.rank] || wild.rank;
    const wildFace = cardFace(wild.card, { label: "the wild joker card" });
    replace(this.middle, this.piles(prev),
      h("div", {
        class: "pile-wrap wild-joker", "data-testid": "wild-joker", "data-card": wild.card, "data-rank": wild.rank,
      }, wildFace,
      h("span", { class: "pile-label" }, "Wild joker"),
      h("span", { class: "wild-note" }, isJoker(wild.card)
        ? "Every ace is a joker this deal, and the printed jokers."
        : `Every ${rankWord} is a joker this deal, and the printed jokers.`)));
  }

  // A card in one of the player's groups that is a sequence or a set.
  meldFor(card) {
    const group = this.groups.find((g) => g.includes(card) && ["pure", "sequence", "set"].includes(groupKind(g, this.wildRank)));
    return group ? { cards: group, onTable: false } : null;
  }

  validWith() {
    const action = this.legal().get("declare");
    return action && action.valid_with ? action.valid_with : null;
  }

  renderMine() {
    const view = this.view;
    const r = view.round;
    const myStatus = this.seatStatus(view.you);
    const wild = this.wildRank;
    const discardable = new Set(this.discardable());
    const declarable = new Set(this.validWith() || []);
    const playing = this.legal().has("discard") && !this.busy;
    const arranging = !this.busy && r.hand.length > 0;
    const chosen = new Set(this.selected.map((s) => `${s.g}:${s.i}`));
    let index = 0;
    const cardEl = (card, g, i) => {
      const selected = chosen.has(`${g}:${i}`);
      const joker = isWild(card, wild);
      const el = cardFace(card, {
        className: [
          arranging && "selectable",
          playing && discardable.has(card) && "playable",
          selected && "selected",
          joker && "wild",
          playing && declarable.has(card) && "declarable",
          r.drawn_from_discard === card && "taken",
        ].filter(Boolean).join(" "),
        label: [
          joker ? "a joker this deal" : "",
          playing && declarable.has(card) ? "a valid show is possible with it face down" : "",
          r.drawn_from_discard === card ? "just taken" : "",
        ].filter(Boolean).join("; "),
        disabled: !arranging, pressed: arranging ? selected : undefined, draggable: arranging,
        onClick: () => this.toggle({ g, i }),
      });
      el.dataset.key = `card-${index}`;
      el.dataset.group = g;
      el.dataset.index = i;
      index += 1;
      el.addEventListener("dragstart", (event) => {
        event.dataTransfer.setData("text/plain", card);
        event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ g, i }));
        event.dataTransfer.effectAllowed = "move";
        el.classList.add("dragging");
      });
      el.addEventListener("dragend", () => el.classList.remove("dragging"));
      return el;
    };
    const target = (el, to) => {
      el.addEventListener("dragover", (event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        el.classList.add("drop-target");
      });
      el.addEventListener("dragleave", () => el.classList.remove("drop-target"));
      el.addEventListener("drop", (event) => {
        const raw = event.dataTransfer.getData(DRAG_TYPE);
        el.classList.remove("drop-target");
        if (!raw) return;
        event.preventDefault();
        event.stopPropagation();
        try {
          const from = JSON.parse(raw);
          if (from.g !== to) this.moveTo(from, to);
        } catch {
          // not a card of this hand
        }
      });
    };
    const groups = this.groups.map((cards, g) => {
      const kind = groupKind(cards, wild);
      const el = h("div", {
        class: ["group", "indian-group", kind ? `kind-${kind}` : "kind-none"], role: "group", "data-testid": "group",
        "data-kind": kind || "none", "data-group": g,
        "aria-label": `${kind ? KIND_WORDS[kind] : "Not a valid group"}: ${cardWords(cards)}`,
      }, cards.map((c, i) => cardEl(c, g, i)));
      target(el, g);
      return el;
    });
    if (this.loose.length) {
      const el = h("div", {
        class: "group indian-group loose", role: "group", "data-testid": "loose", "data-group": -1,
        "aria-label": `Not grouped: ${cardWords(this.loose)}`,
      }, this.loose.map((c, i) => cardEl(c, -1, i)));
      target(el, -1);
      groups.push(el);
    }
    const row = handRow(groups, { class: "mine-hand indian-hand", "data-testid": "hand", "aria-label": "Your hand, in your groups" });
    rovingHand(row);
    const newGroup = h("div", { class: "new-group", "data-testid": "new-group", "aria-hidden": "true" }, "Drop a card here: a new group");
    target(newGroup, "new");
    const summary = h("ul", { class: "group-summary", "data-testid": "group-summary", "aria-label": "Your groups" },
      this.groups.map((cards) => {
        const kind = groupKind(cards, wild);
        return h("li", { class: kind ? "ok" : "bad" }, h("b", {}, kind ? KIND_WORDS[kind] : "Not a group"), `: ${cardWords(cards)}`);
      }),
      this.loose.length ? h("li", { class: "loose" }, h("b", {}, "Not grouped"), `: ${cardWords(this.loose)}`) : null);
    replace(this.mine,
      h("div", { class: ["nameplate", r.turn === view.you && "turn"] },
        h("span", { class: "name" }, this.ctx.me ? this.ctx.me.display_name : "You"),
        r.turn === view.you ? h("span", { class: "turn-badge" }, "your turn") : null,
        h("span", { class: "badge count" }, plural(r.hand.length, "card")),
        myStatus !== "in" ? h("span", { class: "badge status", "data-testid": "my-status" }, STATUS_WORDS[myStatus] || myStatus) : null,
        h("span", { class: "timer", "data-seat": view.you })),
      r.hand.length ? row : h("p", { class: "hint" }, myStatus === "out" ? "You are out of this game." : "You are out of this deal; the others play on."),
      r.hand.length ? h("div", { class: "hand-notes" }, newGroup, summary) : null);
  }

  // How the player's groups stand as a show, and the server's count of the hand.
  renderShowPanel() {
    const r = this.view.round;
    if (!r.hand.length) {
      replace(this.showPanel);
      return;
    }
    const wild = this.wildRank;
    const cards = r.hand.length === 14 ? null : r.hand;
    const mine = cards ? checkShow(this.showGroups(null), wild) : null;
    const selected = this.selectedCards();
    const one = selected.length === 1 ? selected[0] : null;
    const withCard = r.hand.length === 14 && one ? checkShow(this.showGroups(this.selected[0]), wild) : null;
    const a = r.arrangement;
    const valid = this.validWith();
    const parts = [];
    if (mine) {
      parts.push(h("p", { class: mine.valid ? "ok" : "bad", "data-testid": "show-check", "data-valid": String(mine.valid) },
        mine.valid ? "Your groups make a valid show." : `Your groups are not a valid show yet: ${mine.reason}.`));
    } else if (withCard) {
      parts.push(h("p", { class: withCard.valid ? "ok" : "bad", "data-testid": "show-check", "data-valid": String(withCard.valid) },
        withCard.valid ? `With ${shortName(one)} face down your groups make a valid show.`
          : `With ${shortName(one)} face down your groups are not a valid show: ${withCard.reason}.`));
    }
    if (a) {
      parts.push(h("p", { class: "server-count", "data-testid": "server-count", "data-points": a.points, "data-discard": a.discard || "" },
        `Best arrangement: ${plural(a.points, "point")}`,
        a.discard ? ` after discarding ${shortName(a.discard)}` : "", a.points === 0 ? ": a valid show." : "."));
    }
    if (valid && valid.length) {
      parts.push(h("p", { class: "ok", "data-testid": "valid-with" },
        `You can declare with ${valid.map(shortName).join(", ")} face down.`));
    }
    if (this.arranged && this.arranged.version === this.view.version) {
      parts.push(h("p", { class: "arranged", role: "status", "data-testid": "arranged" }, this.arranged.text));
    }
    replace(this.showPanel, parts);
  }

  sittingOut() {
    const view = this.view;
    const mine = this.seatStatus(view.you);
    if (this.hasLeft()) {
      const me = view.players[view.you];
      return me && me.computer ? "You left this game." : "You are out of this game: your total reached the pool. The others play on.";
    }
    if (mine === "dropped") return "You dropped out of this deal; the others play on.";
    if (mine === "wrong_show") return "Your show was not valid: you are out of this deal; the others play on.";
    return null;
  }

  drawPrompt(draw) {
    return `${draw}, or drop.`;
  }

  playPrompt() {
    return "select a card, then discard it, or declare with it face down.";
  }

  renderActions() {
    const legal = this.legal();
    const busy = this.busy;
    const r = this.view.round;
    const parts = [];
    const selected = this.selectedCards();
    const one = selected.length === 1 ? selected[0] : null;
    if (r.hand.length) {
      parts.push(
        h("button", { type: "button", "data-key": "act-group", disabled: !selected.length, onclick: () => this.groupSelected() }, keyed("Group the selected", "G")),
        h("button", { type: "button", "data-key": "act-arrange", disabled: !r.arrangement, onclick: () => this.arrangeForMe() }, keyed("Arrange for me", "A")),
      );
    }
    if (legal.has("discard")) {
      const canDiscard = one && this.discardable().includes(one);
      parts.push(h("button", {
        type: "button", class: "primary", "data-key": "act-discard", disabled: busy || !canDiscard,
        onclick: () => this.discard(one),
      }, one ? keyed(`Discard ${shortName(one)}`, "X") : keyed("Discard", "X")));
    }
    if (legal.has("declare")) {
      parts.push(h("button", {
        type: "button", class: "declare", "data-key": "act-declare", disabled: busy || !one,
        onclick: () => this.declare(this.selected[0]),
      }, one ? keyed(`Declare with ${shortName(one)} face down`, "E") : keyed("Declare", "E")));
    }
    if (legal.has("drop")) {
      const cost = this.dropCost();
      parts.push(h("button", {
        type: "button", class: "danger", "data-key": "act-drop", disabled: busy, "data-points": cost.points,
        onclick: () => this.drop(),
      }, keyed(`Drop (${plural(cost.points, "point")})`, "P")));
    }
    if (selected.length) parts.push(h("button", { type: "button", class: "ghost", "data-key": "act-clear", onclick: () => this.clear() }, keyed("Clear", "Esc")));
    parts.push(this.hintButton());
    replace(this.actions, parts);
  }

  // --- acting --------------------------------------------------------------------------------

  toggle(place) {
    if (this.busy) return;
    const at = this.selected.findIndex((s) => s.g === place.g && s.i === place.i);
    if (at === -1) this.selected.push(place);
    else this.selected.splice(at, 1);
    const el = this.mine.querySelector(`.card[data-group="${place.g}"][data-index="${place.i}"]`);
    this.rerender(el ? el.dataset.key : null);
  }

  async declare(place) {
    const card = place && this.cardAt(place);
    if (!card) return;
    const groups = this.showGroups(place);
    const check = checkShow(groups, this.wildRank);
    const valid = this.validWith() || [];
    if (!check.valid) {
      const text = valid.includes(card)
        ? `Your groups are not a valid show: ${check.reason}. "Arrange for me" finds one; a wrong show costs ${plural(this.rules.wrong_show ?? 80, "point")}. Declare anyway?`
        : `This is not a valid show: ${check.reason}. A wrong show costs ${plural(this.rules.wrong_show ?? 80, "point")} and takes you out of the deal. Declare anyway?`;
      const ok = await this.confirm(text, "Declare anyway");
      if (!ok) return;
    }
    this.selected = [];
    this.act({ type: "declare", card, groups });
  }

  async drop() {
    const cost = this.dropCost();
    const ok = await this.confirm(
      `Drop out of this deal? It costs ${plural(cost.points, "point")} (a ${cost.kind} drop); the others play on.`, "Drop");
    if (!ok) return;
    this.act({ type: "drop" });
  }

  leaveWords() {
    return `Leave this game? It counts as a drop at ${plural(Math.max(this.rules.first_drop ?? 20, this.rules.middle_drop ?? 40), "point")}, and you are placed last.`;
  }

  hintTargets(action) {
    const one = (selector) => this.felt.querySelector(selector);
    const inHand = (card) => this.felt.querySelector(`[data-testid=hand] .card[data-card="${CSS.escape(card)}"]`);
    switch (action.type) {
      case "drop": return [one("[data-key=act-drop]")].filter(Boolean);
      case "declare": return [inHand(action.card), one("[data-key=act-declare]")].filter(Boolean);
      default: return super.hintTargets(action);
    }
  }

  hintWords(action) {
    switch (action.type) {
      case "drop": return "drop out of this deal";
      case "declare": return `declare with ${shortName(action.card)} face down`;
      default: return super.hintWords(action);
    }
  }

  keyHelp() {
    return "Keys: S stock · D take the discard · arrows move along your hand · Space or Enter selects a card · G groups the selection · A arranges for you · X discards · E declares · P drops · Esc clears.";
  }

  gameKey(event) {
    switch (event.key.toLowerCase()) {
      case "g": this.press(event, '[data-key="act-group"]'); return true;
      case "a": this.press(event, '[data-key="act-arrange"]'); return true;
      case "e": this.press(event, '[data-key="act-declare"]'); return true;
      case "p": this.press(event, '[data-key="act-drop"]'); return true;
      case "r": return true; // the hand keeps the player's own order
      default: return super.gameKey(event);
    }
  }

  // --- results ---------------------------------------------------------------------------------

  outcomeSentence(result) {
    if (result.outcome === "draw" || result.winner === null || result.winner === undefined) {
      return "The stock ran out: nobody wins this deal, and everyone still in scores 0.";
    }
    const who = this.playerName(result.winner);
    const you = result.winner === this.view.you;
    if (result.outcome === "show") return `${who} made a valid show and ${you ? "score" : "scores"} 0.`;
    return `${who} ${you ? "were" : "was"} the last one in the deal and ${you ? "score" : "scores"} 0.`;
  }

  resultBody(result) {
    const wild = result.wild_joker;
    return [
      h("p", { class: "outcome", "data-testid": "result-outcome" }, this.outcomeSentence(result)),
      wild ? h("p", { class: "hint wild-line" }, "Wild joker this deal: ", cardFace(wild.card), ` (every ${wild.rank === "T" ? "10" : wild.rank} was a joker).`) : null,
      this.pointsTable(result, {
        columns: ["Hand"],
        caption: "Points of this deal",
        row: (seat) => {
          const hand = result.hands.find((x) => x.seat === seat) || { status: "out", groups: [], ungrouped: [], value: 0 };
          const shown = hand.groups.length || hand.ungrouped.length;
          return {
            attrs: { "data-status": hand.status },
            cells: h("td", { "data-testid": "hand-status" }, HAND_WORDS[hand.status] || hand.status),
            cards: shown
              ? h("div", { class: "hand small-cards", role: "group", "aria-label": `${this.playerName(seat)}'s cards` },
                hand.groups.map((g) => h("div", { class: "group meld", role: "group", "aria-label": `Group: ${cardWords(g)}` }, g.map((c) => cardFace(c)))),
                hand.ungrouped.length ? h("div", { class: "group deadwood", role: "group", "aria-label": `Not in a valid group: ${cardWords(hand.ungrouped)}` }, this.smallCards(hand.ungrouped)) : null)
              : null,
            points: String(result.points[seat]),
          };
        },
      }),
    ];
  }

  roundLine(result) {
    if (result.winner === null || result.winner === undefined) return "no winner";
    return `${this.playerName(result.winner)} won, you +${result.points[this.view.you]}`;
  }

  endWords(reason) {
    return `Penalty points: the lowest total wins. ${{
      show: "The game ended with a valid show.",
      last_player: "The game ended when one player was left in the deal.",
      draw: "The game ended when the stock ran out.",
      pool: "The game ended when one player was left under the pool's limit.",
      deals: "The game ended after its last deal.",
      concede: "The game ended when a player conceded.",
      timeout: "The game ended on time.",
    }[reason] || ""}`;
  }
}
