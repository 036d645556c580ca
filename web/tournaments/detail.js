// #/tournaments/<id>: one tournament, live. Its settings in words, a countdown, your
// entry with what the API lets you do (join, come back, pause, withdraw, cancel; refusals
// as sentences), the invite code, the standings (arena, Swiss; paginated) or the bracket
// (knockout, sit & go), a round's pairings and a duplicate round's deals. It follows the
// tournament's event stream (resuming after the last event id, polling while the stream is
// down) and reads everything again at each event; a game it sees you seated at opens by
// itself.

import { api, ApiError } from "../api.js";
import { h, replace } from "../dom.js";
import { Follower } from "../sse.js";
import { fairPlayNotice } from "../screens/fairplay.js";
import { rememberGame } from "../tournament-games.js";
import { codeForm } from "./create.js";
import { bracketView, dealsView, pairingsList, settingsList, standingsTable } from "./parts.js";
import { FORMATS, STATUSES, countdown, gameLine, joinOpen, left, ordinal, points, refusal, when } from "./words.js";

const PAGE_SIZE = 20;
const ACTIVITY = 8;

export async function detail(main, id, ctx) {
  const screen = new TournamentScreen(main, id, ctx);
  await screen.start();
  return () => screen.stop();
}

const names = (users) => users.map((u) => u.display_name);

// An event of the stream as a sentence for the activity list (null: not worth a line).
function describe(kind, data) {
  const who = data.user ? data.user.display_name : "A player";
  switch (kind) {
    case "player_joined": return `${who} joined.`;
    case "player_left": return data.removed ? `${who} was removed by the organisers.` : data.paused ? `${who} paused.` : `${who} left.`;
    case "started": return "The tournament started.";
    case "round_started": return `Round ${data.round} started.`;
    case "pairing_made": return `${names(data.players || []).join(" vs ")}: a game started${data.round ? ` (round ${data.round}, table ${data.table})` : ""}.`;
    case "game_ended": {
      if (data.void) return "A game was stopped: it counts for nobody.";
      const places = (data.places || []).slice().sort((a, b) => (a.place ?? 99) - (b.place ?? 99));
      if (places.length === 2) {
        return places[0].place === places[1].place
          ? `${places[0].user.display_name} and ${places[1].user.display_name} drew.`
          : `${places[0].user.display_name} beat ${places[1].user.display_name}.`;
      }
      return `Table ${data.table}: ${places.map((p) => `${p.user.display_name} ${ordinal(p.place)}`).join(", ")}.`;
    }
    case "deals_revealed": return `The decks of round ${data.round} are revealed.`;
    case "finished": return data.winner ? `The tournament is over: ${data.winner.display_name} won.` : "The tournament is over.";
    case "cancelled": return "The tournament was cancelled.";
    default: return null;
  }
}

class TournamentScreen {
  constructor(main, id, ctx) {
    this.main = main;
    this.id = id;
    this.ctx = ctx;
    this.me = ctx.me ? ctx.me.username : null;
    this.t = null;
    this.round = null; // the round whose pairings are shown; null: the current one
    this.standingsPage = 1;
    this.pairingsPage = 1;
    this.parts = {};
    this.seenGames = new Set();
    this.message = null; // {text, kind}: the answer to the last button
    this.confirming = null; // "withdraw" or "cancel", waiting for a second click
    this.refreshedFor = null;
    this.dealsShown = null; // the round and state of the deals on screen
    this.stopped = false;
  }

  async start() {
    const t = await api(`/tournaments/${this.id}`);
    this.t = t;
    // A game being played when the page opens was opened already, or is offered by a
    // link: only a game seated from now on opens by itself.
    if (t.you && t.you.game_id) {
      this.seenGames.add(t.you.game_id);
      rememberGame(t.you.game_id, { id: t.id, name: t.name });
    }
    this.build();
    await this.loadParts();
    this.render();
    this.follower = new Follower(`/tournaments/${this.id}/events`, {
      onFrame: (frame) => this.frame(frame),
      onStatus: (status) => this.connection(status),
      poll: () => this.refresh(),
    }).start();
    this.timer = setInterval(() => this.tick(), 1000);
    if (this.screen.isConnected) document.body.dataset.ready = "tournament"; // still the screen shown
  }

