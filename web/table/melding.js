// What the tables of Rummy, Rummy 500 and Indian Rummy share: two or more seats around the table, the
// other players' turns in words and in flight, cards selected in the hand, the prompt, the
// deal's points a row a seat, the final placement and the keys. A game adds what it does with
// the cards it selects (rummy.js and rummy500.js, through laying.js: melds put on the table;
// indian.js: groups kept in the hand and a show).

import { shortName } from "../cards.js";
import { h, plural, replace } from "../dom.js";
import { TableBase, nameLabel } from "./base.js";
import { backsFan, fly } from "./parts.js";

export class MeldingTable extends TableBase {
  constructor(main, view, ctx) {
    super(main, view, ctx);
    this.selected = []; // the cards selected in the hand (each game says how it points at them)
  }

  // --- to be given by each game --------------------------------------------------------------

  // The player's side of the felt: the hand and what the selection changes with it.
  renderHand() {}

  // A seat's state in this deal ("in", "dropped", …), or null where the game has none.
  seatStatus() {
    return null;
  }

  // What an opponent's nameplate shows besides its cards.
  seatBadges() {
    return [];
  }

  // Words for what another player did between drawing and discarding, and after it.
  playedWords() {
    return [];
  }

  statusWords() {
    return [];
  }

  // Words for what another player took from the discard pile.
  tookWords(c) {
    return `took ${shortName(c.took)} from the pile`;
  }

  // The flights of what another player did between drawing and discarding.
  flyPlays() {}

  // In place of the turn's prompt: why the player takes no turn (they left), or null.
  sittingOut() {
    return this.hasLeft() ? "You left this game: a computer plays your seat." : null;
  }

  // The prompt while the player is to draw: `draw` says which piles.
  drawPrompt(draw) {
    return `${draw}.`;
  }

  playPrompt() {
    return "";
  }

  // How the game ended, in words, under the placement.
  endWords() {
    return "";
  }

  // --- state -----------------------------------------------------------------------------------

  // A player who left is played by a computer.
  hasLeft() {
    const me = this.view.players[this.view.you];
    return Boolean(me && me.computer && !me.user);
  }

  forgetSelection() {
    this.selected = [];
  }

  // --- describing and animating the other players' moves ---------------------------------------

  // Another player's turn between two views of one deal: {seat, a, b} (the round before and
  // after), or null.
  theirTurn(prev, next) {
    if (!prev || !prev.round || !next.round || prev.round.number !== next.round.number) return null;
    const seat = prev.round.turn;
    if (seat === null || seat === undefined || seat === prev.you) return null;
    return { seat, a: prev.round, b: next.round };
  }

  turnStep(prev, next) {
    const c = this.changes(prev, next);
    if (!c) return null;
    const parts = [
      c.drew ? "drew from the stock" : null,
      c.took ? this.tookWords(c) : null,
      ...this.playedWords(c),
      c.discarded ? `discarded ${shortName(c.discarded)}` : null,
      ...this.statusWords(c),
    ].filter(Boolean);
    return { seat: c.seat, parts };
  }

  animate(prev, view) {
    if (!view.round || view.status !== "active") return;
    if (this.startsDeal(prev, view)) return;
    const c = this.changes(prev, view);
    if (!c) return;
    const stock = this.middle.querySelector("[data-key=stock]");
    const pile = this.middle.querySelector("[data-key=discard-pile]");
    const seat = this.opponents.querySelector(`.opponent[data-seat="${c.seat}"] .hand`);
    if (c.drew) fly(stock, seat, { what: `stock>seat-${c.seat}` });
    if (c.took) fly(pile, seat, { card: c.took, what: `pile>seat-${c.seat}` });
    this.flyPlays(c, seat);
    if (c.discarded) fly(seat, pile, { card: c.discarded, delay: c.drew || c.took ? 200 : 0, what: `seat-${c.seat}>pile` });
  }

  // --- drawing the table -------------------------------------------------------------------------

  renderPlay(prev) {
    this.renderOpponents();
    this.renderMiddle(prev);
    this.renderHand(prev);
    this.renderActions();
    replace(this.status, this.prompt());
  }

  // After a change to the selection: only what it changes.
  rerender(key) {
    this.renderHand(null);
    this.renderActions();
    replace(this.status, this.prompt());
    this.applyHint();
    this.restoreFocus(key);
  }

  renderMiddle(prev) {
    replace(this.middle, this.piles(prev));
  }

