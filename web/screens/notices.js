// The account stream (/me/events): a friend joined, a rematch is offered, it is your turn
// in another game. Shown as a notice with a link, unless that game is already open.

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
    // A moment's grace: the game this is about may be opening right now.
    if (frame.data) setTimeout(() => this.show(frame), 1500);
  }

  show(frame) {
    let data;
    try {
      data = JSON.parse(frame.data);
    } catch {
      return;
    }
    const open = location.hash.startsWith(`#/game/${data.game_id}`);
    const who = data.by ? data.by.display_name : "Your opponent";
    let text = null;
    if (frame.event === "friend_joined" && !open) text = `${who} joined your table.`;
    if (frame.event === "rematch_offered") text = `${who} offers a rematch.`;
    if (frame.event === "your_turn" && !open) text = "It is your turn in another game.";
    if (!text) return;
    const area = document.getElementById("notice");
    replace(area, h("p", { class: "notice info", "data-kind": frame.event },
      h("span", {}, text, " "),
      h("a", { href: `#/game/${data.game_id}` }, frame.event === "rematch_offered" ? "See the offer" : "Open the game"),
      h("button", { type: "button", class: "link", "aria-label": "Dismiss", onclick: () => replace(area) }, "\u00d7")));
  }
}
