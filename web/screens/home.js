// Home: play the computer, invite a friend, join with a code, my games, the public lobby.

import { api, auth } from "../api.js";
import { formData, h, replace } from "../dom.js";
import {
  DEFAULT_LEVEL, DEFAULT_VARIANT, LEVELS, VARIANTS, variantLabel, variantName, variantNamed, variantOf,
} from "../variants.js";
import { select } from "../games/common.js";
import { fairPlayNotice } from "./fairplay.js";
import { inviteSignedOut } from "./guest.js";

// The rule options of each game (a tournament's form offers a very quick game too): each
// game's fields (its entry's `rules.fields`), shown while it is the game chosen.
export function ruleOptions({ quick = false } = {}) {
  return h("details", { class: "rules" },
    h("summary", {}, "Rule options"),
    Object.values(VARIANTS).map((v) => h("div", { class: "variant-options", "data-variant": v.name, hidden: v.name !== DEFAULT_VARIANT },
      v.rules.fields({ quick }))),
    h("p", { class: "hint" }, h("a", { href: "#/rules" }, "How to play")));
}

// The game chosen in a create form; its options shown, the other games' hidden (a field's
// `data-variant` names the games it is for, separated by spaces).
export function variantPicker(form) {
  const picker = select("variant", "Game", Object.values(VARIANTS).map((v) => [v.name, v.label]), DEFAULT_VARIANT);
  const update = () => {
    const chosen = form.querySelector("select[name=variant]").value;
    for (const el of form.querySelectorAll("[data-variant]")) el.hidden = !el.dataset.variant.split(" ").includes(chosen);
  };
  picker.querySelector("select").addEventListener("change", update);
  return picker;
}

// The chosen game's rule fields as the API's `rules`.
export const rulesFrom = (data) => variantNamed(data.variant).rules.from(data);

// The games' fields for a table of several seats, one block for the games that share them
// (their entries' `tables`), each shown while one of its games is chosen.
function tableFields(fields) {
  const kinds = new Map();
  for (const v of Object.values(VARIANTS)) {
    if (v.tables) kinds.set(v.tables, [...(kinds.get(v.tables) || []), v.name]);
  }
  return [...kinds].map(([tables, names]) => h("div", { "data-variant": names.join(" "), hidden: true }, fields(tables)));
}

// What the chosen game's table adds to POST /games (a game of two players adds nothing).
function tableBody(data, opponent) {
  const { tables, name } = variantNamed(data.variant);
  return tables ? tables.body(data, opponent, name) : {};
}

function submitting(ctx, handler) {
  return async (event) => {
    event.preventDefault();
    const button = event.target.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    ctx.clearNotice();
    try {
      await handler(formData(event.target), event.target);
    } catch (error) {
      ctx.say(error);
    } finally {
      if (button) button.disabled = false;
    }
  };
}

function describePlayers(game) {
  const others = game.players.filter((p) => p.seat !== game.you);
  const names = others.map((p) => p.name || (p.computer ? `Computer (${p.computer})` : p.user ? p.user.display_name : "open seat"));
  return names.length ? names.join(", ") : "Waiting for players";
}

function gameLine(game) {
  const won = game.winner === game.you;
  const status = game.status === "active"
    ? (game.your_turn ? "Your turn" : "Their turn")
    : game.status === "waiting" ? "Waiting" : game.status === "finished"
      ? (won ? "You won" : "You lost") : "Cancelled";
  const others = game.players.filter((p) => p.seat !== game.you).map((p) => game.scores[p.seat]);
  const scores = `${game.scores[game.you]} – ${others.join(" – ")}`;
  return h("li", { class: ["game-line", game.your_turn && "your-turn"], "data-variant": variantName(game) },
    h("span", { class: "who" }, h("span", { class: "variant-tag" }, variantLabel(game)), ` vs ${describePlayers(game)}`),
    h("span", { class: "score" }, scores),
    h("span", { class: "state" }, status),
    h("a", { class: "button small", href: `#/game/${game.id}`, "aria-label": `${game.status === "active" || game.status === "waiting" ? "Resume" : "View"}: ${variantLabel(game)} vs ${describePlayers(game)}` },
      game.status === "active" || game.status === "waiting" ? "Resume" : "View"));
}