  renderOpponents() {
    const view = this.view;
    const r = view.round;
    this.opponents.dataset.count = this.others().length;
    replace(this.opponents, this.others().map((seat) => {
      const p = view.players[seat];
      const size = r.hand_sizes[seat];
      const status = this.seatStatus(seat);
      return h("div", {
        class: ["seat", "opponent", r.turn === seat && "turn", status && status !== "in" && "gone"], "data-seat": seat,
        "data-testid": `seat-${seat}`, "data-status": status,
      },
      h("div", { class: ["nameplate", r.turn === seat && "turn"] },
        nameLabel(this.playerName(seat, { you: false })),
        p.user ? h("a", { class: "small-link", href: `#/u/${encodeURIComponent(p.user.username)}`, "aria-label": `${p.user.display_name}'s profile` }, "profile") : null,
        p.computer && this.names.has(seat) ? h("span", { class: "badge left", "data-testid": "replaced" }, "left: a computer plays") : null,
        h("span", { class: "badge count", "data-testid": "hand-size" }, plural(size, "card")),
        this.seatBadges(seat),
        r.turn === seat ? h("span", { class: "turn-badge" }, "to play") : null,
        h("span", { class: "timer", "data-seat": seat }),
        h("span", { class: "bubble", "data-seat": seat, hidden: true })),
      backsFan(size, `${this.playerName(seat)} holds ${plural(size, "card")}`));
    }));
  }

  prompt() {
    const view = this.view;
    const r = view.round;
    const legal = this.legal();
    const parts = [this.lastMoveLine()];
    const out = this.sittingOut();
    if (out) {
      parts.push(out);
      return parts;
    }
    if (r.turn !== view.you) {
      parts.push(this.waitingFor(r.turn));
      return parts;
    }
    const top = r.discard_pile[r.discard_pile.length - 1];
    if (legal.has("draw_stock") || legal.has("draw_discard")) {
      parts.push(h("b", {}, "Your turn: "), this.drawPrompt(legal.has("draw_discard") && top ? `draw from the stock or take ${shortName(top)}` : "draw from the stock"));
    } else {
      parts.push(h("b", {}, "Your turn: "), this.playPrompt());
    }
    return parts;
  }

  // --- acting --------------------------------------------------------------------------------

  clear() {
    this.forgetSelection();
    this.rerender(null);
  }

  gameKey(event) {
    switch (event.key.toLowerCase()) {
      case "x": this.press(event, '[data-key="act-discard"]'); return true;
      case "escape": this.clear(); return true;
      default: return false;
    }
  }

  // --- results ---------------------------------------------------------------------------------

  // The deal's points, a row a seat (the player's first): the game names the columns between
  // the player and the points, and gives each seat's row its cells (`row(seat)`: {cells,
  // points, attrs?, cards?}). A seat's cards (`cards`) take a row of their own under it,
  // the table's whole width, where they wrap: the table is never wider than the dialog.
  pointsTable(result, { columns, row, caption }) {
    const view = this.view;
    const order = [view.you, ...this.others()];
    const span = columns.length + 3;
    return h("table", { class: "breakdown round-points", "data-testid": "round-points" },
      caption ? h("caption", { class: "sr-only" }, caption) : null,
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), columns.map((c) => h("th", { scope: "col" }, c)),
        h("th", { scope: "col" }, "Points"), h("th", { scope: "col" }, "Total"))),
      order.map((seat) => {
        const { cells, points, attrs = {}, cards = null } = row(seat);
        return h("tbody", { class: "seat-rows", "data-seat": seat },
          h("tr", { "data-seat": seat, "data-testid": `round-row-${seat}`, ...attrs },
            h("th", { scope: "row" }, this.playerName(seat)),
            cells,
            h("td", { "data-testid": "round-points-value", "data-points": result.points[seat] }, points),
            h("td", {}, result.scores_after[seat])),
          cards ? h("tr", { class: "cards-row", "data-testid": `round-cards-${seat}` },
            h("td", { colspan: span, class: "left-cards" }, cards)) : null);
      }));
  }

  finalBody() {
    const view = this.view;
    const final = view.final;
    const placement = final.placement || [];
    return [
      h("ol", { class: "placement", "data-testid": "placement" }, placement.map((seat, i) => h("li", {
        "data-seat": seat, class: seat === view.you ? "me" : null,
      },
      h("span", { class: "place" }, `${i + 1}.`),
      h("span", { class: "who" }, this.playerName(seat)),
      h("b", { class: "total", "data-testid": seat === view.you ? "total-me" : `total-${seat}` }, final.totals[seat])))),
      h("p", { class: "hint" }, this.endWords(final.reason)),
    ];
  }
}
