// What every game's table shares: following the game live (views from the event stream,
// from polling while it is down, and from our own actions, shown in version order, other
// players' moves one at a time with a short pause), acting, the waiting room, the round
// result and the end of the game, quick chat, hints (against the computer) and the
// keyboard; the stock and the discard pile every game has. A game adds a subclass (gin.js;
// rummy.js and indian.js through melding.js) that draws the felt and says what its moves mean.

import { api, ApiError, newKey, request } from "../api.js";
import { cardFace, shortName, sortCards } from "../cards.js";
import { h, plural, replace, sleep } from "../dom.js";
import { play, setSound, soundOn } from "../sound.js";
import { Follower } from "../sse.js";
import { tournamentOf } from "../tournament-games.js";
import { variantLabel, variantName } from "../variants.js";
import { verifyDeal } from "../verify.js";
import { optionFields } from "../options.js";
import { SPEEDS, prefsOf, savePrefs } from "../prefs.js";
import { dealInto, discardPile, stockPile, reducedMotion } from "./parts.js";

const OFFERED_KEY = "ginrummy.offered";

const upper = (word) => word[0].toUpperCase() + word.slice(1);
// The least height of the felt while a deal is played (below it the page scrolls).
const FIT_FLOOR = 340;

export function offeredByMe(id) {
  return (sessionStorage.getItem(OFFERED_KEY) || "").split(",").includes(id);
}

export class TableBase {
  constructor(main, view, ctx) {
    this.main = main;
    this.id = view.id;
    this.ctx = ctx;
    this.first = view;
    this.variant = variantName(view);
    this.view = null;
    this.queue = [];
    this.latest = -1;
    this.seenRounds = view.rounds.length;
    this.overlay = null;
    this.acting = false; // an action is on its way
    this.awaitVersion = 0; // the version our last action's answer reached
    this.lastMove = "";
    this.messages = [];
    this.phrases = [];
    this.stopped = false;
    this.names = new Map(); // seat -> the person who sat there (shown after they leave)
    this.offer_ = null; // a rematch offered by another player, from the account stream
    this.hint = null; // {version, level, action} from GET /games/{id}/hint, for one version
    this.hinting = false;
    this.noHints = false;
    this.onKey = (event) => this.key(event);
  }

  // --- to be given by each game ------------------------------------------------------------

  renderPlay() {}

  // What another player did between two views: {seat, parts: ["took 7♥ from the pile",
  // ...]}, or null.
  turnStep() {
    return null;
  }

  resultBody() {
    return [];
  }

  finalBody() {
    return [];
  }

  keyHelp() {
    return "";
  }

  gameKey() {
    return false;
  }

  animate() {}

  renderActions() {}

  // What the game calls one hand dealt and played out: "round" (Indian Rummy: "deal").
  roundWord() {
    return "round";
  }

  // Nothing is selected any more (a game that selects cards forgets them).
  forgetSelection() {}

  // --- state -------------------------------------------------------------------------------

  // No action may be sent while one is on its way, or until its answer is on screen.
  get busy() {
    return this.acting || Boolean(this.view && this.view.version < this.awaitVersion);
  }

  get sort() {
    return prefsOf(this.ctx).card_sort;
  }

  get prefs() {
    return prefsOf(this.ctx);
  }

  // How long another player's move stays on the screen before the next one: the player's
  // choice of the computers' speed (shorter where motion is reduced; a test sets its own).
  delayMs() {
    const stored = Number(localStorage.getItem("ginrummy.delay"));
    if (Number.isFinite(stored) && stored > 0) return stored;
    const ms = SPEEDS[this.prefs.computer_speed] || SPEEDS.normal;
    return reducedMotion() ? Math.min(ms, 400) : ms;
  }

  get seats() {
    return this.view.players.length;
  }

  // The other seats, in the order they play after me.
  others(view = this.view) {
    const n = view.players.length;
    const out = [];
    for (let i = 1; i < n; i++) out.push((view.you + i) % n);
    return out;
  }

  // Whether anyone else at the table is a person (quick chat is for people).
  withPeople(view = this.view) {
    return view.opponent === "human" || view.players.some((p) => p.seat !== view.you && p.user);
  }

  // What a seat is called: the server's name for it (a computer's own name and level,
  // distinct at the table), "for" the person who left it when a computer plays it now.
  playerName(seat, { you = true, view = this.view } = {}) {
    if (you && seat === view.you) return "You";
    const player = view.players[seat];
    if (!player) return "Opponent";
    const name = seatName(player);
    const left = player.computer ? this.names.get(seat) : null;
    return left ? `${name} for ${left}` : name;
  }

  // "You score" / "Ann scores".
  verb(seat, word) {
    return `${this.playerName(seat)} ${seat === this.view.you ? word : `${word}s`}`;
  }

  legal() {
    const r = this.view && this.view.round;
    const map = new Map();
    if (!r || this.view.status !== "active") return map;
    for (const action of r.legal_actions) {
      if (!map.has(action.type)) map.set(action.type, action);
    }
    return map;
  }

  discardable() {
    const action = this.legal().get("discard");
    return action && action.cards ? action.cards : [];
  }

  canDiscard() {
    return !this.busy && this.discardable().length > 0;
  }

  legalAll(type) {
    const r = this.view && this.view.round;
    if (!r || this.view.status !== "active") return [];
    return r.legal_actions.filter((a) => a.type === type);
  }

