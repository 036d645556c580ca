// A private sit & go: the form that creates one (any player may), the invite link that
// joins one (signed out: as a guest, or after signing in or up), and joining with a code.

import { api, auth } from "../api.js";
import { h, replace } from "../dom.js";
import { field, form } from "../screens/auth.js";
import { ruleOptions, rulesFrom, variantPicker } from "../screens/home.js";
import { settingsList } from "./parts.js";
import { refusal } from "./words.js";

const HOURS = [[1, "1 hour"], [6, "6 hours"], [24, "24 hours"], [72, "3 days"]];

// A labelled select laid out as auth.js's fields are (so that the API's field errors
// show under it).
function selectField(label, name, options, value, attrs = {}) {
  const id = `f-${name}`;
  return h("div", { class: "field", "data-field": name, ...attrs },
    h("label", { for: id }, label),
    h("select", { id, name }, options.map(([v, text]) => h("option", { value: v, selected: String(v) === String(value) }, text))),
    h("p", { class: "field-error", id: `${id}-error`, hidden: true }));
}

// Where a join lands: the game, if it started one (the sit & go is full), else the
// tournament's page.
export function arrived(t, ctx) {
  if (t.you && t.you.game_id) {
    const data = { tournament_id: t.id, tournament: t.name, game_id: t.you.game_id, round: t.current_round || null };
    if (ctx.openTournamentGame(data) || location.hash.startsWith(`#/game/${t.you.game_id}`)) return;
  }
  const target = `#/tournaments/${t.id}`;
  if (location.hash === target) ctx.route();
  else location.replace(target);
}

function bodyFrom(data) {
  const body = {
    format: "sit_and_go", private: true, variant: data.variant,
    capacity: Number(data.capacity), turn_seconds: Number(data.turn_seconds),
  };
  const name = (data.name || "").trim();
  if (name) body.name = name;
  if (data.variant === "gin") {
    body.best_of = Number(data.best_of);
  } else {
    body.table_size = Number(data.table_size);
  }
  const rules = rulesFrom(data);
  if (Object.keys(rules).length) body.rules = rules;
  return body;
}

export function createForm(main, ctx) {
  const summary = h("div", { class: "t-summary", "aria-live": "polite", "data-testid": "t-summary" });
  const picker = h("div");
  const el = form("Create a private sit & go", [
    h("p", {}, "Invite friends with a code or a link. It starts the moment the last seat is taken, and plays as a knockout; "
      + "each player's game opens by itself."),
    field("Name (optional)", { name: "name", maxlength: 80, autocomplete: "off" }, "Left blank, it is named after the game."),
    picker,
    field("Players", { name: "capacity", type: "number", min: 2, max: 64, value: 4, required: true, inputmode: "numeric" },
      "2 to 64, you included."),
    selectField("Each match", "best_of", [[1, "One game"], [3, "Best of 3 games"], [5, "Best of 5 games"]], 1, { "data-variant": "gin" }),
    selectField("Players at each table", "table_size", [[2, "2 (1-v-1)"], [3, "3"], [4, "4"]], 4, { "data-variant": "rummy", hidden: true }),
    selectField("Time per turn", "turn_seconds", [[30, "30 seconds"], [60, "1 minute (standard)"], [120, "2 minutes"], [300, "5 minutes"]], 60),
    selectField("Cancelled if not full within", "within", HOURS, 24),
    ruleOptions({ quick: true }),
    h("h2", { class: "t-summary-title" }, "In short"),
    summary,
  ], "Create the sit & go", async (data) => {
    const body = bodyFrom(data);
    body.starts_at = new Date(Date.now() + Number(data.within) * 3600 * 1000).toISOString();
    const t = await api("/tournaments", { method: "POST", body });
    ctx.navigate(`#/tournaments/${t.id}`);
  }, h("p", { class: "hint" }, "You take the first seat. You may cancel it until it starts; ",
    h("a", { href: "#/tournaments" }, "back to the tournaments"), "."),
  { attrs: { "data-testid": "t-create-form" } });
  el.classList.add("t-create");
  el.querySelector("button[type=submit]").dataset.key = "t-create-submit";
  picker.replaceWith(variantPicker(el));
  const update = () => {
    const data = {};
    for (const input of el.elements) {
      if (!input.name) continue;
      data[input.name] = input.type === "checkbox" ? input.checked : input.value;
    }
    const body = bodyFrom(data);
    const shown = {
      ...body, table_size: body.variant === "gin" ? 2 : body.table_size, players: 1, rules: body.rules || {},
      starts_at: new Date(Date.now() + Number(data.within) * 3600 * 1000).toISOString(),
    };
    replace(summary, settingsList(shown));
  };
  el.addEventListener("input", update);
  el.addEventListener("change", update);
  update();
  main.append(el);
  document.body.dataset.ready = "t-create";
}