  stop() {
    this.stopped = true;
    if (this.follower) this.follower.stop();
    clearInterval(this.timer);
  }

  // --- following ----------------------------------------------------------------------------

  frame(frame) {
    if (frame.event === "error") {
      this.ctx.say(frame.error);
      return;
    }
    let data = {};
    try {
      data = JSON.parse(frame.data || "{}");
    } catch {
      return;
    }
    if (frame.event === "pairing_made") this.pairingMade(data);
    const line = describe(frame.event, data);
    if (line) {
      this.logList.prepend(h("li", {}, line));
      while (this.logList.children.length > ACTIVITY) this.logList.lastElementChild.remove();
      this.log.hidden = false;
    }
    this.refresh().catch(() => {});
  }

  pairingMade(data) {
    if (this.me === null || !(data.players || []).some((u) => u.username === this.me)) return;
    this.seenGames.add(data.game_id);
    this.ctx.openTournamentGame({
      tournament_id: this.id, tournament: this.t.name, round: data.round, table: data.table, game_id: data.game_id,
    });
  }

  // The label says "Live" once the page is up to date: whatever happened before the stream
  // opened is read first.
  connection(status) {
    if (status !== "live") {
      this.showConnection(status);
      return;
    }
    this.refresh().catch(() => {}).finally(() => {
      if (!this.stopped && this.follower && this.follower.status === "live") this.showConnection("live");
    });
  }

  showConnection(status) {
    const text = { live: "Live", connecting: "Connecting…", polling: "Reconnecting (checking every few seconds)", closed: "Offline" }[status] || status;
    replace(this.live, h("span", { class: ["dot", status] }), text);
    this.live.dataset.status = status;
  }

