// Gin Rummy's table (docs/games/gin.md): two seats, the first upcard, knock and gin, lay-offs
// settled by the server.

import {
  arrangeHand, cardFace, deadwoodWithout, shortName, sortCards,
} from "../cards.js";
import { h, plural, replace } from "../dom.js";
import { TableBase, nameLabel, rovingHand } from "./base.js";
import { backsFan, draggableCard, fly, handRow } from "./parts.js";

export class GinTable extends TableBase {
  constructor(main, view, ctx) {
    super(main, view, ctx);
    this.mode = null; // "knock" while choosing the card to knock with
  }

  target() {
    return `Playing to ${(this.view.rules && this.view.rules.target_score) || 100}`;
  }

  get opp() {
    return 1 - this.view.you;
  }

  buildFelt() {
    this.opponent = h("div", { class: "seat opponent", "data-seat": 1 - this.first.you });
    this.middle = h("div", { class: "middle" });
    this.mine = h("div", { class: "seat mine", "data-seat": this.first.you });
    this.layFelt([this.opponent, this.middle], [this.status, this.mine, this.actions]);
    this.regions = [this.opponent, this.middle, this.status, this.mine, this.actions];
  }

  show(view) {
    this.mode = null;
    super.show(view);
  }

  renderPlay(prev) {
    this.renderOpponent();
    this.renderMiddle(prev);
    this.renderMine(prev);
    this.renderActions();
  }

  // What the opponent just did, in words (from the difference between two views; after a
  // gap, as when polling, one view may hold both halves of a turn).
  turnStep(prev, next) {
    const change = this.change(prev, next);
    if (!change) return null;
    const a = prev.round;
    const b = next.round;
    const topA = a.discard_pile[a.discard_pile.length - 1];
    const topB = b.discard_pile[b.discard_pile.length - 1];
    const name = (card) => (card ? shortName(card) : "a card");
    const parts = {
      stock: () => ["drew from the stock"],
      "stock-discard": () => ["drew from the stock", `discarded ${name(topB)}`],
      take: () => [`took ${name(topA)} from the pile`],
      "take-discard": () => [`took ${name(topA)} from the pile`, `discarded ${name(topB)}`],
      discard: () => [`discarded ${name(topB)}`],
      pass: () => ["passed on the upcard"],
    }[change]?.();
    return parts ? { seat: 1 - next.you, parts } : null;
  }

  change(prev, next) {
    if (!prev || !prev.round || !next.round || prev.round.number !== next.round.number) return "";
    if (prev.round.turn === prev.you || prev.round.turn === null) return "";
    const a = prev.round;
    const b = next.round;
    const topA = a.discard_pile[a.discard_pile.length - 1];
    const topB = b.discard_pile[b.discard_pile.length - 1];
    const stock = a.stock_size - b.stock_size;
    const pile = b.discard_pile.length - a.discard_pile.length;
    const held = b.opponent_hand_size - a.opponent_hand_size;
    if (stock === 1 && held === 1) return "stock";
    if (stock === 1 && pile === 1) return "stock-discard";
    if (stock === 0 && pile === -1 && held === 1) return "take";
    if (stock === 0 && pile === 0 && held === 0 && topA !== topB) return "take-discard";
    if (pile === 1 && held === -1) return "discard";
    if (a.phase === "first_upcard" && stock === 0 && pile === 0) return "pass";
    return "";
  }

  // The opponent's draws and discards travel between the piles and their hand.
  animate(prev, view) {
    if (!view.round || view.status !== "active") return;
    if (this.startsDeal(prev, view)) return;
    const stock = this.middle.querySelector("[data-key=stock]");
    const pile = this.middle.querySelector("[data-key=discard-pile]");
    const hand = this.opponent.querySelector(".hand");
    const change = this.change(prev, view);
    const top = view.round.discard_pile[view.round.discard_pile.length - 1];
    const taken = prev.round.discard_pile[prev.round.discard_pile.length - 1];
    if (change.startsWith("stock")) fly(stock, hand, { what: "stock>opponent" });
    if (change.startsWith("take")) fly(pile, hand, { card: taken, what: "pile>opponent" });
    if (change.endsWith("discard")) fly(hand, pile, { card: top, delay: change === "discard" ? 0 : 200, what: "opponent>pile" });
  }

