// The web client's shell: a hash router (#/game/<id> survives a reload), the header, the
// message area, and the signed-in player (an account, or a guest from "Play now").

import { api, auth, ApiError, setUnauthorizedHandler } from "./api.js";
import { h, replace } from "./dom.js";
import { signIn, signUp } from "./screens/auth.js";
import { claim, renderGuestBar } from "./screens/guest.js";
import { home, joinByLink } from "./screens/home.js";
import { leaderboards } from "./screens/boards.js";
import { profile } from "./screens/profile.js";
import { rules } from "./screens/rules.js";
import { table } from "./table/index.js";
import { AccountEvents } from "./screens/notices.js";
import { openTournamentGame } from "./tournament-games.js";
import { startOffline } from "./offline.js";
import { applyPrefs, applyTheme } from "./prefs.js";
import { DEFAULT_VARIANT, variantNamed } from "./variants.js";

applyTheme(); // this browser's last choice, until the player's own is loaded

const main = document.getElementById("main");
const nav = document.getElementById("nav");
const notice = document.getElementById("notice");
const guestBar = document.getElementById("guest-bar");

const PUBLIC = new Set(["signin", "signup"]); // for those signed out only
const OPEN = new Set(["rules", "join"]); // for everyone (an invite offers to join as a guest)
// A tournament's invite link (#/tournaments/join/<code>) is open to everyone too.
const isOpen = (r) => OPEN.has(r.name) || (r.name === "tournaments" && r.args[0] === "join");
const isInvite = (r) => r.name === "join" || (r.name === "tournaments" && r.args[0] === "join");
const PENDING_KEY = "ginrummy.pending";

const ctx = {
  me: null,
  async loadMe() {
    ctx.me = await api("/me");
    applyPrefs(ctx);
    return ctx.me;
  },
  navigate(hash) {
    if (location.hash === hash) route();
    else location.hash = hash;
  },
  // A message for people: an error's detail, or any sentence. (No answer from the server
  // is said by the connection bar, web/offline.js.)
  say(message, kind = "error") {
    if (message instanceof ApiError && message.status === 0) return;
    const text = message instanceof ApiError ? message.detail
      : message instanceof Error ? `Something went wrong: ${message.message}` : String(message);
    replace(notice, h("p", { class: ["notice", kind], "data-kind": kind },
      h("span", {}, text),
      h("button", { type: "button", class: "link", "aria-label": "Dismiss", onclick: () => replace(notice) }, "\u00d7")));
    notice.hidden = false;
    if (kind !== "error") setTimeout(() => { if (notice.textContent.includes(text)) replace(notice); }, 6000);
  },
  clearNotice() {
    replace(notice);
  },
  // Account-event notices about a game are dropped once that game is open.
  clearOffers() {
    const shown = notice.querySelector("[data-game]");
    if (shown && location.hash.startsWith(`#/game/${shown.dataset.game}`)) replace(notice);
  },
  tableEvents: null,
  // A tournament seated the player at a game: its table opens at once (web/tournament-games.js).
  openTournamentGame: (data) => openTournamentGame(ctx, data),
  signedIn(token) {
    auth.set(token);
    ctx.me = null;
    const pending = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    ctx.navigate(pending || "#/");
  },
  // Where to go once signed in or up (an invite link opened signed out).
  rememberPending(hash) {
    sessionStorage.setItem(PENDING_KEY, hash);
  },
  // A guest account (POST /auth/guest), signed in at once: its token is kept where an
  // account's is.
  async becomeGuest(body) {
    const guest = await api("/auth/guest", { method: "POST", body });
    auth.set(guest.token);
    sessionStorage.removeItem(PENDING_KEY);
    ctx.me = null;
    return guest;
  },
  // "Play now": a guest, then a game against the computer, then its table.
  async playNow({ variant = DEFAULT_VARIANT, difficulty = "medium" } = {}) {
    await ctx.becomeGuest();
    const body = { opponent: "computer", difficulty };
    // A game that names itself is asked for by name, one computer at its table.
    if (variantNamed(variant).namesItself) {
      body.variant = variant;
      body.computers = 1;
    }
    let game;
    try {
      game = await api("/games", { method: "POST", body });
    } catch (error) {
      ctx.navigate("#/");
      ctx.say(error);
      return;
    }
    ctx.navigate(`#/game/${game.id}`);
  },
  // The account stream pauses while a claim ends the guest's tokens (and streams), and
  // follows again with the new token.
  pauseAccount() {
    if (account) account.stop();
    account = null;
  },
  resumeAccount() {
    if (auth.token && !account) account = new AccountEvents(ctx).start();
  },
  claimed(token) {
    auth.set(token);
    ctx.me = null;
    ctx.resumeAccount();
    ctx.say("Your games are kept: this account is yours now, and on the leaderboards.", "info");
    ctx.navigate("#/");
  },
  async signOut() {
    try {
      await api("/auth/logout", { method: "POST" });
    } catch {
      // the token is forgotten here either way
    }
    auth.clear();
    ctx.me = null;
    ctx.navigate("#/signin");
  },
};

setUnauthorizedHandler(() => {
  auth.clear();
  ctx.me = null;
  sessionStorage.setItem(PENDING_KEY, location.hash);
  ctx.say("Your session has ended. Please sign in again.");
  ctx.navigate("#/signin");
});