export async function home(main, ctx) {
  const computer = h("form", {
    class: "panel", "aria-labelledby": "h-computer",
    onsubmit: submitting(ctx, async (data) => {
      const body = { opponent: "computer", difficulty: data.difficulty, rules: rulesFrom(data) };
      Object.assign(body, tableBody(data, "computer"));
      const game = await api("/games", { method: "POST", body });
      ctx.navigate(`#/game/${game.id}`);
    }),
  });
  computer.append(
    h("h2", { id: "h-computer" }, "Play the computer"),
    variantPicker(computer),
    ...tableFields((tables) => tables.computerFields()),
    h("fieldset", { class: "levels" }, h("legend", {}, "Level"),
      LEVELS.map(([value, label]) => h("label", { class: "level" },
        h("input", { type: "radio", name: "difficulty", value, checked: value === DEFAULT_LEVEL }),
        h("span", { class: "level-name" }, label),
        h("span", { class: "hint", "data-level": value }, VARIANTS[DEFAULT_VARIANT].levels[value])))),
    ruleOptions(),
    h("button", { type: "submit", class: "primary" }, "Play the computer"));
  // Each game says how its computer plays at each level.
  computer.querySelector("select[name=variant]").addEventListener("change", (event) => {
    const variant = variantNamed(event.target.value);
    for (const hint of computer.querySelectorAll(".levels .hint[data-level]")) {
      hint.textContent = variant.levels[hint.dataset.level];
    }
  });

  const friend = h("form", {
    class: "panel", "aria-labelledby": "h-friend",
    onsubmit: submitting(ctx, async (data) => {
      const body = { opponent: "human", visibility: data.visibility, rules: rulesFrom(data) };
      if (data.turn_seconds !== "default") body.turn_seconds = data.turn_seconds === "none" ? null : Number(data.turn_seconds);
      Object.assign(body, tableBody(data, "human"));
      const game = await api("/games", { method: "POST", body });
      ctx.navigate(`#/game/${game.id}`);
    }),
  });
  friend.append(
    h("h2", { id: "h-friend" }, "Invite friends"),
    h("p", {}, "You get a code and a link; whoever opens the link takes a seat at your table."),
    variantPicker(friend),
    ...tableFields((tables) => tables.friendFields(LEVELS, DEFAULT_LEVEL)),
    select("visibility", "Table", [["private", "Private: by invitation"], ["public", "Public: listed in the lobby"]], "private"),
    select("turn_seconds", "Time per turn", [["default", "Default (untimed; 60 s in the lobby)"], ["none", "Untimed"], [30, "30 seconds"], [60, "1 minute"], [180, "3 minutes"]], "default"),
    ruleOptions(),
    h("button", { type: "submit" }, "Create an invitation"));

  const join = h("form", {
    class: "panel", "aria-labelledby": "h-join",
    onsubmit: submitting(ctx, async (data) => {
      const game = await api("/games/join", { method: "POST", body: { code: data.code.trim() } });
      ctx.navigate(`#/game/${game.id}`);
    }),
  },
  h("h2", { id: "h-join" }, "Join with a code"),
  h("div", { class: "field inline" },
    h("label", { for: "join-code" }, "Invite code"),
    h("input", { id: "join-code", name: "code", required: true, maxlength: 16, autocomplete: "off", autocapitalize: "characters", spellcheck: "false" })),
  h("button", { type: "submit" }, "Join"));

  const mine = h("ul", { class: "game-list", "aria-live": "polite" }, h("li", {}, "Loading…"));
  const lobby = h("ul", { class: "game-list", "data-testid": "lobby" }, h("li", {}, "Loading…"));
  // A guest's made-up name (guest-7k3m9q) is no greeting.
  const guest = Boolean(ctx.me && ctx.me.guest);
  const name = ctx.me && !(guest && ctx.me.display_name === ctx.me.username) ? ctx.me.display_name : "";
  main.append(
    h("h1", { class: "page-title" }, name ? `Welcome, ${name}` : guest ? "Welcome" : "Rummy games"),
    h("div", { class: "home-grid" }, computer, h("div", { class: "stack" }, friend, join),
      h("section", { class: "panel", "aria-labelledby": "h-mine" }, h("h2", { id: "h-mine" }, "Your games"), mine),
      h("section", { class: "panel", "aria-labelledby": "h-lobby" }, h("h2", { id: "h-lobby" }, "Public tables"), lobby)));

  const [games, tables, fairPlay] = await Promise.allSettled([
    api("/games?page_size=15"), api("/lobby?page_size=15"), fairPlayNotice()]);
  // An active warning or ban, in plain words, above the forms it concerns.
  if (fairPlay.status === "fulfilled" && fairPlay.value) main.querySelector(".page-title").after(fairPlay.value);
  if (games.status === "fulfilled") {
    replace(mine, games.value.results.length ? games.value.results.map(gameLine)
      : h("li", { class: "empty" }, "No games yet. Start one!"));
  } else replace(mine, h("li", { class: "error-text" }, games.reason.detail || "Your games could not be loaded."));
  if (tables.status === "fulfilled") {
    const me = ctx.me && ctx.me.username;
    replace(lobby, tables.value.results.length ? tables.value.results.map((t) => lobbyLine(t, me, ctx))
      : h("li", { class: "empty" }, "Nobody is waiting right now."));
  } else replace(lobby, h("li", { class: "error-text" }, tables.reason.detail || "The lobby could not be loaded."));
  if (main.isConnected) document.body.dataset.ready = "home"; // still the screen shown
}

