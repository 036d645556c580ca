// Home: play the computer, invite a friend, join with a code, my games, the public lobby.

import { api } from "../api.js";
import { formData, h, replace } from "../dom.js";

const LEVELS = [
  ["easy", "Easy", "Plays the obvious."],
  ["medium", "Medium", "Remembers what you take."],
  ["hard", "Hard", "Counts cards and waits for gin."],
];

function select(name, label, options, value) {
  const id = `${name}-${Math.random().toString(36).slice(2, 7)}`;
  return h("div", { class: "field inline" },
    h("label", { for: id }, label),
    h("select", { id, name }, options.map(([v, text]) => h("option", { value: v, selected: String(v) === String(value) }, text))));
}

function checkbox(name, label, checked) {
  const id = `${name}-${Math.random().toString(36).slice(2, 7)}`;
  return h("div", { class: "field check" },
    h("input", { type: "checkbox", id, name, checked }), h("label", { for: id }, label));
}

function ruleOptions() {
  return h("details", { class: "rules" },
    h("summary", {}, "Rule options"),
    select("target_score", "Play to", [[100, "100 points (standard)"], [50, "50 points"], [25, "25 points (quick)"]], 100),
    select("knock_limit", "Knock with deadwood up to", [[10, "10 (standard)"], [7, "7"], [5, "5"], [0, "0: gin only"]], 10),
    checkbox("oklahoma", "Oklahoma: the first upcard sets the knock limit", false),
    checkbox("big_gin", "Big gin (all 11 cards melded) scores its bonus", true));
}

function rulesFrom(data) {
  const rules = {};
  if (Number(data.target_score) !== 100) rules.target_score = Number(data.target_score);
  if (Number(data.knock_limit) !== 10) rules.knock_limit = Number(data.knock_limit);
  if (data.oklahoma) rules.oklahoma = true;
  if (!data.big_gin) rules.big_gin = false;
  return rules;
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
  const other = game.players.find((p) => p.seat !== game.you);
  if (!other) return "Waiting for a player";
  if (other.computer) return `Computer (${other.computer})`;
  return other.user ? other.user.display_name : "Waiting for a friend";
}

function gameLine(game) {
  const status = game.status === "active"
    ? (game.your_turn ? "Your turn" : "Their turn")
    : game.status === "waiting" ? "Waiting" : game.status === "finished"
      ? (game.winner === game.you ? "You won" : "You lost") : "Cancelled";
  const scores = `${game.scores[game.you]} – ${game.scores[1 - game.you]}`;
  return h("li", { class: ["game-line", game.your_turn && "your-turn"] },
    h("span", { class: "who" }, `vs ${describePlayers(game)}`),
    h("span", { class: "score" }, scores),
    h("span", { class: "state" }, status),
    h("a", { class: "button small", href: `#/game/${game.id}` },
      game.status === "active" || game.status === "waiting" ? "Resume" : "View"));
}

export async function home(main, ctx) {
  const computer = h("form", {
    class: "panel", "aria-labelledby": "h-computer",
    onsubmit: submitting(ctx, async (data) => {
      const game = await api("/games", {
        method: "POST", body: { opponent: "computer", difficulty: data.difficulty, rules: rulesFrom(data) },
      });
      ctx.navigate(`#/game/${game.id}`);
    }),
  },
  h("h2", { id: "h-computer" }, "Play the computer"),
  h("fieldset", { class: "levels" }, h("legend", {}, "Level"),
    LEVELS.map(([value, label, hint], i) => h("label", { class: "level" },
      h("input", { type: "radio", name: "difficulty", value, checked: i === 0 }),
      h("span", { class: "level-name" }, label), h("span", { class: "hint" }, hint)))),
  ruleOptions(),
  h("button", { type: "submit", class: "primary" }, "Play the computer"));

  const friend = h("form", {
    class: "panel", "aria-labelledby": "h-friend",
    onsubmit: submitting(ctx, async (data) => {
      const body = { opponent: "human", visibility: data.visibility, rules: rulesFrom(data) };
      if (data.turn_seconds !== "default") body.turn_seconds = data.turn_seconds === "none" ? null : Number(data.turn_seconds);
      const game = await api("/games", { method: "POST", body });
      ctx.navigate(`#/game/${game.id}`);
    }),
  },
  h("h2", { id: "h-friend" }, "Invite a friend"),
  h("p", {}, "You get a code and a link; whoever opens the link joins your table."),
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
  const lobby = h("ul", { class: "game-list" }, h("li", {}, "Loading…"));
  const name = ctx.me ? ctx.me.display_name : "";
  main.append(
    h("h1", { class: "page-title" }, name ? `Welcome, ${name}` : "Gin Rummy"),
    h("div", { class: "home-grid" }, computer, h("div", { class: "stack" }, friend, join),
      h("section", { class: "panel", "aria-labelledby": "h-mine" }, h("h2", { id: "h-mine" }, "Your games"), mine),
      h("section", { class: "panel", "aria-labelledby": "h-lobby" }, h("h2", { id: "h-lobby" }, "Public tables"), lobby)));

  const [games, tables] = await Promise.allSettled([api("/games?page_size=15"), api("/lobby?page_size=15")]);
  if (games.status === "fulfilled") {
    replace(mine, games.value.results.length ? games.value.results.map(gameLine)
      : h("li", { class: "empty" }, "No games yet. Start one!"));
  } else replace(mine, h("li", { class: "error-text" }, games.reason.detail || "Your games could not be loaded."));
  if (tables.status === "fulfilled") {
    const me = ctx.me && ctx.me.username;
    replace(lobby, tables.value.results.length ? tables.value.results.map((t) => h("li", { class: "game-line" },
      h("span", { class: "who" }, t.created_by.display_name),
      h("span", { class: "state" }, `to ${t.rules.target_score || 100}${t.turn_seconds ? `, ${t.turn_seconds} s a turn` : ""}`),
      t.created_by.username === me
        ? h("a", { class: "button small", href: `#/game/${t.id}` }, "Your table")
        : h("button", {
          type: "button", class: "small",
          onclick: async () => {
            try {
              const game = await api("/games/join", { method: "POST", body: { code: t.invite_code } });
              ctx.navigate(`#/game/${game.id}`);
            } catch (error) {
              ctx.say(error);
            }
          },
        }, "Join")))
      : h("li", { class: "empty" }, "Nobody is waiting right now."));
  } else replace(lobby, h("li", { class: "error-text" }, tables.reason.detail || "The lobby could not be loaded."));
}

// #/join/<code>: the invite link. Joins at once (after signing in, if need be).
export async function joinByLink(main, code, ctx) {
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