  renderOpponent() {
    const view = this.view;
    const r = view.round;
    const opp = this.opp;
    replace(this.opponent,
      h("div", { class: ["nameplate", r.turn === opp && "turn"] },
        nameLabel(this.playerName(opp, { you: false })),
        view.players[opp].user ? h("a", { class: "small-link", href: `#/u/${encodeURIComponent(view.players[opp].user.username)}` }, "profile") : null,
        r.turn === opp ? h("span", { class: "turn-badge" }, "their turn") : null,
        h("span", { class: "timer", "data-seat": opp }),
        h("span", { class: "bubble", "data-seat": opp, hidden: true })),
      backsFan(r.opponent_hand_size, `${this.playerName(opp)} holds ${plural(r.opponent_hand_size, "card")}`));
  }

  renderMiddle(prev) {
    replace(this.middle, this.piles(prev));
    replace(this.status, this.prompt());
  }

  prompt() {
    const view = this.view;
    const r = view.round;
    const legal = this.legal();
    const parts = [this.lastMoveLine()];
    if (r.turn !== view.you) {
      parts.push(this.waitingFor(this.opp));
      return parts;
    }
    const top = r.discard_pile[r.discard_pile.length - 1];
    if (this.mode === "knock") parts.push(h("b", {}, "Knock: "), "choose the card to lay face down (Esc to cancel).");
    else if (legal.has("pass")) parts.push(h("b", {}, "Your turn: "), `take the upcard ${shortName(top)} or pass.`);
    else if (legal.has("draw_stock") && legal.has("draw_discard")) parts.push(h("b", {}, "Your turn: "), `draw from the stock or take ${shortName(top)}.`);
    else if (legal.has("draw_stock")) parts.push(h("b", {}, "Your turn: "), "draw from the stock.");
    else if (legal.has("discard")) parts.push(h("b", {}, "Your turn: "), "discard a card (click it, or drag it onto the pile).");
    return parts;
  }

  meldFor(card) {
    const meld = arrangeHand(this.view.round.hand, this.sort).melds.find((m) => m.includes(card));
    return meld ? { cards: meld, onTable: false } : null;
  }

  knockable() {
    const action = this.legal().get("knock");
    return action && action.cards ? action.cards : [];
  }

  renderMine(prev) {
    const view = this.view;
    const r = view.round;
    const layout = arrangeHand(r.hand, this.sort);
    const prevHand = prev && prev.round && prev.round.number === r.number ? new Set(prev.round.hand) : null;
    const discardable = new Set(this.discardable());
    const knockable = new Set(this.knockable());
    const knocking = this.mode === "knock";
    const card = (c, deadwood = false) => {
      const playable = !this.busy && (knocking ? knockable.has(c) : discardable.has(c));
      const classes = [
        prevHand && !prevHand.has(c) && "drawn",
        playable && "playable",
        knocking && knockable.has(c) && "knockable",
        r.drawn_from_discard === c && "taken",
      ].filter(Boolean).join(" ");
      const label = [
        playable ? (knocking ? "knock with it" : "discard it") : "",
        r.drawn_from_discard === c ? "just taken; keep it this turn" : "",
      ].filter(Boolean).join("; ");
      const el = cardFace(c, {
        className: classes, label, disabled: !playable, draggable: playable && !knocking,
        onClick: () => this.playCard(c),
      });
      el.dataset.key = `card-${c}`;
      // Deadwood is marked by a dot low on the card's left edge: in sight where the next
      // card covers the rest, clear of both corners.
      if (deadwood) el.append(h("span", { class: "dw-mark", "aria-hidden": "true" }));
      draggableCard(el, c);
      return el;
    };
    const groups = layout.melds.map((meld) => h("div", { class: "group meld", role: "group", "aria-label": `Meld: ${meld.map(shortName).join(" ")}` }, meld.map((c) => card(c))));
    if (layout.deadwood.length) {
      groups.push(h("div", { class: "group deadwood", role: "group", "aria-label": `Deadwood: ${layout.deadwood.map(shortName).join(" ")}` },
        layout.deadwood.map((c) => card(c, true))));
    }
    const count = r.hand.length === 11
      ? `Deadwood after your best discard: ${r.deadwood}`
      : `Deadwood: ${r.deadwood}`;
    const hand = handRow(groups, { class: "mine-hand", "data-testid": "hand", "data-sort": this.sort, "aria-label": "Your hand" });
    rovingHand(hand);
    replace(this.mine,
      h("div", { class: ["nameplate", r.turn === view.you && "turn"] },
        h("span", { class: "name" }, this.ctx.me ? this.ctx.me.display_name : "You"),
        r.turn === view.you ? h("span", { class: "turn-badge" }, "your turn") : null,
        h("span", { class: "timer", "data-seat": view.you }),
        h("span", { class: "deadwood-count", "data-testid": "deadwood", "data-points": r.deadwood }, count),
        h("span", { class: "knock-limit" }, r.knock_limit === 0 ? "Gin only" : `knock at ${r.knock_limit} or less`),
        this.sortButton()),
      hand);
  }