function lobbyLine(t, me, ctx) {
  const variant = variantName(t);
  const seats = t.seats || 2;
  const free = t.free_seats ?? 1;
  const rules = t.rules || {};
  const entry = variantOf(t);
  const length = entry ? entry.rules.length(rules) : "";
  return h("li", { class: "game-line lobby-line", "data-variant": variant, "data-seats": seats, "data-free": free },
    h("span", { class: "who" }, h("span", { class: "variant-tag" }, variantLabel(t)), ` ${t.created_by.display_name}`),
    h("span", { class: "seats", "data-testid": "lobby-seats" }, `${seats} seats, ${free} free`),
    h("span", { class: "state" }, `${length}${t.turn_seconds ? `, ${t.turn_seconds} s a turn` : ""}`),
    t.created_by.username === me
      ? h("a", { class: "button small", href: `#/game/${t.id}` }, "Your table")
      : h("button", {
        type: "button", class: "small", "aria-label": `Join ${t.created_by.display_name}'s ${variantLabel(t)} table`,
        onclick: async () => {
          try {
            const game = await api("/games/join", { method: "POST", body: { code: t.invite_code } });
            ctx.navigate(`#/game/${game.id}`);
          } catch (error) {
            ctx.say(error);
          }
        },
      }, "Join"));
}

// #/join/<code>: the invite link. Joins at once when signed in; signed out, it offers to
// join as a guest, or to sign in or up first.
export async function joinByLink(main, code, ctx) {
  if (!auth.token) {
    inviteSignedOut(main, code, ctx);
    return;
  }
  main.append(h("section", { class: "panel narrow" }, h("h1", {}, "Joining the table…"),
    h("p", {}, `Invite code ${code}`)));
  try {
    const game = await api("/games/join", { method: "POST", body: { code } });
    location.replace(`#/game/${game.id}`);
  } catch (error) {
    replace(main, h("section", { class: "panel narrow" },
      h("h1", {}, "Could not join"),
      h("p", { class: "error-text", role: "alert" }, error.detail || String(error)),
      h("a", { href: "#/" }, "Back to the start")));
  }
}
