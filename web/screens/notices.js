// The account stream (/me/events): a friend joined, a rematch is offered, it is your turn
// in another game, a tournament seated you at a game (its table opens at once). The open
// table sees each event first (a rematch of the game on screen
// is offered right there); otherwise it is a notice with a link, unless that game is open,
// and the notice goes once its game is opened.

import { Follower } from "../sse.js";
import { h, replace } from "../dom.js";

export class AccountEvents {
  constructor(ctx) {
    this.ctx = ctx;
    this.follower = new Follower("/me/events", { onFrame: (frame) => this.frame(frame) });
  }

  start() {
    this.follower.start();
    return this;
  }

  stop() {
    this.follower.stop();
  }

  frame(frame) {
    if (!frame.data) return;
    let data;
    try {
      data = JSON.parse(frame.data);
    } catch {
      return;
    }
    if (frame.event === "tournament_game") {
      this.ctx.openTournamentGame(data);
      return;
    }
    // The open table may show it itself (a rematch offered on its end screen).
    if (this.ctx.tableEvents && this.ctx.tableEvents(frame.event, data)) return;
    this.show(frame.event, data);
  }

  show(kind, data) {
    if (location.hash.startsWith(`#/game/${data.game_id}`)) return;
    const who = data.by ? data.by.display_name : "Your opponent";
    let text = null;
    if (kind === "friend_joined") text = `${who} joined your table.`;
    if (kind === "rematch_offered") text = `${who} offers a rematch.`;
    if (kind === "your_turn") text = "It is your turn in another game.";
    if (!text) return;
    const area = document.getElementById("notice");
    replace(area, h("p", { class: "notice info", "data-kind": kind, "data-game": data.game_id },
      h("span", {}, text, " "),
      h("a", { href: `#/game/${data.game_id}` }, kind === "rematch_offered" ? "See the offer" : "Open the game"),
      h("button", { type: "button", class: "link", "aria-label": "Dismiss", onclick: () => replace(area) }, "\u00d7")));
  }
}