  renderActions() {
    const legal = this.legal();
    const buttons = [];
    const busy = this.busy;
    if (legal.has("pass")) {
      buttons.push(h("button", { type: "button", "data-key": "act-pass", disabled: busy, onclick: () => this.act({ type: "pass" }) }, "Pass"));
    }
    if (legal.has("big_gin")) {
      buttons.push(h("button", { type: "button", class: "primary", "data-key": "act-big-gin", disabled: busy, onclick: () => this.act({ type: "big_gin" }) }, "Big gin!"));
    }
    const knock = this.knockable();
    if (knock.length && this.mode !== "knock") {
      const hand = this.view.round.hand;
      const ranked = knock.map((c) => ({ card: c, dw: deadwoodWithout(hand, c) })).sort((a, b) => a.dw - b.dw);
      if (ranked[0].dw === 0) {
        buttons.push(h("button", {
          type: "button", class: "primary", "data-key": "act-gin", disabled: busy,
          "aria-label": `Gin!: lay down ${shortName(ranked[0].card)} face down and show your hand`,
          onclick: () => this.act({ type: "knock", card: ranked[0].card }),
        }, "Gin!"));
      } else {
        buttons.push(h("button", {
          type: "button", class: "primary", "data-key": "act-knock", disabled: busy,
          onclick: () => this.enterKnock(),
        }, `Knock… (best: ${shortName(ranked[0].card)}, deadwood ${ranked[0].dw})`));
      }
    }
    if (this.mode === "knock") {
      buttons.push(h("button", { type: "button", "data-key": "act-cancel", onclick: () => this.leaveKnock() }, "Cancel knock"));
    }
    buttons.push(this.hintButton());
    replace(this.actions, buttons);
  }

  hintWords(action) {
    if (action.type === "big_gin") return "go big gin: all eleven cards melded";
    if (action.type === "knock") {
      const gin = deadwoodWithout(this.view.round.hand, action.card) === 0;
      return `${gin ? "go gin" : "knock"}, laying ${shortName(action.card)} face down`;
    }
    return super.hintWords(action);
  }

  keyHelp() {
    return "Keys: S stock · D take the discard · P pass · K knock · G gin · R sort · arrows move along your hand · Enter plays the card.";
  }

  gameKey(event) {
    switch (event.key.toLowerCase()) {
      case "p": this.press(event, '[data-key="act-pass"]'); return true;
      case "k": this.press(event, '[data-key="act-knock"]'); return true;
      case "g": if (!this.press(event, '[data-key="act-gin"]')) this.press(event, '[data-key="act-big-gin"]'); return true;
      case "escape": if (this.mode === "knock") this.leaveKnock(); return true;
      default: return false;
    }
  }

  playCard(card) {
    if (this.busy) return;
    if (this.mode === "knock") {
      if (this.knockable().includes(card)) this.act({ type: "knock", card });
    } else if (this.discardable().includes(card)) {
      this.discard(card);
    }
  }

  enterKnock() {
    this.mode = "knock";
    this.renderMine(null);
    this.renderActions();
    replace(this.status, this.prompt());
    this.applyHint();
    const hand = this.view.round.hand;
    const best = this.knockable().map((c) => ({ c, dw: deadwoodWithout(hand, c) })).sort((a, b) => a.dw - b.dw)[0];
    const el = best && this.mine.querySelector(`[data-key="card-${best.c}"]`);
    if (el) el.focus();
  }

  leaveKnock() {
    this.mode = null;
    this.renderMine(null);
    this.renderActions();
    replace(this.status, this.prompt());
    this.applyHint();
    this.restoreFocus(null);
  }

  // --- results ---------------------------------------------------------------------------------