// #/tournaments/join/<code>: joins at once when signed in; signed out, it offers to join
// as a guest (guests may join tournaments), or to sign in or up first and come back.
export async function invite(main, code, ctx) {
  if (!auth.token) {
    inviteSignedOut(main, code, ctx);
    return null;
  }
  main.append(h("section", { class: "panel narrow" }, h("h1", {}, "Joining the tournament…"),
    h("p", {}, `Invite code ${code}`)));
  try {
    arrived(await api("/tournaments/join", { method: "POST", body: { code } }), ctx);
  } catch (error) {
    replace(main, h("section", { class: "panel narrow", "data-testid": "t-join-failed" },
      h("h1", {}, "Could not join"),
      h("p", { class: "error-text", role: "alert" }, refusal(error)),
      h("a", { href: "#/tournaments" }, "See the tournaments")));
  }
  return null;
}

function inviteSignedOut(main, code, ctx) {
  ctx.rememberPending(`#/tournaments/join/${encodeURIComponent(code)}`);
  const el = form("You are invited to a tournament", [
    h("p", {}, "Invite code ", h("b", { class: "code-inline", "data-testid": "invite-code" }, code),
      ". Join now as a guest, no account needed, or with your account. When you are paired, your game opens by itself."),
    field("Your name in the tournament (optional)", { name: "display_name", autocomplete: "nickname", maxlength: 40 }),
    h("p", { class: "hint" }, "A guest's games are not rated; choose a username later to keep them."),
  ], "Join as a guest", async (data) => {
    const name = data.display_name.trim();
    await ctx.becomeGuest(name ? { display_name: name } : undefined);
    let t;
    try {
      t = await api("/tournaments/join", { method: "POST", body: { code } });
    } catch (error) {
      ctx.navigate("#/tournaments");
      ctx.say(refusal(error));
      return;
    }
    arrived(t, ctx);
  }, h("p", {}, "Have an account? ", h("a", { href: "#/signin" }, "Sign in"), " or ",
    h("a", { href: "#/signup" }, "create one"), ": you come back to this invitation after."),
  { attrs: { "data-testid": "t-invite" } });
  el.querySelector("button[type=submit]").dataset.key = "t-join-as-guest";
  main.append(el);
}

// Join a private tournament with its code (from the list screen).
export function codeForm(ctx) {
  const error = h("p", { class: "error-text", role: "alert", "data-testid": "t-code-error" });
  const el = h("form", {
    class: "t-code", "aria-labelledby": "t-code-title",
    onsubmit: async (event) => {
      event.preventDefault();
      const button = el.querySelector("button");
      const code = el.querySelector("input").value.trim();
      if (!code) return;
      button.disabled = true;
      error.textContent = "";
      try {
        arrived(await api("/tournaments/join", { method: "POST", body: { code } }), ctx);
      } catch (err) {
        error.textContent = refusal(err);
      } finally {
        button.disabled = false;
      }
    },
  },
  h("h2", { id: "t-code-title" }, "Join with a code"),
  h("div", { class: "field inline" },
    h("label", { for: "t-code-input" }, "Invite code"),
    h("input", { id: "t-code-input", name: "code", required: true, maxlength: 16, autocomplete: "off", autocapitalize: "characters", spellcheck: "false" }),
    h("button", { type: "submit" }, "Join")),
  error);
  return el;
}
