// Rummy's table (docs/games/rummy.md): 2-4 seats around the table, melds on the table by owner,
// meld / lay-off / joker swap by click and by drag (laying.js, shared with Rummy 500),
// coming out with `first_meld_points`, and placement at the end.

import { h, plural } from "../dom.js";
import { LayingTable } from "./laying.js";
import { cardWords } from "./parts.js";

const OUTCOMES = {
  out: "went out",
  hand_rummy: "went out in one go (hand rummy: points doubled)",
  block: "",
};

export class RummyTable extends LayingTable {
  target() {
    const rules = this.view.rules || {};
    return rules.rounds ? `${plural(rules.rounds, "round")}` : `Until someone reaches −${rules.loss_limit || 500}`;
  }

  get cameOut() {
    const r = this.view.round;
    return Boolean(r.came_out && r.came_out[this.view.you]);
  }

  get needed() {
    return this.cameOut ? 0 : ((this.view.rules && this.view.rules.first_meld_points) ?? 40);
  }

  seatBadges(seat) {
    const r = this.view.round;
    return r.came_out && r.came_out[seat] ? h("span", { class: "badge out" }, "came out") : null;
  }

  // Coming out: what it needs, and what the new melds make.
  stagingNotes(points) {
    if (this.cameOut || this.needed <= 0) return null;
    return h("p", {
      class: ["coming-out", points >= this.needed ? "ok" : "bad"], "data-testid": "coming-out", "data-points": points, "data-needed": this.needed,
    }, `Coming out needs ${this.needed} points in one go; your new melds make ${points}.`);
  }

  canPutDown(points) {
    return points >= this.needed;
  }

  myBadges() {
    return this.cameOut ? h("span", { class: "badge out" }, "came out") : h("span", { class: "badge" }, `come out with ${this.needed}+`);
  }

  // --- results ---------------------------------------------------------------------------------

  outcomeSentence(result) {
    if (result.outcome === "block") return "The stock ran out: every player loses the points left in their hand.";
    const pts = result.points[result.winner];
    return `${this.playerName(result.winner)} ${OUTCOMES[result.outcome] || "went out"} and ${result.winner === this.view.you ? "score" : "scores"} ${plural(pts, "point")}.`;
  }

  resultBody(result) {
    return [
      h("p", { class: "outcome", "data-testid": "result-outcome" }, this.outcomeSentence(result)),
      this.pointsTable(result, {
        columns: ["Cards left"],
        caption: "Points of this round",
        row: (seat) => {
          const hand = result.hands.find((x) => x.seat === seat) || { cards: [], value: 0 };
          const points = result.points[seat];
          return {
            cells: h("td", {}, hand.cards.length ? plural(hand.cards.length, "card") : "none"),
            cards: hand.cards.length
              ? h("div", { class: "hand small-cards", role: "group", "aria-label": `${this.playerName(seat)}: ${cardWords(hand.cards)}` },
                h("div", { class: "group" }, this.smallCards(hand.cards)))
              : null,
            points: points > 0 ? `+${points}` : String(points),
          };
        },
      }),
    ];
  }

  roundLine(result) {
    if (result.outcome === "block") return "block";
    return `${this.playerName(result.winner)} +${result.points[result.winner]}`;
  }

  endWords(reason) {
    return {
      rounds: "The game ended after its last round.",
      loss_limit: "The game ended when a player reached the loss limit.",
      concede: "The game ended when a player conceded.",
      timeout: "The game ended on time.",
    }[reason] || "";
  }
}