  // Reads the tournament and what is shown of it again (one read at a time; events that
  // arrive meanwhile ask for one more).
  refresh() {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        const t = await api(`/tournaments/${this.id}`);
        if (this.stopped) return;
        this.t = t;
        this.myGame(t);
        await this.loadParts();
        if (!this.stopped) this.render();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  // A game that the tournament seated you at since the page opened opens by itself.
  myGame(t) {
    const game = t.you && t.you.game_id;
    if (!game) return;
    rememberGame(game, { id: t.id, name: t.name });
    if (this.seenGames.has(game)) return;
    this.seenGames.add(game);
    this.ctx.openTournamentGame({ tournament_id: t.id, tournament: t.name, game_id: game, round: t.current_round || null });
  }

  get knockout() {
    return this.t.format === "knockout" || this.t.format === "sit_and_go";
  }

  shownRound() {
    const t = this.t;
    if (t.format === "arena") return 0;
    return this.round ?? t.current_round;
  }

  async loadParts() {
    const t = this.t;
    const started = t.status !== "created" && (t.started_at || t.current_round);
    const round = this.shownRound();
    const want = {
      standings: !(this.knockout && started)
        ? api(`/tournaments/${this.id}/standings?page=${this.standingsPage}&page_size=${PAGE_SIZE}`) : null,
      bracket: this.knockout && t.started_at ? api(`/tournaments/${this.id}/bracket`) : null,
      pairings: started && (t.format === "arena" || round > 0)
        ? api(`/tournaments/${this.id}/pairings?round=${round}&page=${this.pairingsPage}&page_size=${PAGE_SIZE}`) : null,
      deals: t.duplicate && round > 0 ? api(`/tournaments/${this.id}/rounds/${round}/deals`) : null,
    };
    const keys = Object.keys(want);
    const answers = await Promise.allSettled(keys.map((k) => want[k]));
    const parts = {};
    keys.forEach((key, i) => {
      const answer = answers[i];
      if (answer.status === "fulfilled") parts[key] = answer.value;
      else if (answer.reason instanceof ApiError && answer.reason.status === 404 && key !== "deals" && this.pageOf(key) > 1) {
        // The page emptied (fewer entries than before): back to the first.
        this.setPage(key, 1);
      } else if (!(answer.reason instanceof ApiError && [404, 409].includes(answer.reason.status))) {
        parts[key] = { error: answer.reason };
      }
    });
    this.parts = parts;
  }

  pageOf(key) {
    return key === "standings" ? this.standingsPage : key === "pairings" ? this.pairingsPage : 1;
  }

  setPage(key, n) {
    if (key === "standings") this.standingsPage = n;
    if (key === "pairings") this.pairingsPage = n;
  }

  // --- layout -------------------------------------------------------------------------------

  build() {
    this.title = h("h1", { id: "t-title" });
    this.meta = h("p", { class: "t-meta" });
    this.clock = h("p", { class: "t-clock", role: "timer", "data-testid": "countdown" });
    this.live = h("p", { class: "live", role: "status", "data-status": "connecting", "data-testid": "t-live" },
      h("span", { class: "dot connecting" }), "Connecting…");
    this.result = h("div");
    this.you = h("section", { class: "t-you", "aria-labelledby": "t-you-title", "data-testid": "t-you" });
    this.invite = h("section", { class: "t-invite", "aria-labelledby": "t-invite-title", "data-testid": "t-invite-panel" });
    this.board = h("section", { class: "t-board", "aria-labelledby": "t-board-title" });
    this.games = h("section", { class: "t-games", "aria-labelledby": "t-games-title" });
    this.dealsBox = h("section", { class: "t-deals-box", "aria-labelledby": "t-deals-title" });
    // The log stays in place (its lines change), so that screen readers read new lines.
    this.logList = h("ol", { class: "t-log" });
    this.log = h("section", { class: "t-activity", "aria-labelledby": "t-activity-title", hidden: true },
      h("h2", { id: "t-activity-title" }, "Just now"), h("div", { role: "log", "data-testid": "t-activity" }, this.logList));
    this.about = h("section", { class: "t-about", "aria-labelledby": "t-about-title" });
    this.screen = h("section", { class: "panel wide t-detail", "data-testid": "tournament", "aria-labelledby": "t-title" },
      h("div", { class: "t-head" }, h("div", {}, this.title, this.meta), h("div", { class: "t-head-side" }, this.clock, this.live)),
      this.result,
      h("div", { class: "t-grid" },
        h("div", { class: "t-main" }, this.you, this.invite, this.board, this.games, this.dealsBox),
        h("div", { class: "t-aside" }, this.about, this.log)));
    this.main.append(this.screen);
  }

  render() {
    const t = this.t;
    const active = document.activeElement;
    const key = active && this.main.contains(active) ? (active.dataset.key || active.id || null) : null;
    this.screen.dataset.status = t.status;
    this.screen.dataset.format = t.format;
    replace(this.title, t.name);
    replace(this.meta, h("span", { class: ["t-status", t.status], "data-testid": "t-status" }, STATUSES[t.status] || t.status), " ",
      `${FORMATS[t.format] || t.format} · ${gameLine(t)}`, t.private ? " · private" : "");
    replace(this.result, t.winner ? h("p", { class: "t-won", "data-testid": "t-winner" }, h("span", { "aria-hidden": "true" }, "\u2605 "),
      this.me !== null && t.winner.username === this.me ? "You won this tournament!" : `${t.winner.display_name} won this tournament.`) : null,
    t.status === "cancelled" ? h("p", { class: "t-won" }, "This tournament was cancelled.") : null);
    this.renderYou();
    this.renderInvite();
    this.renderBoard();
    this.renderGames();
    this.renderDeals();
    replace(this.about, h("h2", { id: "t-about-title" }, "About this tournament"), settingsList(t),
      t.created_by ? h("p", { class: "hint" }, `Created by ${t.created_by.display_name}.`) : null);
    this.tick();
    if (key) {
      const again = this.main.querySelector(`[data-key="${CSS.escape(key)}"]`) || document.getElementById(key);
      if (again && again !== document.activeElement && !active.isConnected) again.focus({ preventScroll: true });
    }
  }

  tick() {
    const t = this.t;
    const clock = countdown(t);
    if (!clock) {
      replace(this.clock, t.status === "started" && this.knockout && t.current_round ? `Round ${t.current_round}` : "");
      return;
    }
    const [label, iso] = clock;
    replace(this.clock, `${label} `, h("b", {}, left(iso)));
    // A moment that has come (a start, an end, a deadline) is run when the tournament is
    // read: read it once then.
    if (Date.parse(iso) <= Date.now() && this.refreshedFor !== iso) {
      this.refreshedFor = iso;
      this.refresh().catch(() => {});
    }
  }

  renderYou() {
    const t = this.t;
    const y = t.you;
    const open = t.status === "created" || t.status === "started";
    const joinable = joinOpen(t);
    const flexible = t.format === "arena" || t.format === "swiss";
    const parts = [];
    const button = (label, action, extra = {}) => h("button", {
      type: "button", "data-key": `t-${action}`, onclick: () => this.act(action), ...extra,
    }, label);
    if (!y) {
      if (joinable && !t.private) {
        parts.push(h("p", {}, t.status === "created" ? "You are not in it yet." : "It is under way: you may still join."),
          h("div", { class: "row" }, button("Join", "join", { class: "primary" })));
      } else if (joinable) {
        parts.push(h("p", {}, "This tournament is private: join it with its invite code."), codeForm(this.ctx));
      } else if (open) {
        parts.push(h("p", {}, refusal({ code: "already_started" }, t)));
      }
    } else {
      parts.push(h("p", { class: "t-you-line", "data-testid": "t-you-line" }, this.youLine()));
      if (y.game_id) {
        parts.push(h("p", {}, h("a", { class: "button primary", href: `#/game/${y.game_id}`, "data-testid": "t-your-game", "data-key": "t-your-game" }, "Open your game")));
      }
      const buttons = [];
      if (open && !y.removed) {
        if (flexible && joinable && (y.paused || y.withdrawn)) buttons.push(button("Come back", "comeback", { class: "primary" }));
        if (flexible && t.status === "started" && !y.paused && !y.withdrawn) buttons.push(button("Pause", "pause"));
        if (!y.withdrawn) buttons.push(button(t.status === "created" ? "Leave" : "Withdraw", "withdraw", { class: "danger" }));
      }
      if (t.status === "created" && t.created_by && t.created_by.username === this.me) {
        buttons.push(button("Cancel the tournament", "cancel", { class: "danger" }));
      }
      if (buttons.length) parts.push(h("div", { class: "row" }, buttons));
    }
    if (this.confirming) parts.push(this.confirmBox());
    const message = this.message;
    if (message) {
      parts.push(h("p", {
        class: message.kind === "error" ? "error-text" : "t-ok", role: "alert", "data-testid": "t-message", "data-kind": message.kind,
      }, message.text));
      if (message.notice) parts.push(message.notice);
    }
    replace(this.you, h("h2", { id: "t-you-title" }, "You"), parts);
  }

  youLine() {
    const t = this.t;
    const y = t.you;
    if (y.removed) return "The organisers removed you from this tournament.";
    if (t.status === "finished") return y.rank ? `You finished ${ordinal(y.rank)}.` : "You took part.";
    if (t.status === "cancelled") return "You had joined.";
    if (y.withdrawn) return t.status === "created" ? "You left." : "You withdrew: you are not paired any more.";
    if (y.paused) {
      const until = y.paused_until && Date.parse(y.paused_until) > Date.now()
        ? ` You may come back from ${new Date(y.paused_until).toLocaleTimeString()}.` : " You may come back now.";
      return `You paused: you are not paired until you come back.${until}`;
    }
    if (t.status === "created") {
      return t.format === "sit_and_go"
        ? `You are in. It starts when all ${t.capacity} seats are taken (${t.players} so far).`
        : `You are in. It starts ${when(t.starts_at)}.`;
    }
    const rank = y.rank && !this.knockout ? `${ordinal(y.rank)} with ${points(y.score)} ${y.score === 1 ? "point" : "points"}` : null;
    if (y.game_id) return `You are playing${rank ? `: ${rank}` : ""}.`;
    return rank ? `You are ${rank}. Your next game opens by itself when you are paired.` : "Your next game opens by itself when you are paired.";
  }

  confirmBox() {
    const knockout = this.knockout && this.t.status === "started";
    const text = this.confirming === "cancel"
      ? "Cancel this tournament? Nobody can join it or play in it any more."
      : knockout ? "Withdraw? You lose your match: a game you are playing is conceded."
        : "Withdraw? You are not paired any more (you may come back by joining again).";
    return h("div", { class: "t-confirm", role: "group", "aria-label": "Confirm" }, h("p", {}, text),
      h("div", { class: "row" },
        h("button", { type: "button", class: "danger", "data-key": `t-confirm-${this.confirming}`, onclick: () => this.act(this.confirming, true) },
          this.confirming === "cancel" ? "Cancel it" : "Withdraw"),
        h("button", {
          type: "button", "data-key": "t-keep",
          onclick: () => {
            this.confirming = null;
            this.render();
          },
        }, "Keep it")));
  }

  async act(action, confirmed = false) {
    const t = this.t;
    const weighty = action === "cancel" || (action === "withdraw" && t.status === "started");
    if (weighty && !confirmed) {
      this.confirming = action;
      this.message = null;
      this.render();
      this.you.querySelector(`[data-key=t-confirm-${action}]`).focus();
      return;
    }
    this.confirming = null;
    const path = { join: "join", comeback: "join", withdraw: "withdraw", pause: "pause", cancel: "cancel" }[action];
    for (const b of this.you.querySelectorAll("button")) b.disabled = true;
    try {
      const answer = await api(`/tournaments/${this.id}/${path}`, { method: "POST" });
      this.t = answer;
      this.message = {
        kind: "ok",
        text: {
          join: answer.format === "sit_and_go" && answer.status === "created" ? `You joined: it starts when all ${answer.capacity} seats are taken.` : "You joined.",
          comeback: "You are back: you are paired again.",
          withdraw: t.status === "created" ? "You left the tournament." : "You withdrew.",
          pause: "You paused: you are not paired until you come back.",
          cancel: "The tournament is cancelled.",
        }[action],
      };
      this.myGame(answer);
    } catch (error) {
      this.message = { kind: "error", text: refusal(error, t) };
      // A fair-play refusal: the notice (the rule in words, how to appeal) under it.
      if (error.code === "tournament_ban" || error.code === "playban") {
        this.message.notice = await fairPlayNotice();
      }
    }
    if (this.stopped) return;
    await this.loadParts().catch(() => {});
    this.render();
  }

  renderInvite() {
    const t = this.t;
    const joinable = t.status === "created" || (t.status === "started" && (t.format === "arena" || t.format === "swiss"));
    if (!t.invite_code || !joinable) {
      replace(this.invite);
      return;
    }
    const link = `${location.origin}/#/tournaments/join/${t.invite_code}`;
    replace(this.invite,
      h("h2", { id: "t-invite-title" }, "Invite friends"),
      h("p", {}, "Give them this code, or send them the link: opening it joins the tournament (as a guest, without an account)."),
      h("p", { class: "code", "data-testid": "t-invite-code" }, t.invite_code),
      h("p", {}, h("a", { href: link, class: "invite-link", "data-testid": "t-invite-link" }, link)),
      h("div", { class: "row" }, h("button", {
        type: "button", "data-key": "t-copy",
        onclick: async (event) => {
          try {
            await navigator.clipboard.writeText(link);
            event.target.textContent = "Link copied";
          } catch {
            this.ctx.say("Copying is not allowed here; select the link and copy it instead.", "info");
          }
        },
      }, "Copy the link")));
  }

  renderBoard() {
    const t = this.t;
    const { standings, bracket } = this.parts;
    if (bracket && !bracket.error) {
      replace(this.board, h("h2", { id: "t-board-title" }, bracket.kind === "tables" ? "Tables" : "Bracket"), bracketView(bracket, this.me));
      return;
    }
    if (!standings) {
      replace(this.board);
      return;
    }
    const title = t.status === "created" ? `Players (${t.players})` : "Standings";
    if (standings.error) {
      replace(this.board, h("h2", { id: "t-board-title" }, title), h("p", { class: "error-text" }, refusal(standings.error)));
      return;
    }
    replace(this.board, h("h2", { id: "t-board-title" }, title),
      t.format === "arena" && t.status !== "created" ? h("p", { class: "hint" }, "A win is 2 points, a draw 1; after two wins in a row a player is on fire, and scores double.") : null,
      t.format === "swiss" && t.status !== "created" ? h("p", { class: "hint" }, "A win is 1 point, a draw ½; ties are broken by Sonneborn–Berger, then performance.") : null,
      standingsTable(t, standings, this.me),
      this.pager(standings, this.standingsPage, (n) => this.goPage("standings", n), "Standings pages"));
  }

  renderGames() {
    const t = this.t;
    const { pairings } = this.parts;
    if (!pairings) {
      replace(this.games);
      return;
    }
    const round = this.shownRound();
    const picker = t.format !== "arena" && t.current_round > 1 ? h("div", { class: "field inline" },
      h("label", { for: "t-round" }, "Round"),
      h("select", {
        id: "t-round",
        onchange: (event) => {
          const value = Number(event.target.value);
          this.round = value === t.current_round ? null : value;
          this.pairingsPage = 1;
          this.loadParts().then(() => this.render()).catch(() => {});
        },
      }, Array.from({ length: t.current_round }, (_, i) => i + 1).map((n) => h("option", { value: n, selected: n === round }, `Round ${n}${n === t.current_round ? " (current)" : ""}`)))) : null;
    const title = t.format === "arena" ? "Games" : `Round ${round}: pairings`;
    replace(this.games, h("h2", { id: "t-games-title" }, title), picker,
      pairings.error ? h("p", { class: "error-text" }, refusal(pairings.error)) : pairingsList(t, pairings, this.me),
      pairings.error ? null : this.pager(pairings, this.pairingsPage, (n) => this.goPage("pairings", n), "Pages of games"));
  }

  // A round's deals change once (when they are revealed): drawn again only then, so that a
  // check of the decks stays on screen while other events come in.
  renderDeals() {
    const { deals } = this.parts;
    const shown = deals && !deals.error ? `${deals.round}:${deals.revealed}` : null;
    if (shown === this.dealsShown) return;
    this.dealsShown = shown;
    if (!shown) {
      replace(this.dealsBox);
      return;
    }
    replace(this.dealsBox, h("h2", { id: "t-deals-title" }, `Round ${deals.round}: duplicate deals`), dealsView(deals));
  }

  pager(page, current, go, label) {
    if (!page.next && !page.previous) return null;
    return h("nav", { class: "period-nav", "aria-label": label },
      page.previous ? h("button", { type: "button", class: "small", "data-key": `${label}-previous`, onclick: () => go(current - 1) }, "\u2190 Previous") : null,
      h("span", {}, `Page ${current} of ${Math.max(1, Math.ceil(page.count / PAGE_SIZE))}`),
      page.next ? h("button", { type: "button", class: "small", "data-key": `${label}-next`, onclick: () => go(current + 1) }, "Next \u2192") : null);
  }

  goPage(key, n) {
    this.setPage(key, n);
    this.loadParts().then(() => this.render()).catch(() => {});
  }
}
