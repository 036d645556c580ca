// The table: one game, followed live. Views arrive from the event stream, from polling
// while the stream is down, and from our own actions; they are shown in version order,
// the opponent's moves one at a time with a short pause, so a computer's draw and discard
// can both be seen.

import { api, ApiError, newKey, request } from "./api.js";
import {
  arrangeHand, cardBack, cardFace, cardName, deadwoodWithout, shortName, sortCards,
} from "./cards.js";
import { h, plural, replace, sleep } from "./dom.js";
import { Follower } from "./sse.js";
import { verifyDeal } from "./verify.js";

const OFFERED_KEY = "ginrummy.offered";
const delayMs = () => {
  const stored = Number(localStorage.getItem("ginrummy.delay"));
  if (Number.isFinite(stored) && stored > 0) return stored;
  return matchMedia("(prefers-reduced-motion: reduce)").matches ? 400 : 800;
};

export async function table(main, gameId, ctx) {
  const screen = new Table(main, gameId, ctx);
  await screen.start();
  return () => screen.stop();
}

function playerName(view, seat, { you = true } = {}) {
  if (you && seat === view.you) return "You";
  const player = view.players[seat];
  if (!player) return "Opponent";
  if (player.computer) return `Computer (${player.computer})`;
  return player.user ? player.user.display_name : "Waiting for a friend";
}

// "You score" / "Ann scores".
const verb = (view, seat, word) => `${playerName(view, seat)} ${seat === view.you ? word : `${word}s`}`;

function outcomeSentence(view, result) {
  const k = result.knocker;
  const name = (seat) => playerName(view, seat);
  const pts = plural(result.points, "point");
  switch (result.outcome) {
    case "gin":
      return `${name(k)} went gin! ${verb(view, result.winner, "score")} ${pts}.`;
    case "big_gin":
      return `${name(k)} went big gin! ${verb(view, result.winner, "score")} ${pts}.`;
    case "undercut":
      return `${name(k)} knocked, but ${name(result.winner).replace(/^You$/, "you")} undercut! ${verb(view, result.winner, "score")} ${pts}.`;
    case "knock":
      return `${name(k)} knocked. ${verb(view, result.winner, "score")} ${pts}.`;
    default:
      return "The stock ran out: the round is a draw, and nobody scores.";
  }
}

class Table {
  constructor(main, gameId, ctx) {
    this.main = main;
    this.id = gameId;
    this.ctx = ctx;
    this.view = null;
    this.queue = [];
    this.latest = -1;
    this.seenRounds = 0;
    this.overlay = null;
    this.mode = null; // "knock" while choosing the card to knock with
    this.acting = false; // an action is on its way
    this.awaitVersion = 0; // the version our last action's answer reached
    this.lastMove = "";
    this.messages = [];
    this.phrases = [];
    this.stopped = false;
    this.onKey = (event) => this.key(event);
  }

  // No action may be sent while one is on its way, or until its answer is on screen.
  get busy() {
    return this.acting || Boolean(this.view && this.view.version < this.awaitVersion);
  }

  get sort() {
    return (this.ctx.me && this.ctx.me.preferences && this.ctx.me.preferences.card_sort) || "suit";
  }

  async start() {
    const view = await api(`/games/${this.id}`);
    this.seenRounds = view.rounds.length;
    this.build();
    this.latest = view.version;
    this.show(view);
    this.follower = new Follower(`/games/${this.id}/events`, {
      lastEventId: view.version,
      onFrame: (frame) => this.frame(frame),
      onStatus: (status) => this.connection(status),
      poll: () => this.poll(),
    }).start();
    this.timer = setInterval(() => this.tick(), 1000);
    document.addEventListener("keydown", this.onKey);
    api("/phrases").then((data) => {
      this.phrases = data.results;
      this.renderChat();
    }).catch(() => {});
    api(`/games/${this.id}/messages?page_size=100`).then((data) => this.addMessages(data.results, false)).catch(() => {});
  }

  stop() {
    this.stopped = true;
    if (this.follower) this.follower.stop();
    clearInterval(this.timer);
    document.removeEventListener("keydown", this.onKey);
  }

  // --- incoming views ------------------------------------------------------------------

  frame(frame) {
    if (frame.event === "state") {
      try {
        this.offer(JSON.parse(frame.data).view);
      } catch {
        // a frame we cannot read: polling or the next frame brings the state
      }
    } else if (frame.event === "message") {
      try {
        this.addMessages([JSON.parse(frame.data)], true);
      } catch {
        // ignore an unreadable chat line
      }
    } else if (frame.event === "error") {
      this.ctx.say(frame.error);
    }
  }

  async poll() {
    const view = await api(`/games/${this.id}`);
    this.offer(view);
    const data = await api(`/games/${this.id}/messages?page_size=100`);
    this.addMessages(data.results, true);
  }