function parse(hash) {
  const [path, query = ""] = hash.replace(/^#\/?/, "").split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  return { name: parts[0] || "home", args: parts.slice(1), query: new URLSearchParams(query) };
}

const SCREENS = {
  home: (el, r) => home(el, ctx),
  signin: (el) => signIn(el, ctx),
  signup: (el) => signUp(el, ctx),
  game: (el, r) => table(el, r.args[0], ctx),
  join: (el, r) => joinByLink(el, r.args[0], ctx),
  leaderboards: (el, r) => leaderboards(el, r, ctx),
  me: (el) => profile(el, null, ctx),
  u: (el, r) => profile(el, r.args[0], ctx),
  rules: (el, r) => rules(el, r.args[0]),
  // Loaded when first opened, as the tables' modules are: the first load stays light.
  tournaments: (el, r) => import("./tournaments/index.js").then((m) => m.tournaments(el, r, ctx)),
  claim: (el, r) => claim(el, r, ctx),
  review: (el, r) => import("./screens/review.js").then((m) => m.review(el, r.args[0])),
};

let cleanup = null;
let account = null;

function renderNav(signedIn, screen) {
  if (!signedIn) {
    const playNow = h("button", {
      type: "button", class: "nav-play", "data-key": "nav-play-now",
      onclick: async () => {
        playNow.disabled = true;
        try {
          await ctx.playNow();
        } catch (error) {
          ctx.say(error);
          playNow.disabled = false;
        }
      },
    }, "Play now");
    // Not beside an invitation, whose screen offers to join the table as a guest instead.
    replace(nav, screen === "invite" ? null : playNow, h("a", { href: "#/signin" }, "Sign in"), h("a", { href: "#/signup" }, "Sign up"),
      h("a", { href: "#/rules" }, "Rules"));
    return;
  }
  const guest = Boolean(ctx.me && ctx.me.guest);
  replace(nav,
    h("a", { href: "#/" }, "Play"),
    h("a", { href: "#/tournaments" }, "Tournaments"),
    h("a", { href: "#/leaderboards" }, "Leaderboards"),
    h("a", { href: "#/rules" }, "Rules"),
    h("a", { href: "#/me" }, ctx.me ? ctx.me.display_name : "Profile"),
    // A guest has no password: signing out would lose its games, so it is offered the
    // claim form first.
    h("button", {
      type: "button", class: "link", "data-key": "sign-out",
      onclick: () => (guest ? ctx.navigate("#/claim?leave=1") : ctx.signOut()),
    }, "Sign out"));
}

// Routes overlap: a screen still loading (its game, the player) when the address changes
// again must neither show up in the newer screen nor name itself the one shown. Each route
// renders into a holder of its own and gives way once a newer route has begun; the body's
// data-screen names the screen only once it is shown whole (and home's data-ready once its
// lists are in), so whoever waits on them never acts on a screen still being built.
let routing = 0;

async function route() {
  const mine = ++routing;
  const current = () => mine === routing;
  const r = parse(location.hash);
  if (typeof cleanup === "function") cleanup();
  cleanup = null;
  delete document.body.dataset.screen;
  delete document.body.dataset.ready;
  const screen = SCREENS[r.name];
  if (!auth.token && !PUBLIC.has(r.name) && !isOpen(r)) {
    if (r.name !== "home") sessionStorage.setItem(PENDING_KEY, location.hash);
    if (account) account.stop();
    account = null;
    renderNav(false);
    location.replace("#/signin");
    return;
  }
  if (auth.token && PUBLIC.has(r.name)) {
    location.replace("#/");
    return;
  }
  // A screen that could not load for want of a connection is drawn again once it is back.
  ctx.routeFailed = false;
  const unreachable = (error) => {
    if (error instanceof ApiError && error.status === 0) ctx.routeFailed = true;
  };
  if (auth.token && !ctx.me) {
    try {
      await ctx.loadMe();
    } catch (error) {
      unreachable(error);
      if (!(error instanceof ApiError && error.status === 401)) ctx.say(error);
    }
    if (!current()) return;
  }
  renderNav(Boolean(auth.token), isInvite(r) ? "invite" : r.name);
  renderGuestBar(guestBar, ctx, r.name);
  if (auth.token && !account) account = new AccountEvents(ctx).start();
  ctx.clearOffers();
  if (!auth.token && account) {
    account.stop();
    account = null;
  }
  const holder = h("div", { class: "screen-holder" });
  replace(main, holder);
  if (!screen) {
    replace(holder, h("section", { class: "panel" }, h("h1", { tabindex: "-1" }, "Page not found"),
      h("p", {}, "There is nothing at this address. "), h("a", { href: "#/" }, "Back to the start")));
    return;
  }
  try {
    const stop = await screen(holder, r);
    if (!current()) {
      if (typeof stop === "function") stop();
      return;
    }
    cleanup = stop;
  } catch (error) {
    if (!current()) return;
    unreachable(error);
    replace(holder, h("section", { class: "panel" },
      h("h1", { tabindex: "-1" }, "This page could not be shown"),
      h("p", { class: "error-text" }, error instanceof ApiError ? error.detail : String(error.message || error)),
      h("button", { type: "button", onclick: () => route() }, "Try again")));
  }
  // After a move within the page, the new screen's heading takes the focus (so a screen
  // reader says where it is); on the first load the focus stays at the top of the page, so
  // the header's links come first in tab order.
  const heading = main.querySelector("h1");
  if (heading && document.activeElement === document.body && routed > 0) {
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }
  routed += 1;
  document.body.dataset.screen = r.name;
}

let routed = 0;

document.getElementById("skip").addEventListener("click", (event) => {
  event.preventDefault();
  const target = main.querySelector("h1") || main;
  target.setAttribute("tabindex", "-1");
  target.focus();
});

window.addEventListener("hashchange", route);
window.addEventListener("unhandledrejection", (event) => {
  ctx.say(event.reason instanceof Error ? event.reason : String(event.reason));
});
window.addEventListener("error", (event) => ctx.say(event.error || event.message));
ctx.route = route;
startOffline(ctx);
route();