  outcomeSentence(result) {
    const k = result.knocker;
    const name = (seat) => this.playerName(seat);
    const pts = plural(result.points, "point");
    switch (result.outcome) {
      case "gin":
        return `${name(k)} went gin! ${this.verb(result.winner, "score")} ${pts}.`;
      case "big_gin":
        return `${name(k)} went big gin! ${this.verb(result.winner, "score")} ${pts}.`;
      case "undercut":
        return `${name(k)} knocked, but ${name(result.winner).replace(/^You$/, "you")} undercut! ${this.verb(result.winner, "score")} ${pts}.`;
      case "knock":
        return `${name(k)} knocked. ${this.verb(result.winner, "score")} ${pts}.`;
      default:
        return "The stock ran out: the round is a draw, and nobody scores.";
    }
  }

  resultBody(result) {
    const view = this.view;
    const knockerMelds = result.knocker !== null && result.knocker !== undefined
      ? (result.hands.find((x) => x.seat === result.knocker) || {}).melds || [] : [];
    const meldWords = (i) => (knockerMelds[i] || []).map(shortName).join(" ");
    const handBlock = (hand) => {
      const isKnocker = hand.seat === result.knocker;
      const role = result.outcome === "draw" ? "" : isKnocker ? (result.outcome === "knock" || result.outcome === "undercut" ? " knocked" : " went out") : "";
      return h("section", { class: "result-hand", "data-seat": hand.seat, "data-testid": `result-hand-${hand.seat === view.you ? "me" : "opponent"}` },
        h("h3", {}, this.playerName(hand.seat), role),
        h("div", { class: "hand small-cards" },
          hand.melds.map((meld) => h("div", { class: "group meld" }, sortCards(meld, meld.every((c) => c[0] === meld[0][0]) ? "rank" : "suit").map((c) => cardFace(c)))),
          hand.layoffs.length ? h("div", { class: "group layoff", role: "group", "aria-label": "Laid off" },
            hand.layoffs.map((l) => cardFace(l.card, { label: `laid off on ${meldWords(l.meld)}` }))) : null,
          hand.deadwood.length ? h("div", { class: "group deadwood" }, this.smallCards(hand.deadwood)) : null),
        hand.layoffs.length ? h("p", { class: "hint" }, `Laid off: ${hand.layoffs.map((l) => `${shortName(l.card)} on ${meldWords(l.meld)}`).join("; ")}.`) : null,
        h("p", { class: "dw" }, "Deadwood: ", h("b", { "data-testid": "deadwood-points", "data-points": hand.deadwood_points }, hand.deadwood_points)));
    };
    const hands = [...result.hands].sort((a, b) => (a.seat === view.you ? -1 : b.seat === view.you ? 1 : 0));
    return [
      h("p", { class: "outcome", "data-testid": "result-outcome" }, this.outcomeSentence(result)),
      hands.map(handBlock),
      h("p", { class: "after", "data-testid": "scores-after" },
        `Scores: you ${result.scores_after[view.you]}, ${this.playerName(this.opp)} ${result.scores_after[this.opp]}.`),
    ];
  }

  roundLine(result) {
    return result.outcome === "draw" ? "draw" : `${this.playerName(result.winner)} +${result.points}`;
  }

  finalBody() {
    const view = this.view;
    const final = view.final;
    const rows = [["Hand points", "hand_points"], ["Game bonus", "game_bonus"], ["Line bonus", "line_bonus"]];
    const line = (seat) => final.breakdown.find((b) => b.seat === seat) || {};
    const me = line(view.you);
    const them = line(this.opp);
    return h("table", { class: "breakdown" },
      h("thead", {}, h("tr", {}, h("td", {}), h("th", { scope: "col" }, "You"), h("th", { scope: "col" }, this.playerName(this.opp)))),
      h("tbody", {},
        rows.map(([label, key]) => h("tr", {}, h("th", { scope: "row" }, label), h("td", {}, me[key] ?? 0), h("td", {}, them[key] ?? 0))),
        me.shutout || them.shutout ? h("tr", {}, h("th", { scope: "row" }, "Shutout"), h("td", {}, me.shutout ? "doubled" : ""), h("td", {}, them.shutout ? "doubled" : "")) : null,
        h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"),
          h("td", { "data-testid": "total-me" }, final.totals[view.you]), h("td", { "data-testid": "total-opponent" }, final.totals[this.opp]))));
  }
}