  // --- life ----------------------------------------------------------------------------------

  async start() {
    const view = this.first;
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
    this.ctx.tableEvents = (kind, data) => this.accountEvent(kind, data);
    if (this.withPeople(view)) this.loadChat();
  }

  loadChat() {
    if (this.chatLoaded) return;
    this.chatLoaded = true;
    api("/phrases").then((data) => {
      this.phrases = data.results;
      this.renderChat();
    }).catch(() => {});
    api(`/games/${this.id}/messages?page_size=100`).then((data) => this.addMessages(data.results, false)).catch(() => {});
  }

  stop() {
    this.stopped = true;
    document.body.classList.remove("at-table");
    if (this.onResize) window.removeEventListener("resize", this.onResize);
    if (this.fitObserver) this.fitObserver.disconnect();
    if (this.follower) this.follower.stop();
    clearInterval(this.timer);
    document.removeEventListener("keydown", this.onKey);
    if (this.ctx.tableEvents) this.ctx.tableEvents = null;
  }

  // --- incoming views ------------------------------------------------------------------------

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
    if (this.withPeople(view)) {
      const data = await api(`/games/${this.id}/messages?page_size=100`);
      this.addMessages(data.results, true);
    }
  }

  offer(view) {
    if (!view || view.id !== this.id) return;
    if (view.version === this.latest && view.status === "waiting" && this.view && this.view.status === "waiting"
      && !this.queue.length && JSON.stringify(view.players) !== JSON.stringify(this.view.players)) {
      this.show(view); // someone took a seat at a table still filling up (no new version)
      return;
    }
    if (view.version <= this.latest) return;
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
        if (theirs) await sleep(this.delayMs());
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
    // A seat whose person left is played by a computer from then on: remember who it was.
    for (const p of view.players) if (p.user) this.names.delete(p.seat);
    if (prev) {
      for (const p of prev.players) {
        const now = view.players[p.seat];
        if (p.user && now && now.computer && !now.user) this.names.set(p.seat, p.user.display_name);
      }
    }
    this.view = view;
    this.lastMove = prev ? this.describeTurn(prev, view) : "";
    const active = document.activeElement;
    const focused = active && active.dataset ? active.dataset.key : null;
    const inside = Boolean(active && active !== this.main && this.main.contains(active));
    if (!this.chatLoaded && this.withPeople(view)) this.loadChat();
    this.render(prev);
    this.animate(prev, view);
    const mine = view.status === "active" && view.round && view.round.turn === view.you;
    const wasMine = prev && prev.status === "active" && prev.round && prev.round.turn === prev.you;
    if (mine && !wasMine && prev) play("turn");
    if (view.rounds.length > this.seenRounds) {
      const result = view.rounds[view.rounds.length - 1];
      this.seenRounds = view.rounds.length;
      this.openResult(result, { fresh: true });
      return;
    }
    this.restoreFocus(focused, { inside });
  }

  connection(status) {
    if (!this.live) return;
    const text = {
      live: "Live", connecting: "Connecting…", polling: "Reconnecting (checking every few seconds)", closed: "Offline",
    }[status] || status;
    replace(this.live, h("span", { class: ["dot", status] }), text);
    this.live.dataset.status = status;
  }

  // --- layout ----------------------------------------------------------------------------------

  build() {
    this.title = h("h1", { class: "table-title" });
    this.scores = h("div", { class: "scores", "data-testid": "scores" });
    // Says nothing for the moment a stream takes to open; "Connecting…" shows only if it
    // takes longer (the stylesheet delays it).
    this.live = h("p", { class: "live", role: "status", "data-status": "connecting", "data-testid": "live" },
      h("span", { class: "dot connecting" }), "Connecting…");
    this.felt = h("div", { class: ["felt", `felt-${this.variant}`] });
    this.status = h("p", { class: "status", role: "status", "aria-live": "polite", "data-testid": "status" });
    this.actions = h("div", { class: "actions", role: "group", "aria-label": "Actions" });
    this.chat = h("section", { class: "chat", "aria-label": "Quick chat" });
    this.info = h("section", { class: "info", "aria-label": "This game" });
    this.side = h("aside", { class: "side", "aria-label": "Chat and game details" }, this.chat, this.info);
    this.layer = h("div", { class: "layer" });
    const options = h("button", {
      type: "button", class: "small ghost", "data-key": "options", "aria-haspopup": "dialog",
      onclick: () => this.openOptions(),
    }, "Options");
    this.screen = h("section", {
      class: ["table-screen", `variant-${this.variant}`], "data-testid": "table",
      "data-variant": this.variant, "aria-labelledby": "table-title",
    },
    this.head = h("header", { class: "table-head" }, this.title, h("div", { class: "head-tools" }, options, this.live), this.scores),
    h("div", { class: "table-body" }, this.felt, this.side), this.layer);
    this.title.id = "table-title";
    this.buildFelt();
    this.main.append(this.screen);
    document.body.classList.add("at-table");
    this.watchFit();
  }

  buildFelt() {
    this.middle = h("div", { class: "middle" });
    this.layFelt([this.middle], [this.status, this.actions]);
    this.regions = [this.middle, this.status, this.actions];
  }

  // The felt in two parts: what is on the table (the other seats, the piles, the melds),
  // which gives way (and scrolls) where the screen is short, and the player's dock (the
  // turn's words, the hand, the actions), always whole on the screen.
  layFelt(top, dock) {
    // Focusable, as a region that may scroll must be (for the keyboard).
    this.feltTop = h("div", { class: "felt-top", tabindex: "0", role: "region", "aria-label": "The table" }, top);
    this.dock = h("div", { class: "felt-dock", "data-testid": "dock" }, dock);
    this.felt.append(this.feltTop, this.dock);
  }

  // While a deal is played the felt reaches down to the bottom of the window and no
  // further, so that the hand and the actions are on the screen without scrolling (a very
  // short window keeps a floor, and the page scrolls). Measured again whenever what is
  // above it or the window changes size.
  fit() {
    const playing = !this.felt.classList.contains("over");
    this.felt.classList.toggle("fit", playing);
    if (!playing) {
      this.felt.style.removeProperty("--fit");
      return;
    }
    const top = this.felt.getBoundingClientRect().top + window.scrollY;
    const room = Math.floor(window.innerHeight - top - 6);
    this.felt.style.setProperty("--fit", `${Math.max(room, FIT_FLOOR)}px`);
    this.felt.dataset.fitFor = `${window.innerWidth}x${window.innerHeight}`; // the window measured
  }

  watchFit() {
    this.onResize = () => this.fit();
    window.addEventListener("resize", this.onResize);
    if (typeof ResizeObserver === "function") {
      this.fitObserver = new ResizeObserver(() => this.fit());
      const above = [document.querySelector(".site-top"), document.querySelector(".connection-bar"), document.getElementById("notice"), this.head];
      for (const el of above) {
        if (el) this.fitObserver.observe(el);
      }
    }
  }

  // The stock and the discard pile (a card dragged onto the pile is discarded).
  piles(prev) {
    const r = this.view.round;
    const legal = this.legal();
    const canStock = legal.has("draw_stock") && !this.busy;
    const canTake = legal.has("draw_discard") && !this.busy;
    const prevPile = prev && prev.round && prev.round.number === r.number ? prev.round.discard_pile : null;
    const arrived = prevPile && r.discard_pile.length > prevPile.length ? "arrived" : "";
    return [
      h("div", { class: "pile-wrap" }, stockPile({ size: r.stock_size, playable: canStock, onDraw: () => this.act({ type: "draw_stock" }) }),
        h("span", { class: "pile-label" }, "Stock")),
      h("div", { class: "pile-wrap" }, discardPile({
        cards: r.discard_pile, canTake, canDrop: this.canDiscard(), arrived,
        onTake: () => this.act({ type: "draw_discard" }),
        onDrop: (card) => this.discard(card),
      }), h("span", { class: "pile-label" }, "Discard pile")),
    ];
  }

  // Another player's whole turn in words, its steps gathered as its views come one at a
  // time ("Asha (easy) took 7♥ from the pile and discarded 2♣."): the discard alone would
  // hide what was taken. A turn's words start afresh once the turn has passed.
  describeTurn(prev, view) {
    const step = this.turnStep(prev, view);
    const round = view.round ? view.round.number : null;
    const told = this.told;
    const going = Boolean(step && told && told.open && told.seat === step.seat && told.round === round);
    const parts = step ? [...(going ? told.parts : []), ...step.parts] : [];
    if (!parts.length) {
      this.told = null;
      return "";
    }
    this.told = { seat: step.seat, round, parts, open: Boolean(view.round) && view.round.turn === step.seat };
    const words = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0];
    return `${this.playerName(step.seat, { view })} ${words}.`;
  }

  // The status line begins with the last move of another player, in words.
  lastMoveLine() {
    return this.lastMove ? h("span", { class: "last-move", "data-testid": "last-move" }, this.lastMove, " ") : null;
  }

  // The status line while another player is to play.
  waitingFor(seat) {
    const who = this.playerName(seat);
    const player = this.view.players[seat];
    return player && player.computer ? `${who} is thinking…` : `Waiting for ${who} to play.`;
  }

  // Whether `view` starts a deal; if it does, the cards are dealt into the hand on screen
  // (but not on a reload in the middle of a game).
  startsDeal(prev, view) {
    if (prev && prev.round && prev.round.number === view.round.number) return false;
    if (prev || Date.now() - Date.parse(view.started_at || 0) < 15000) {
      dealInto(this.mine.querySelector("[data-testid=hand]"), this.middle.querySelector("[data-key=stock]"));
    }
    return true;
  }

  render(prev) {
    const out = this.paint(prev);
    this.fit();
    return out;
  }

  paint(prev) {
    const view = this.view;
    this.screen.dataset.version = view.version;
    this.screen.dataset.status = view.status;
    this.screen.dataset.turn = view.round && view.status === "active" && view.round.turn !== null
      ? (view.round.turn === view.you ? "you" : "opponent") : "none";
    this.screen.dataset.turnSeat = view.round && view.round.turn !== null && view.round.turn !== undefined ? view.round.turn : "";
    this.screen.dataset.busy = String(this.busy);
    if (this.hint && (this.hint.version !== view.version || view.status !== "active")) this.hint = null;
    if (!this.hint) delete this.screen.dataset.hint;
    this.renderTitle();
    this.renderScores();
    if (view.status === "waiting") return this.renderWaiting();
    if (view.status === "abandoned") {
      return this.renderGone(tournamentOf(this.id) ? "This game was stopped without a result: it counts for nobody."
        : "This table was cancelled before it started.");
    }
    if (view.status === "finished" || !view.round) return this.renderFinished();
    this.felt.classList.remove("over");
    this.renderPlay(prev);
    this.renderInfo();
    this.renderChat();
    this.applyHint();
    this.tick();
    return null;
  }

  renderTitle() {
    const view = this.view;
    const others = this.others().filter((s) => view.players[s].user || view.players[s].computer);
    const names = others.map((s) => this.playerName(s));
    replace(this.title, names.length === 0 ? "Your table"
      : names.length === 1 ? `vs ${names[0]}` : `${this.gameLabel()}: ${plural(view.players.length, "player")}`);
  }

  gameLabel() {
    return variantLabel(this.first);
  }

  target() {
    return "";
  }

  renderScores() {
    const view = this.view;
    const seated = view.players.filter((p) => p.user || p.computer).length;
    if (view.status === "waiting" && seated < view.players.length) {
      replace(this.scores, h("span", { class: "target" }, this.target()));
      return;
    }
    const order = [view.you, ...this.others()];
    // A score that changed since the player last saw the scores (a result's dialog hides
    // them) pops, its change beside it, unless the player turned the animation off.
    const hidden = Boolean(this.overlay) || view.rounds.length > this.seenRounds; // a result opens
    const before = this.seenScores;
    if (!hidden) this.seenScores = [...view.scores];
    const animate = Boolean(before) && !hidden && this.prefs.score_animation && !reducedMotion();
    replace(this.scores, order.map((seat) => {
      const change = animate ? view.scores[seat] - before[seat] : 0;
      return h("span", {
        class: ["score", seat === view.you && "me", view.round && view.round.turn === seat && view.status === "active" && "turn", change && "changed"],
        "data-testid": seat === view.you ? "score-me" : (this.seats === 2 ? "score-opponent" : `score-${seat}`),
        "data-seat": seat,
      }, h("span", { class: "label" }, seat === view.you ? "You" : this.playerName(seat)), h("b", {}, view.scores[seat]),
      change ? h("span", {
        class: "score-change", "aria-hidden": "true",
        // Hidden once it has risen and faded, so nothing half-faded stays on the table.
        onanimationend: (event) => { event.currentTarget.hidden = true; },
      }, change > 0 ? `+${change}` : String(change)) : null);
    }),
    // At a larger table the game's length is in the details beside the felt only.
    this.seats > 2 && view.status === "active" ? null : h("span", { class: "target" }, this.target()));
  }

  renderInfo() {
    const view = this.view;
    const r = view.round;
    const dealer = r.dealer === view.you ? "you" : this.playerName(r.dealer);
    replace(this.info,
      this.tournamentLine(),
      h("h2", {}, `${upper(this.roundWord())} ${r.number}`),
      h("p", {}, `Dealer: ${dealer}. ${this.target()}.`),
      r.deck_commitment ? h("p", { class: "commitment" },
        "Fair shuffle: this deal is sealed as ",
        h("code", { title: r.deck_commitment, "data-testid": "commitment" }, `${r.deck_commitment.slice(0, 16)}…`),
        ` (SHA-256). The deck is revealed when the ${this.roundWord()} ends, so you can check it.`) : null,
      this.roundsList(),
      h("p", { class: "keys" }, this.keyHelp(), this.hintable ? " H shows a hint." : ""),
      h("p", { class: "hint" }, h("a", { href: `#/rules/${this.variant}` }, `The rules of ${this.gameLabel()}`)),
      view.status === "active" && r.legal_actions !== undefined && !this.hasLeft()
        ? h("button", { type: "button", class: "danger small", "data-key": "concede", onclick: () => this.concede() }, this.seats > 2 ? "Leave the game" : "Concede the game")
        : null);
  }

  // A tournament's game links back to it (a rematch is no tournament game).
  tournamentLine() {
    const tournament = tournamentOf(this.id);
    if (!tournament) return null;
    return h("p", { class: "tournament-line", "data-testid": "tournament-line" }, "A game of ",
      h("a", { href: `#/tournaments/${tournament.id}`, "data-key": "tournament-link" }, tournament.name || "your tournament"), ".");
  }

  backToTournament() {
    const tournament = tournamentOf(this.id);
    return tournament ? h("a", {
      class: "button primary", href: `#/tournaments/${tournament.id}`, "data-key": "back-to-tournament",
    }, "Back to the tournament") : null;
  }

  roundsList() {
    const view = this.view;
    if (!view.rounds.length) return null;
    const rows = view.rounds.slice().reverse().map((result) => h("li", {},
      h("span", {}, `${upper(this.roundWord())} ${result.number}: `, this.roundLine(result)),
      h("button", { type: "button", class: "link", onclick: () => this.openResult(result, { fresh: false }) }, "details")));
    return h("div", {}, h("h3", {}, `${upper(this.roundWord())}s`), h("ul", { class: "rounds" }, rows));
  }

  roundLine(result) {
    return result.winner === null || result.winner === undefined ? "no winner" : `${this.playerName(result.winner)} won`;
  }

  hasLeft() {
    return false;
  }

  renderChat() {
    const view = this.view;
    if (!view || !this.phrases.length || !this.withPeople(view) || (view.status === "waiting" && view.players.filter((p) => p.user).length < 2)) {
      replace(this.chat);
      return;
    }
    const log = this.messages.slice(-5).map((m) => h("li", { class: m.seat === view.you ? "own" : "theirs" },
      h("b", {}, m.seat === view.you ? "You" : this.playerName(m.seat)), ": ", m.text));
    replace(this.chat,
      h("h2", {}, "Quick chat"),
      log.length ? h("ul", { class: "chat-log", "aria-live": "polite" }, log) : null,
      h("div", { class: "phrases" }, this.phrases.map((p) => h("button", {
        type: "button", class: "small ghost", onclick: () => this.sayPhrase(p.id),
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
      const bubble = this.felt.querySelector(`.bubble[data-seat="${last.seat}"]`);
      if (bubble) {
        bubble.textContent = last.text;
        bubble.hidden = false;
        clearTimeout(this.bubbleTimer);
        this.bubbleTimer = setTimeout(() => { bubble.hidden = true; }, 5000);
      }
    }
  }

  async sayPhrase(phrase) {
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

  // --- waiting, finished -----------------------------------------------------------------------

  // Empties the felt's regions (each game lists its own in this.regions).
  clearFelt() {
    for (const el of this.regions || [...this.felt.children]) replace(el);
  }

  renderWaiting() {
    const view = this.view;
    this.clearFelt();
    this.felt.classList.add("over");
    const empty = view.players.filter((p) => !p.user && !p.computer);
    if (!empty.length) {
      // A rematch offer: every seat is taken, waiting for the others to accept.
      const offered = offeredByMe(view.id);
      const others = this.others().filter((s) => view.players[s].user).map((s) => this.playerName(s));
      replace(this.middle, h("div", { class: "invite panel", "data-testid": "rematch-waiting" },
        h("h2", {}, "Rematch"),
        offered
          ? h("p", {}, `Waiting for ${others.join(" and ")} to accept the rematch (the offer lapses after 10 minutes).`)
          : [h("p", {}, "A rematch is offered."),
            h("button", { type: "button", class: "primary", "data-key": "accept", onclick: () => this.accept() }, "Accept the rematch")]));
    } else {
      const link = `${location.origin}/#/join/${view.invite_code}`;
      const seated = view.players.map((p) => h("li", { class: p.user || p.computer ? "taken" : "free" },
        p.seat === view.you ? "You" : seatName(p)));
      replace(this.middle, h("div", { class: "invite panel" },
        h("h2", {}, empty.length === 1 ? "Waiting for one more player" : `Waiting for ${empty.length} more players`),
        h("p", {}, "Give your friends this code, or send them the link: opening it takes a seat at your table."),
        h("p", { class: "code", "data-testid": "invite-code" }, view.invite_code),
        h("p", {}, h("a", { href: link, class: "invite-link", "data-testid": "invite-link" }, link)),
        view.players.length > 2 ? h("ul", { class: "seat-list", "aria-label": "Seats", "data-testid": "seat-list" }, seated) : null,
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
          view.players[view.you] && view.players.filter((p) => p.user).length === 1
            ? h("button", { type: "button", class: "danger", onclick: () => this.cancel() }, "Cancel the table") : null),
        view.visibility === "public" ? h("p", { class: "hint" }, "Your table is listed in the public lobby.") : null));
    }
    this.renderChat();
    replace(this.info);
  }

  renderGone(text) {
    this.clearFelt();
    this.felt.classList.add("over");
    replace(this.middle, h("div", { class: "panel" }, h("p", {}, text),
      h("div", { class: "row" }, this.backToTournament(), h("a", { href: "#/" }, "Back to the start"))));
    replace(this.info);
  }

  renderFinished() {
    const view = this.view;
    const final = view.final;
    this.clearFelt();
    this.felt.classList.add("over");
    if (!final) return this.renderGone("This game is over.");
    const won = final.winner === view.you;
    const reason = {
      target: "", concede: " (conceded)", timeout: " (on time)", rounds: "", loss_limit: "",
    }[final.reason] || "";
    if (won && !this.cheered) {
      this.cheered = true;
      play("win");
    }
    this.offerBox = h("div", { class: "offer", "aria-live": "polite", "data-testid": "rematch-offer-box" });
    replace(this.middle, h("div", { class: "final panel", "data-testid": "final" },
      h("h2", {}, won ? `You won the game${reason}!` : `${this.playerName(final.winner)} won the game${reason}.`),
      this.finalBody(),
      this.offerBox,
      h("div", { class: "row" },
        this.backToTournament()
          || h("button", { type: "button", class: "primary", "data-key": "rematch", onclick: () => this.rematch() }, "Rematch"),
        view.rounds.length ? h("button", { type: "button", onclick: () => this.openResult(view.rounds[view.rounds.length - 1], { fresh: false }) }, `Last ${this.roundWord()}`) : null,
        h("a", { class: "button", href: `#/review/${this.id}`, "data-key": "review" }, "Review the game"),
        h("a", { class: "button", href: "#/" }, "Back to the start"))));
    this.renderOffer();
    const rounds = this.roundsList();
    replace(this.info, this.tournamentLine(), rounds);
    this.renderChat();
    return null;
  }

  // A rematch offered by another player, shown on this finished game's screen.
  accountEvent(kind, data) {
    if (kind === "rematch_offered" && data.rematch_of === this.id) {
      this.offer_ = data;
      this.renderOffer();
      return true;
    }
    if (data.game_id !== this.id) return false;
    if (kind === "friend_joined") this.refresh();
    return true;
  }

  renderOffer() {
    if (!this.offerBox || !this.offer_) return;
    const who = this.offer_.by ? this.offer_.by.display_name : "Your opponent";
    replace(this.offerBox, h("p", { class: "offer-line", "data-testid": "rematch-offer" },
      h("b", {}, `${who} offers a rematch. `),
      h("button", {
        type: "button", class: "primary small", "data-key": "accept-offer",
        onclick: async () => {
          try {
            await api(`/games/${this.offer_.game_id}/accept`, { method: "POST" });
            this.ctx.navigate(`#/game/${this.offer_.game_id}`);
          } catch (error) {
            this.ctx.say(error);
          }
        },
      }, "Accept"),
      " ",
      h("a", { href: `#/game/${this.offer_.game_id}` }, "See the offer")));
  }

  // --- a round's result ------------------------------------------------------------------------

  openResult(result, { fresh }) {
    const view = this.view;
    const verifyOut = h("div", { class: "verify", "aria-live": "polite" });
    const finished = view.status === "finished";
    const last = result.number === view.rounds[view.rounds.length - 1].number;
    const next = fresh && !(finished && last) ? `Next ${this.roundWord()}` : fresh ? "See the final result" : "Close";
    const close = h("button", { type: "button", class: "primary", "data-key": "result-close", onclick: () => this.closeResult() }, next);
    const dialog = h("div", {
      class: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "result-title", "data-testid": "round-result",
      "data-outcome": result.outcome, "data-winner": result.winner ?? "",
      "data-points": Array.isArray(result.points) ? result.points.join(",") : result.points,
    },
    h("h2", { id: "result-title" }, `${upper(this.roundWord())} ${result.number}`),
    this.resultBody(result),
    result.deck ? h("button", {
      type: "button", "data-key": "verify",
      onclick: async (event) => {
        event.target.disabled = true;
        replace(verifyOut, h("p", {}, "Checking…"));
        try {
          const outcome = await verifyDeal(this.id, result, view);
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

  // Cards as small faces, for results.
  smallCards(cards, by = this.sort) {
    return sortCards(cards, by).map((c) => cardFace(c));
  }

  // --- acting ----------------------------------------------------------------------------------

  async act(action) {
    if (this.busy || !this.view) return null;
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
      return error;
    }
    this.acting = false;
    this.awaitVersion = view.version;
    if (["draw_stock", "draw_discard"].includes(action.type)) play("draw");
    else if (action.type === "discard") play("discard");
    else play("meld");
    if (view.version <= this.latest) {
      // The stream was quicker: this answer is on screen already, or queued.
      if (!this.queue.length && !this.overlay) {
        this.render(null);
        this.restoreFocus(null);
      }
    } else if (view.version > sent + 1 && this.follower && this.follower.status === "live") {
      // The computers have replied too: let the stream show their moves one by one, and
      // take this answer only if the stream has not delivered it by then.
      setTimeout(() => this.offer(view), 2500 + this.delayMs() * (view.version - sent));
    } else {
      this.offer(view);
    }
    return null;
  }

  // The meld of the player's that `card` is in or fits ({cards, onTable}), where the game
  // has one: discarding it is asked first.
  meldFor() {
    return null;
  }

  async discard(card) {
    if (!card || !this.discardable().includes(card)) return;
    const meld = this.prefs.warn_meld_discard ? this.meldFor(card) : null;
    if (meld && !(await this.confirmDiscard(card, meld))) return;
    this.forgetSelection();
    this.act({ type: "discard", card });
  }

  // "7♥ is in your meld 5♥ 6♥ 7♥. Discard it anyway?", with "Don't show this again" (the
  // player's preference, kept whichever button is pressed).
  async confirmDiscard(card, meld) {
    const words = meld.cards.map(shortName).join(" ");
    const never = h("input", { type: "checkbox", id: "never-warn", "data-key": "never-warn" });
    const ok = await this.confirm(
      `${shortName(card)} ${meld.onTable ? "fits" : "is in"} your meld ${words}${meld.onTable ? " on the table" : ""}. Discard it anyway?`,
      `Discard ${shortName(card)}`,
      {
        no: "Keep it", testid: "discard-warning",
        extra: h("div", { class: "field check" }, never, h("label", { for: "never-warn" }, "Don't show this again")),
      },
    );
    if (never.checked) await savePrefs(this.ctx, { warn_meld_discard: false });
    return ok;
  }

  async refresh() {
    try {
      this.offer(await api(`/games/${this.id}`));
    } catch (error) {
      this.ctx.say(error);
    }
  }

  // What leaving a table of three or more costs, asked before the player leaves.
  leaveWords() {
    return "Leave this game? A computer plays your seat from now on, and you are placed last.";
  }

  async concede() {
    const text = this.seats > 2 ? this.leaveWords() : "Concede this game? Your opponent wins it.";
    const ok = await this.confirm(text, this.seats > 2 ? "Leave" : "Concede");
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
          // Another player offered first: asking too means yes.
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

  confirm(text, yes, { no = "Keep playing", extra = null, testid = "confirm" } = {}) {
    return new Promise((resolve) => {
      const done = (value) => {
        this.overlay = null;
        replace(this.layer);
        this.layer.classList.remove("open");
        resolve(value);
        this.pump();
      };
      // The risky choice is never the one Enter takes: the focus starts on the safe one.
      const yesButton = h("button", { type: "button", class: "danger", "data-key": "confirm-yes", onclick: () => done(true) }, yes);
      const noButton = h("button", { type: "button", class: "primary", "data-key": "confirm-no", onclick: () => done(false) }, no);
      const dialog = h("div", {
        class: "dialog small", role: "alertdialog", "aria-modal": "true", "aria-label": text, "data-testid": testid,
      }, h("p", {}, text), extra, h("div", { class: "row" }, noButton, yesButton));
      this.overlay = dialog;
      replace(this.layer, h("div", { class: "backdrop" }, dialog));
      this.layer.classList.add("open");
      noButton.focus();
    });
  }

  // The button that sorts the hand the other way (R).
  sortButton() {
    const other = this.sort === "suit" ? "rank" : "suit";
    return h("button", {
      type: "button", class: "small ghost", "data-key": "sort", onclick: () => this.toggleSort(),
      "aria-label": `Sort by ${other} (sorted by ${this.sort})`,
    }, `Sort by ${other}`);
  }

  async toggleSort() {
    const saved = savePrefs(this.ctx, { card_sort: this.sort === "suit" ? "rank" : "suit" });
    this.render(null);
    this.restoreFocus("sort");
    await saved;
  }

  // --- options -----------------------------------------------------------------------------

  // The player's options (web/prefs.js), changed at the table and kept at once.
  openOptions() {
    const close = () => {
      this.overlay = null;
      replace(this.layer);
      this.layer.classList.remove("open");
      this.render(null);
      this.restoreFocus("options");
      this.pump();
    };
    const done = h("button", { type: "button", class: "primary", "data-key": "options-close", onclick: close }, "Done");
    const dialog = h("div", {
      class: "dialog small options-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "options-title",
      "data-testid": "options-dialog",
    },
    h("h2", { id: "options-title" }, "Options"),
    h("p", { class: "hint" }, "Kept with your account, and used at every table."),
    optionFields(this.prefs, (changes) => savePrefs(this.ctx, changes)),
    h("div", { class: "field check" },
      h("input", {
        type: "checkbox", id: "o-sound", name: "sound", "data-key": "sound", checked: soundOn(),
        onchange: (event) => setSound(event.target.checked),
      }),
      h("label", { for: "o-sound" }, "Sounds (in this browser)")),
    h("div", { class: "row" }, done));
    dialog.dataset.close = "options";
    this.overlay = dialog;
    replace(this.layer, h("div", { class: "backdrop" }, dialog));
    this.layer.classList.add("open");
    this.closeOptions = close;
    dialog.querySelector("select, input").focus();
  }

  // --- hints ---------------------------------------------------------------------------------

  // Only in games against the computer: the server refuses them at a table with people.
  get hintable() {
    return Boolean(this.view && this.view.opponent === "computer" && !this.noHints && !this.hasLeft());
  }

  hintButton() {
    const view = this.view;
    if (!this.hintable || view.status !== "active" || !view.round) return null;
    const mine = view.round.turn === view.you;
    return h("button", {
      type: "button", class: "hint-button", "data-key": "hint", "aria-keyshortcuts": "H",
      disabled: !mine || this.busy,
      "aria-label": "Hint: show the move the Medium computer player would make (H)",
      onclick: () => this.askHint(),
    }, keyed("Hint", "H"));
  }

  // Asks the server for the Medium computer player's move for this seat, and shows it on
  // the table without playing it.
  async askHint() {
    if (!this.hintable || this.busy || this.hinting || !this.view) return;
    const at = this.view.version;
    this.hinting = true;
    try {
      const hint = await api(`/games/${this.id}/hint`);
      if (hint.version === at && this.view && this.view.version === at) this.hint = hint;
    } catch (error) {
      if (error instanceof ApiError && error.code === "hints_unavailable") {
        this.noHints = true;
        this.renderActions();
      }
      this.ctx.say(error, error instanceof ApiError && error.status === 409 ? "info" : "error");
    } finally {
      this.hinting = false;
    }
    this.applyHint();
  }

  // Marks what the hint would play (a pile, cards of the hand, a meld on the table, a
  // button) and says it in the status line; a hint lasts for the version it was given for.
  applyHint() {
    if (!this.screen) return;
    for (const el of this.screen.querySelectorAll(".hinted")) el.classList.remove("hinted");
    const line = this.status && this.status.querySelector(".hint-line");
    if (line) line.remove();
    const hint = this.hint;
    const view = this.view;
    if (!hint || !view || hint.version !== view.version || view.status !== "active" || !view.round) {
      this.hint = null;
      delete this.screen.dataset.hint;
      return;
    }
    this.screen.dataset.hint = JSON.stringify(hint.action);
    for (const el of this.hintTargets(hint.action)) el.classList.add("hinted");
    this.status.append(h("span", { class: "hint-line", "data-testid": "hint" }, ` Hint: ${this.hintWords(hint.action)}.`));
  }

  hintTargets(action) {
    const one = (selector) => this.felt.querySelector(selector);
    const taken = new Set();
    const inHand = (cards) => cards.map((card) => {
      const el = [...this.felt.querySelectorAll(`[data-testid=hand] .card[data-card="${CSS.escape(card)}"]`)]
        .find((e) => !taken.has(e));
      if (el) taken.add(el);
      return el;
    });
    const meld = () => one(`[data-meld="${CSS.escape(String(action.meld))}"]`);
    const found = {
      draw_stock: () => [one("[data-key=stock]")],
      draw_discard: () => [one("[data-key=discard-pile]")],
      pass: () => [one("[data-key=act-pass]")],
      big_gin: () => [one("[data-key=act-big-gin]")],
      discard: () => inHand([action.card]),
      knock: () => [...inHand([action.card]), one("[data-key=act-gin]") || one("[data-key=act-knock]")],
      meld: () => inHand((action.melds || []).flat()),
      layoff: () => [...inHand([action.card]), meld()],
      swap_joker: () => [...inHand([action.card]), meld()],
    }[action.type];
    return found ? found().filter(Boolean) : [];
  }

  hintWords(action) {
    const r = this.view.round;
    const top = r.discard_pile[r.discard_pile.length - 1];
    switch (action.type) {
      case "draw_stock": return "draw from the stock";
      case "draw_discard": return top ? `take ${shortName(top)} from the discard pile` : "take the discard";
      case "pass": return "pass on the upcard";
      case "discard": return `discard ${shortName(action.card)}`;
      default: return action.type.replace("_", " ");
    }
  }

  // --- keyboard --------------------------------------------------------------------------------

  // Focus stays where the player left it; after a re-render it returns to the same control.
  // The table takes the focus only when the control that had it is gone.
  restoreFocus(key, { inside = true } = {}) {
    if (this.overlay) return;
    if (key) {
      const el = this.main.querySelector(`[data-key="${CSS.escape(key)}"]:not([disabled])`);
      if (el) {
        el.focus({ preventScroll: true });
        return;
      }
    }
    const active = document.activeElement;
    if (active && active !== document.body && active !== this.main && !active.disabled) return;
    if (!inside) return;
    const target = this.main.querySelector(".felt button.playable:not([disabled]), .felt .actions button:not([disabled]), .felt button:not([disabled])");
    if (target) target.focus({ preventScroll: true });
  }

  // Tab stays inside an open dialog.
  trapFocus(event) {
    const items = [...this.overlay.querySelectorAll("button:not([disabled]), a[href], input, select")];
    if (!items.length) return;
    const at = items.indexOf(document.activeElement);
    const next = event.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : (at + 1) % items.length;
    event.preventDefault();
    items[next].focus();
  }

  press(event, selector) {
    const el = this.main.querySelector(selector);
    if (!el || el.disabled) return false;
    event.preventDefault();
    el.click();
    return true;
  }

  key(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = event.target && event.target.tagName;
    const typing = tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA";
    if (typing && !(this.overlay && (event.key === "Tab" || event.key === "Escape"))) return;
    if (this.overlay) {
      if (event.key === "Escape" && this.overlay.dataset.testid === "round-result") this.closeResult();
      else if (event.key === "Escape" && this.overlay.dataset.close === "options") this.closeOptions();
      else if (event.key === "Escape") this.overlay.querySelector("[data-key=confirm-no]")?.click();
      if (event.key === "Tab") this.trapFocus(event);
      return;
    }
    if (event.target.closest && event.target.closest(".chat, .site-top")) return;
    if (this.gameKey(event)) return;
    const legal = this.legal();
    switch (event.key.toLowerCase()) {
      case "s": if (legal.has("draw_stock")) this.press(event, '[data-key="stock"]'); break;
      case "d": if (legal.has("draw_discard")) this.press(event, '[data-key="discard-pile"]'); break;
      case "r": this.press(event, '[data-key="sort"]'); break;
      case "h": this.press(event, '[data-key="hint"]'); break;
      case "arrowleft":
      case "arrowright": {
        const cards = [...this.felt.querySelectorAll("[data-testid=hand] .card")];
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

// One tab stop for a whole hand (the first playable card); arrows move along it.
export function rovingHand(hand) {
  const cards = [...hand.querySelectorAll(".card")];
  const first = cards.find((el) => el.classList.contains("playable") || el.classList.contains("selectable")) || cards[0];
  for (const el of cards) el.tabIndex = el === first ? 0 : -1;
  hand.addEventListener("focusin", (event) => {
    if (!event.target.classList.contains("card")) return;
    for (const el of cards) el.tabIndex = el === event.target ? 0 : -1;
  });
}

// A seat's name as the server gives it (`players[].name`), or made from the seat.
export function seatName(player) {
  if (player.name) return player.name;
  if (player.user) return player.user.display_name;
  return player.computer ? `Computer (${player.computer})` : "Open seat";
}

// A seat's name on its nameplate: a computer's level ("Asha (medium)") set apart, so that a
// narrow seat breaks the line between the name and the level, never inside a word.
export function nameLabel(name) {
  const match = /^(.*) (\((?:easy|medium|hard)\))(.*)$/.exec(name);
  if (!match) return h("span", { class: "name" }, name);
  return h("span", { class: "name" }, match[1], " ", h("span", { class: "seat-level" }, match[2]), match[3]);
}

// A button's words and its key: "Discard (X)"; narrow screens, seldom with a keyboard,
// leave the key out.
export function keyed(label, key) {
  return [label, h("span", { class: "key-hint" }, ` (${key})`)];
}

export { plural };