  offer(view) {
    if (!view || view.id !== this.id || view.version <= this.latest) return;
    this.latest = view.version;
    this.queue.push(view);
    this.pump();
  }

  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length && !this.overlay && !this.stopped) {
        const prev = this.view;
        const next = this.queue[0];
        const theirs = prev && prev.status === "active" && prev.round && prev.round.turn !== null
          && prev.round.turn !== prev.you;
        if (theirs) await sleep(delayMs());
        if (this.overlay || this.stopped) break;
        this.queue.shift();
        this.show(next);
      }
    } finally {
      this.pumping = false;
    }
  }

  show(view) {
    const prev = this.view;
    this.view = view;
    this.lastMove = prev ? this.describe(prev, view) : "";
    this.mode = null;
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.key : null;
    this.render(prev);
    if (view.rounds.length > this.seenRounds) {
      const result = view.rounds[view.rounds.length - 1];
      this.seenRounds = view.rounds.length;
      this.openResult(result, { fresh: true });
      return;
    }
    this.restoreFocus(focused);
  }

  // What the opponent just did, in words (from the difference between two views; after a
  // gap, as when polling, one view may hold both halves of a turn).
  describe(prev, next) {
    if (!prev.round || !next.round || prev.round.number !== next.round.number) return "";
    if (prev.round.turn === prev.you || prev.round.turn === null) return "";
    const who = playerName(next, 1 - next.you);
    const a = prev.round;
    const b = next.round;
    const topA = a.discard_pile[a.discard_pile.length - 1];
    const topB = b.discard_pile[b.discard_pile.length - 1];
    const stock = a.stock_size - b.stock_size;
    const pile = b.discard_pile.length - a.discard_pile.length;
    const held = b.opponent_hand_size - a.opponent_hand_size;
    let what = "";
    if (stock === 1 && held === 1) what = "drew from the stock";
    else if (stock === 1 && pile === 1) what = `drew from the stock and discarded ${shortName(topB)}`;
    else if (stock === 0 && pile === -1 && held === 1) what = `took ${shortName(topA)} from the pile`;
    else if (stock === 0 && pile === 0 && held === 0 && topA !== topB) {
      what = `took ${shortName(topA)} and discarded ${shortName(topB)}`;
    } else if (pile === 1 && held === -1) what = `discarded ${shortName(topB)}`;
    else if (a.phase === "first_upcard" && stock === 0 && pile === 0) what = "passed on the upcard";
    return what ? `${who} ${what}.` : "";
  }

  connection(status) {
    if (!this.live) return;
    const text = { live: "Live", connecting: "Connecting…", polling: "Reconnecting (checking every few seconds)", closed: "Offline" }[status] || status;
    replace(this.live, h("span", { class: ["dot", status] }), text);
    this.live.dataset.status = status;
  }

  // --- layout --------------------------------------------------------------------------

  build() {
    this.title = h("h1", { class: "table-title" });
    this.scores = h("div", { class: "scores", "aria-label": "Scores" });
    this.live = h("p", { class: "live", role: "status", "data-status": "connecting" }, "Connecting…");
    this.opponent = h("div", { class: "seat opponent" });
    this.middle = h("div", { class: "middle" });
    this.status = h("p", { class: "status", role: "status", "aria-live": "polite", "data-testid": "status" });
    this.mine = h("div", { class: "seat mine" });
    this.actions = h("div", { class: "actions", role: "group", "aria-label": "Actions" });
    this.felt = h("div", { class: "felt" }, this.opponent, this.middle, this.status, this.mine, this.actions);
    this.chat = h("section", { class: "chat", "aria-label": "Quick chat" });
    this.info = h("section", { class: "info", "aria-label": "This game" });
    this.side = h("aside", { class: "side" }, this.chat, this.info);
    this.layer = h("div", { class: "layer" });
    this.screen = h("section", { class: "table-screen", "data-testid": "table" },
      h("header", { class: "table-head" }, this.title, this.scores, this.live),
      h("div", { class: "table-body" }, this.felt, this.side), this.layer);
    this.main.append(this.screen);
  }

  render(prev) {
    const view = this.view;
    const opp = 1 - view.you;
    // For tests and tools: which version is on screen, and whose turn it is.
    this.screen.dataset.version = view.version;
    this.screen.dataset.status = view.status;
    this.screen.dataset.turn = view.round && view.status === "active"
      ? (view.round.turn === view.you ? "you" : "opponent") : "none";
    this.screen.dataset.busy = String(this.busy);
    const target = (view.rules && view.rules.target_score) || 100;
    const seated = view.players[opp] && (view.players[opp].user || view.players[opp].computer);
    replace(this.title, seated ? `vs ${playerName(view, opp)}` : "Your table");
    if (!seated) replace(this.scores, h("span", { class: "target" }, `Playing to ${target}`));
    else replace(this.scores,
      h("span", { class: "score me", "data-testid": "score-me" }, h("span", { class: "label" }, "You"), h("b", {}, view.scores[view.you])),
      h("span", { class: "score", "data-testid": "score-opponent" }, h("span", { class: "label" }, playerName(view, opp)), h("b", {}, view.scores[opp])),
      h("span", { class: "target" }, `to ${target}`));
    if (view.status === "waiting") return this.renderWaiting();
    if (view.status === "abandoned") return this.renderGone("This table was cancelled before anyone joined.");
    if (view.status === "finished" || !view.round) return this.renderFinished();
    this.felt.classList.remove("over");
    this.renderOpponent(prev);
    this.renderMiddle(prev);
    this.renderMine(prev);
    this.renderActions();
    this.renderInfo();
    this.renderChat();
    this.tick();
  }

  renderOpponent(prev) {
    const view = this.view;
    const r = view.round;
    const opp = 1 - view.you;
    const grew = prev && prev.round && prev.round.number === r.number && r.opponent_hand_size > prev.round.opponent_hand_size;
    const backs = [];
    for (let i = 0; i < r.opponent_hand_size; i++) backs.push(cardBack({ className: grew && i === r.opponent_hand_size - 1 ? "drawn" : "" }));
    replace(this.opponent,
      h("div", { class: ["nameplate", r.turn === opp && "turn"] },
        h("span", { class: "name" }, playerName(view, opp, { you: false })),
        view.players[opp].user ? h("a", { class: "small-link", href: `#/u/${encodeURIComponent(view.players[opp].user.username)}` }, "profile") : null,
        r.turn === opp ? h("span", { class: "turn-badge" }, "their turn") : null,
        h("span", { class: "timer", "data-seat": opp }),
        h("span", { class: "bubble", "data-seat": opp, hidden: true })),
      h("div", { class: "hand backs", role: "img", "aria-label": `${playerName(view, opp)} holds ${plural(r.opponent_hand_size, "card")}` }, backs));
  }

  renderMiddle(prev) {
    const r = this.view.round;
    const legal = this.legal();
    const top = r.discard_pile[r.discard_pile.length - 1];
    const canStock = legal.has("draw_stock") && !this.busy;
    const canTake = legal.has("draw_discard") && !this.busy;
    const prevPile = prev && prev.round && prev.round.number === r.number ? prev.round.discard_pile : null;
    const arrived = prevPile && r.discard_pile.length > prevPile.length;
    const fromOpp = arrived && prev.round.turn !== this.view.you;
    const stock = h("button", {
      type: "button", class: ["pile", "stock", canStock && "playable"], disabled: !canStock, "data-key": "stock",
      "aria-label": `Stock, ${plural(r.stock_size, "card")}${canStock ? ": draw a card" : ""}`,
      onclick: () => this.act({ type: "draw_stock" }),
    }, cardBack({ label: "" }), h("span", { class: "count" }, r.stock_size));
    const pileCards = r.discard_pile.slice(-3);
    // Enabled while discarding too, as the target for a dragged card.
    const pile = h("button", {
      type: "button", class: ["pile", "discard", canTake && "playable"], "data-key": "discard-pile",
      disabled: !canTake && !this.canDiscard(), "aria-disabled": canTake ? null : "true",
      "aria-label": top ? `Discard pile, ${cardName(top)} on top${canTake ? ": take it" : ""}` : "Discard pile, empty",
      onclick: () => {
        if (canTake) this.act({ type: "draw_discard" });
      },
    }, pileCards.length ? pileCards.map((card, i) => cardFace(card, {
      className: ["under", i === pileCards.length - 1 && "top", i === pileCards.length - 1 && arrived && (fromOpp ? "from-top" : "from-bottom")].filter(Boolean).join(" "),
    })) : h("span", { class: "card empty-slot" }));
    pile.addEventListener("dragover", (event) => {
      if (this.canDiscard()) {
        event.preventDefault();
        pile.classList.add("drop-target");
      }
    });
    pile.addEventListener("dragleave", () => pile.classList.remove("drop-target"));
    pile.addEventListener("drop", (event) => {
      event.preventDefault();
      pile.classList.remove("drop-target");
      const card = event.dataTransfer.getData("text/plain");
      if (card && this.discardable().includes(card)) this.act({ type: "discard", card });
    });
    replace(this.middle,
      h("div", { class: "pile-wrap" }, stock, h("span", { class: "pile-label" }, "Stock")),
      h("div", { class: "pile-wrap" }, pile, h("span", { class: "pile-label" }, "Discard pile")));
    replace(this.status, this.prompt());
  }

  prompt() {
    const view = this.view;
    const r = view.round;
    const legal = this.legal();
    const parts = [];
    if (this.lastMove) parts.push(h("span", { class: "last-move", "data-testid": "last-move" }, this.lastMove, " "));
    if (r.turn !== view.you) {
      const who = playerName(view, 1 - view.you);
      parts.push(view.players[1 - view.you].computer ? `${who} is thinking…` : `Waiting for ${who} to play.`);
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

  legal() {
    const r = this.view && this.view.round;
    const map = new Map();
    if (!r || this.view.status !== "active") return map;
    for (const action of r.legal_actions) map.set(action.type, action);
    return map;
  }

  discardable() {
    const action = this.legal().get("discard");
    return action && action.cards ? action.cards : [];
  }

  knockable() {
    const action = this.legal().get("knock");
    return action && action.cards ? action.cards : [];
  }

  canDiscard() {
    return !this.busy && this.discardable().length > 0;
  }

  renderMine(prev) {
    const view = this.view;
    const r = view.round;
    const layout = arrangeHand(r.hand, this.sort);
    const prevHand = prev && prev.round && prev.round.number === r.number ? new Set(prev.round.hand) : null;
    const discardable = new Set(this.discardable());
    const knockable = new Set(this.knockable());
    const knocking = this.mode === "knock";
    const card = (c) => {
      const playable = !this.busy && (knocking ? knockable.has(c) : discardable.has(c));
      const classes = [
        prevHand && !prevHand.has(c) && "drawn",
        playable && "playable",
        knocking && knockable.has(c) && "knockable",
        r.drawn_from_discard === c && "taken",
      ].filter(Boolean).join(" ");
      const label = `${cardName(c)}${playable ? (knocking ? ": knock with it" : ": discard it") : ""}${r.drawn_from_discard === c ? " (just taken; keep it this turn)" : ""}`;
      const el = cardFace(c, {
        className: classes, label, disabled: !playable, draggable: playable && !knocking,
        onClick: () => this.playCard(c),
      });
      el.dataset.key = `card-${c}`;
      el.addEventListener("dragstart", (event) => {
        event.dataTransfer.setData("text/plain", c);
        event.dataTransfer.effectAllowed = "move";
        el.classList.add("dragging");
      });
      el.addEventListener("dragend", () => el.classList.remove("dragging"));
      return el;
    };
    const groups = layout.melds.map((meld) => h("div", { class: "group meld", role: "group", "aria-label": `Meld: ${meld.map(shortName).join(" ")}` }, meld.map(card)));
    if (layout.deadwood.length) {
      groups.push(h("div", { class: "group deadwood", role: "group", "aria-label": `Deadwood: ${layout.deadwood.map(shortName).join(" ")}` },
        layout.deadwood.map(card)));
    }
    const count = r.hand.length === 11
      ? `Deadwood after your best discard: ${r.deadwood}`
      : `Deadwood: ${r.deadwood}`;
    const hand = h("div", { class: "hand mine-hand", "data-testid": "hand", "data-sort": this.sort }, groups);
    // One tab stop for the whole hand (the first playable card); arrows move along it.
    const cards = [...hand.querySelectorAll(".card")];
    const first = cards.find((el) => el.classList.contains("playable")) || cards[0];
    for (const el of cards) el.tabIndex = el === first ? 0 : -1;
    hand.addEventListener("focusin", (event) => {
      if (!event.target.classList.contains("card")) return;
      for (const el of cards) el.tabIndex = el === event.target ? 0 : -1;
    });
    replace(this.mine,
      h("div", { class: ["nameplate", r.turn === view.you && "turn"] },
        h("span", { class: "name" }, this.ctx.me ? this.ctx.me.display_name : "You"),
        r.turn === view.you ? h("span", { class: "turn-badge" }, "your turn") : null,
        h("span", { class: "timer", "data-seat": view.you }),
        h("span", { class: "deadwood-count", "data-testid": "deadwood", "data-points": r.deadwood }, count),
        h("span", { class: "knock-limit" }, r.knock_limit === 0 ? "Gin only" : `knock at ${r.knock_limit} or less`),
        h("button", {
          type: "button", class: "small ghost", "data-key": "sort", onclick: () => this.toggleSort(),
          "aria-label": `Sorted by ${this.sort}; sort by ${this.sort === "suit" ? "rank" : "suit"}`,
        }, `Sort by ${this.sort === "suit" ? "rank" : "suit"}`)),
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
          "aria-label": `Gin: lay down ${shortName(ranked[0].card)} face down and show your hand`,
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
    replace(this.actions, buttons);
  }

  renderInfo() {
    const view = this.view;
    const r = view.round;
    const dealer = r.dealer === view.you ? "you" : playerName(view, r.dealer).toLowerCase();
    const rounds = view.rounds.slice().reverse().map((result) => h("li", {},
      h("span", {}, `Round ${result.number}: `, result.outcome === "draw" ? "draw" : `${playerName(view, result.winner)} +${result.points}`),
      h("button", { type: "button", class: "link", onclick: () => this.openResult(result, { fresh: false }) }, "details")));
    replace(this.info,
      h("h2", {}, `Round ${r.number}`),
      h("p", {}, `Dealer: ${dealer}. Playing to ${(view.rules && view.rules.target_score) || 100}.`),
      r.deck_commitment ? h("p", { class: "commitment" },
        "Fair shuffle: this deal is sealed as ",
        h("code", { title: r.deck_commitment, "data-testid": "commitment" }, `${r.deck_commitment.slice(0, 16)}…`),
        " (SHA-256). The deck is revealed when the round ends, so you can check it.") : null,
      rounds.length ? h("div", {}, h("h3", {}, "Rounds"), h("ul", { class: "rounds" }, rounds)) : null,
      h("p", { class: "keys" }, "Keys: S stock · D take the discard · P pass · K knock · G gin · R sort · arrows move along your hand · Enter plays the card."),
      view.status === "active" ? h("button", { type: "button", class: "danger small", "data-key": "concede", onclick: () => this.concede() }, "Concede the game") : null);
  }

  renderChat() {
    if (!this.view || !this.phrases.length || this.view.status === "waiting" && !this.view.players[1].user) {
      replace(this.chat);
      return;
    }
    const log = this.messages.slice(-5).map((m) => h("li", { class: m.seat === this.view.you ? "own" : "theirs" },
      h("b", {}, m.seat === this.view.you ? "You" : playerName(this.view, m.seat)), ": ", m.text));
    replace(this.chat,
      h("h2", {}, "Quick chat"),
      log.length ? h("ul", { class: "chat-log", "aria-live": "polite" }, log) : null,
      h("div", { class: "phrases" }, this.phrases.map((p) => h("button", {
        type: "button", class: "small ghost", onclick: () => this.say(p.id),
      }, p.text))));
  }

  addMessages(messages, announce) {
    const known = new Set(this.messages.map((m) => m.id));
    const fresh = messages.filter((m) => !known.has(m.id));
    if (!fresh.length) return;
    this.messages.push(...fresh);
    this.messages.sort((a, b) => a.id - b.id);
    this.renderChat();
    const last = fresh[fresh.length - 1];
    if (announce && this.view && last.seat !== this.view.you) {
      const bubble = this.opponent.querySelector(".bubble");
      if (bubble) {
        bubble.textContent = last.text;
        bubble.hidden = false;
        clearTimeout(this.bubbleTimer);
        this.bubbleTimer = setTimeout(() => { bubble.hidden = true; }, 5000);
      }
    }
  }

  async say(phrase) {
    try {
      const message = await api(`/games/${this.id}/messages`, { method: "POST", body: { phrase } });
      this.addMessages([message], false);
    } catch (error) {
      this.ctx.say(error);
    }
  }

  tick() {
    const r = this.view && this.view.round;
    for (const el of this.main.querySelectorAll(".timer")) el.textContent = "";
    if (!r || !r.turn_deadline || this.view.status !== "active") return;
    const left = Math.max(0, Math.round((Date.parse(r.turn_deadline) - Date.now()) / 1000));
    const el = this.main.querySelector(`.timer[data-seat="${r.turn}"]`);
    if (!el) return;
    el.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
    el.classList.toggle("urgent", left <= 10);
  }

  // --- waiting, finished -----------------------------------------------------------------

  clearFelt() {
    replace(this.opponent);
    replace(this.middle);
    replace(this.mine);
    replace(this.actions);
    replace(this.status);
  }

  renderWaiting() {
    const view = this.view;
    this.clearFelt();
    this.felt.classList.add("over");
    const other = view.players[1 - view.you];
    if (other && (other.user || other.computer)) {
      // A rematch offer: both seats are taken, waiting for the other player to accept.
      const offered = (sessionStorage.getItem(OFFERED_KEY) || "").split(",").includes(view.id);
      replace(this.middle, h("div", { class: "invite panel" },
        h("h2", {}, "Rematch"),
        offered
          ? h("p", {}, `Waiting for ${playerName(view, 1 - view.you)} to accept the rematch (the offer lapses after 10 minutes).`)
          : [h("p", {}, `${playerName(view, 1 - view.you)} offers a rematch.`),
            h("button", { type: "button", class: "primary", "data-key": "accept", onclick: () => this.accept() }, "Accept the rematch")]));
    } else {
      const link = `${location.origin}/#/join/${view.invite_code}`;
      replace(this.middle, h("div", { class: "invite panel" },
        h("h2", {}, "Waiting for your friend"),
        h("p", {}, "Give your friend this code, or send them the link: opening it joins your table."),
        h("p", { class: "code", "data-testid": "invite-code" }, view.invite_code),
        h("p", {}, h("a", { href: link, class: "invite-link", "data-testid": "invite-link" }, link)),
        h("div", { class: "row" },
          h("button", {
            type: "button", "data-key": "copy",
            onclick: async (event) => {
              try {
                await navigator.clipboard.writeText(link);
                event.target.textContent = "Link copied";
              } catch {
                this.ctx.say("Copying is not allowed here; select the link and copy it instead.", "info");
              }
            },
          }, "Copy the link"),
          h("button", { type: "button", class: "danger", onclick: () => this.cancel() }, "Cancel the table")),
        view.visibility === "public" ? h("p", { class: "hint" }, "Your table is listed in the public lobby.") : null));
    }
    this.renderChat();
    replace(this.info);
  }

  renderGone(text) {
    this.clearFelt();
    this.felt.classList.add("over");
    replace(this.middle, h("div", { class: "panel" }, h("p", {}, text), h("a", { href: "#/" }, "Back to the start")));
    replace(this.info);
  }

  renderFinished() {
    const view = this.view;
    const final = view.final;
    this.clearFelt();
    this.felt.classList.add("over");
    if (!final) return this.renderGone("This game is over.");
    const won = final.winner === view.you;
    const reason = { target: "", concede: " (conceded)", timeout: " (on time)" }[final.reason] || "";
    const rows = [
      ["Hand points", "hand_points"], ["Game bonus", "game_bonus"], ["Line bonus", "line_bonus"],
    ];
    const line = (seat) => final.breakdown.find((b) => b.seat === seat) || {};
    const me = line(view.you);
    const them = line(1 - view.you);
    replace(this.middle, h("div", { class: "final panel", "data-testid": "final" },
      h("h2", {}, won ? `You won the game${reason}!` : `${playerName(view, final.winner)} won the game${reason}.`),
      h("table", { class: "breakdown" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", { scope: "col" }, "You"), h("th", { scope: "col" }, playerName(view, 1 - view.you)))),
        h("tbody", {},
          rows.map(([label, key]) => h("tr", {}, h("th", { scope: "row" }, label), h("td", {}, me[key] ?? 0), h("td", {}, them[key] ?? 0))),
          me.shutout || them.shutout ? h("tr", {}, h("th", { scope: "row" }, "Shutout"), h("td", {}, me.shutout ? "doubled" : ""), h("td", {}, them.shutout ? "doubled" : "")) : null,
          h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"),
            h("td", { "data-testid": "total-me" }, final.totals[view.you]), h("td", { "data-testid": "total-opponent" }, final.totals[1 - view.you])))),
      h("div", { class: "row" },
        h("button", { type: "button", class: "primary", "data-key": "rematch", onclick: () => this.rematch() }, "Rematch"),
        view.rounds.length ? h("button", { type: "button", onclick: () => this.openResult(view.rounds[view.rounds.length - 1], { fresh: false }) }, "Last round") : null,
        h("a", { class: "button", href: "#/" }, "Back to the start"))));
    const rounds = view.rounds.slice().reverse().map((result) => h("li", {},
      h("span", {}, `Round ${result.number}: `, result.outcome === "draw" ? "draw" : `${playerName(view, result.winner)} +${result.points}`),
      h("button", { type: "button", class: "link", onclick: () => this.openResult(result, { fresh: false }) }, "details")));
    replace(this.info, rounds.length ? [h("h2", {}, "Rounds"), h("ul", { class: "rounds" }, rounds)] : null);
    this.renderChat();
  }

  // --- a round's result ------------------------------------------------------------------

  openResult(result, { fresh }) {
    const view = this.view;
    const knockerMelds = result.knocker !== null && result.knocker !== undefined
      ? (result.hands.find((x) => x.seat === result.knocker) || {}).melds || [] : [];
    const handBlock = (hand) => {
      const isKnocker = hand.seat === result.knocker;
      const role = result.outcome === "draw" ? "" : isKnocker ? (result.outcome === "knock" || result.outcome === "undercut" ? " knocked" : " went out") : "";
      return h("section", { class: "result-hand", "data-seat": hand.seat, "data-testid": `result-hand-${hand.seat === view.you ? "me" : "opponent"}` },
        h("h3", {}, playerName(view, hand.seat), role),
        h("div", { class: "hand small-cards" },
          hand.melds.map((meld) => h("div", { class: "group meld" }, sortCards(meld, meld.every((c) => c[0] === meld[0][0]) ? "rank" : "suit").map((c) => cardFace(c)))),
          hand.layoffs.length ? h("div", { class: "group layoff", "aria-label": "Laid off" },
            hand.layoffs.map((l) => cardFace(l.card, { label: `${cardName(l.card)}, laid off on ${(knockerMelds[l.meld] || []).map(shortName).join(" ")}` }))) : null,
          hand.deadwood.length ? h("div", { class: "group deadwood" }, sortCards(hand.deadwood, this.sort).map((c) => cardFace(c))) : null),
        hand.layoffs.length ? h("p", { class: "hint" }, `Laid off: ${hand.layoffs.map((l) => `${shortName(l.card)} on ${(knockerMelds[l.meld] || []).map(shortName).join(" ")}`).join("; ")}.`) : null,
        h("p", { class: "dw" }, "Deadwood: ", h("b", { "data-testid": "deadwood-points", "data-points": hand.deadwood_points }, hand.deadwood_points)));
    };
    const hands = [...result.hands].sort((a, b) => (a.seat === view.you ? -1 : b.seat === view.you ? 1 : 0));
    const verifyOut = h("div", { class: "verify", "aria-live": "polite" });
    const finished = view.status === "finished";
    const last = result.number === view.rounds[view.rounds.length - 1].number;
    const next = fresh && !(finished && last) ? "Next round" : fresh ? "See the final result" : "Close";
    const close = h("button", { type: "button", class: "primary", "data-key": "result-close", onclick: () => this.closeResult() }, next);
    const dialog = h("div", {
      class: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "result-title", "data-testid": "round-result",
      "data-outcome": result.outcome, "data-winner": result.winner ?? "", "data-points": result.points,
    },
    h("h2", { id: "result-title" }, `Round ${result.number}`),
    h("p", { class: "outcome", "data-testid": "result-outcome" }, outcomeSentence(view, result)),
    hands.map(handBlock),
    h("p", { class: "after", "data-testid": "scores-after" },
      `Scores: you ${result.scores_after[view.you]}, ${playerName(view, 1 - view.you).replace(/^Computer/, "computer")} ${result.scores_after[1 - view.you]}.`),
    result.deck ? h("button", {
      type: "button", "data-key": "verify",
      onclick: async (event) => {
        event.target.disabled = true;
        replace(verifyOut, h("p", {}, "Checking…"));
        try {
          const outcome = await verifyDeal(this.id, result, view.you);
          replace(verifyOut,
            h("p", { class: outcome.ok ? "ok" : "bad", "data-testid": "verify-result", "data-ok": String(outcome.ok) },
              outcome.ok ? "\u2714 This deal was fair: it is the deck the server committed to." : "\u2718 This deal does not match its commitment."),
            h("ul", {}, outcome.checks.map((c) => h("li", { class: c.ok ? "ok" : "bad" }, c.text))));
        } catch (error) {
          replace(verifyOut, h("p", { class: "bad" }, error.detail || String(error)));
        } finally {
          event.target.disabled = false;
        }
      },
    }, "Verify this deal") : null,
    verifyOut,
    h("div", { class: "row" }, close));
    this.overlay = dialog;
    replace(this.layer, h("div", { class: "backdrop" }, dialog));
    this.layer.classList.add("open");
    close.focus();
  }

  closeResult() {
    this.overlay = null;
    replace(this.layer);
    this.layer.classList.remove("open");
    this.render(null);
    this.restoreFocus(null);
    this.pump();
  }

  // --- acting ----------------------------------------------------------------------------

  playCard(card) {
    if (this.busy) return;
    if (this.mode === "knock") {
      if (this.knockable().includes(card)) this.act({ type: "knock", card });
    } else if (this.discardable().includes(card)) {
      this.act({ type: "discard", card });
    }
  }

  enterKnock() {
    this.mode = "knock";
    this.renderMine(null);
    this.renderActions();
    replace(this.status, this.prompt());
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
    this.restoreFocus(null);
  }

  async act(action) {
    if (this.busy || !this.view) return;
    this.acting = true;
    const sent = this.view.version;
    this.render(null);
    const key = newKey();
    const send = () => api(`/games/${this.id}/actions`, {
      method: "POST", body: { ...action, expected_version: sent }, headers: { "Idempotency-Key": key },
    });
    let view;
    try {
      try {
        view = await send();
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 0) throw error;
        await sleep(1000);
        view = await send(); // the same key: applied at most once
      }
    } catch (error) {
      this.acting = false;
      if (error instanceof ApiError && error.status === 409) {
        this.ctx.say(error.code === "version_conflict" ? "The game had moved on; here is where it stands now." : error, "info");
        this.refresh();
      } else {
        this.ctx.say(error);
      }
      this.render(null);
      this.restoreFocus(null);
      return;
    }
    this.acting = false;
    this.awaitVersion = view.version;
    if (view.version <= this.latest) {
      // The stream was quicker: this answer is on screen already, or queued.
      if (!this.queue.length && !this.overlay) {
        this.render(null);
        this.restoreFocus(null);
      }
    } else if (view.version > sent + 1 && this.follower && this.follower.status === "live") {
      // The computer has replied too: let the stream show its moves one by one, and
      // take this answer only if the stream has not delivered it by then.
      setTimeout(() => this.offer(view), 2500);
    } else {
      this.offer(view);
    }
  }

  async refresh() {
    try {
      this.offer(await api(`/games/${this.id}`));
    } catch (error) {
      this.ctx.say(error);
    }
  }

  async concede() {
    const ok = await this.confirm("Concede this game? Your opponent wins it.", "Concede");
    if (!ok) return;
    try {
      this.offer(await api(`/games/${this.id}/concede`, { method: "POST" }));
    } catch (error) {
      this.ctx.say(error);
    }
  }

  async cancel() {
    try {
      this.offer(await api(`/games/${this.id}/cancel`, { method: "POST" }));
    } catch (error) {
      this.ctx.say(error);
    }
  }

  async rematch() {
    try {
      const { status, data: game } = await request(`/games/${this.id}/rematch`, { method: "POST" });
      if (game.status === "waiting") {
        const offered = (sessionStorage.getItem(OFFERED_KEY) || "").split(",").filter(Boolean);
        if (status === 201) {
          sessionStorage.setItem(OFFERED_KEY, [...offered, game.id].join(","));
        } else if (!offered.includes(game.id)) {
          // The other player offered first: asking too means yes.
          await api(`/games/${game.id}/accept`, { method: "POST" });
        }
      }
      this.ctx.navigate(`#/game/${game.id}`);
    } catch (error) {
      this.ctx.say(error);
    }
  }

  async accept() {
    try {
      this.offer(await api(`/games/${this.id}/accept`, { method: "POST" }));
    } catch (error) {
      this.ctx.say(error);
    }
  }

  confirm(text, yes) {
    return new Promise((resolve) => {
      const done = (value) => {
        this.overlay = null;
        replace(this.layer);
        this.layer.classList.remove("open");
        resolve(value);
        this.pump();
      };
      const yesButton = h("button", { type: "button", class: "danger", onclick: () => done(true) }, yes);
      const dialog = h("div", { class: "dialog small", role: "alertdialog", "aria-modal": "true", "aria-label": text },
        h("p", {}, text), h("div", { class: "row" }, yesButton, h("button", { type: "button", onclick: () => done(false) }, "Keep playing")));
      this.overlay = dialog;
      replace(this.layer, h("div", { class: "backdrop" }, dialog));
      this.layer.classList.add("open");
      yesButton.focus();
    });
  }

  async toggleSort() {
    const sort = this.sort === "suit" ? "rank" : "suit";
    if (this.ctx.me) this.ctx.me.preferences = { ...this.ctx.me.preferences, card_sort: sort };
    this.renderMine(null);
    this.restoreFocus("sort");
    try {
      this.ctx.me = await api("/me", { method: "PATCH", body: { preferences: { card_sort: sort } } });
    } catch (error) {
      this.ctx.say(error);
    }
  }

  // --- keyboard --------------------------------------------------------------------------

  restoreFocus(key) {
    if (this.overlay) return;
    const active = document.activeElement;
    if (key) {
      const el = this.main.querySelector(`[data-key="${key}"]:not([disabled])`);
      if (el) {
        el.focus({ preventScroll: true });
        return;
      }
    }
    if (active && active !== document.body && this.main.contains(active) && !active.disabled) return;
    if (active && active !== document.body && !this.main.contains(active)) return;
    // Nothing sensible has focus: put it on the first thing that can be played now.
    const target = this.main.querySelector(".felt button.playable:not([disabled]), .felt .actions button:not([disabled]), .felt button:not([disabled])");
    if (target) target.focus({ preventScroll: true });
  }

  // Tab stays inside an open dialog.
  trapFocus(event) {
    const items = [...this.overlay.querySelectorAll("button:not([disabled]), a[href]")];
    if (!items.length) return;
    const at = items.indexOf(document.activeElement);
    const next = event.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : (at + 1) % items.length;
    event.preventDefault();
    items[next].focus();
  }

  key(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (this.overlay) {
      if (event.key === "Escape" && this.overlay.dataset.testid === "round-result") this.closeResult();
      if (event.key === "Tab") this.trapFocus(event);
      return;
    }
    const legal = this.legal();
    const press = (selector) => {
      const el = this.main.querySelector(selector);
      if (!el || el.disabled) return false;
      event.preventDefault();
      el.click();
      return true;
    };
    switch (event.key.toLowerCase()) {
      case "s": if (legal.has("draw_stock")) press('[data-key="stock"]'); break;
      case "d": if (legal.has("draw_discard")) press('[data-key="discard-pile"]'); break;
      case "p": press('[data-key="act-pass"]'); break;
      case "k": press('[data-key="act-knock"]'); break;
      case "g": press('[data-key="act-gin"]') || press('[data-key="act-big-gin"]'); break;
      case "r": if (event.target.closest && !event.target.closest(".chat")) press('[data-key="sort"]'); break;
      case "escape": if (this.mode === "knock") this.leaveKnock(); break;
      case "arrowleft":
      case "arrowright": {
        const cards = [...this.mine.querySelectorAll(".card")];
        const at = cards.indexOf(document.activeElement);
        if (!cards.length) break;
        event.preventDefault();
        const step = event.key === "ArrowLeft" ? -1 : 1;
        const next = cards[at === -1 ? 0 : (at + step + cards.length) % cards.length];
        next.focus();
        break;
      }
      default:
    }
  }
}
