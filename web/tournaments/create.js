// Creating a tournament: a public arena, Swiss tournament or knockout, or a sit & go,
// public or private, within the limits the server sets for players (shown on the form;
// a guest creates a private sit & go only); the invite link that joins a private one
// (signed out: as a guest, or after signing in or up), and joining with a code.

import { api, auth } from "../api.js";
import { h, plural, replace } from "../dom.js";
import { field, form } from "../screens/auth.js";
import { ruleOptions, rulesFrom, variantPicker } from "../screens/home.js";
import { VARIANTS, variantNamed } from "../variants.js";
import { settingsList } from "./parts.js";
import { FORMATS, refusal } from "./words.js";

const HOURS = [[1, "1 hour"], [6, "6 hours"], [24, "24 hours"], [72, "3 days"]];
const STARTS = [[10, "10 minutes"], [15, "15 minutes"], [30, "30 minutes"], [60, "1 hour"], [120, "2 hours"],
  [240, "4 hours"], [1440, "1 day"], [2880, "2 days"], [10080, "7 days"]];
const DURATIONS = [[20, "20 minutes"], [30, "30 minutes"], [45, "45 minutes"], [60, "1 hour"], [90, "1½ hours"],
  [120, "2 hours"], [180, "3 hours"], [240, "4 hours"]];
const ROUND_MINUTES = [[10, "10 minutes"], [15, "15 minutes"], [20, "20 minutes"], [30, "30 minutes"], [45, "45 minutes"], [60, "1 hour"]];
// The server's field names that this form calls otherwise (a Rummy rule option is
// called `rounds` too).
const FIELD_NAMES = { rounds: "swiss_rounds" };
const ABOUT = {
  sit_and_go: "It starts the moment the last seat is taken, and plays as a knockout; each player's game opens by itself.",
  arena: "For a fixed time, every player is paired again as soon as their game ends; two wins in a row score double.",
  swiss: "Everybody plays every round, against players on the same score; the best score after the last round wins.",
  knockout: "Seeded by rating at its start: the winners go through, round after round, until one is left.",
};

// A labelled select laid out as auth.js's fields are (so that the API's field errors
// show under it).
function selectField(label, name, options, value, attrs = {}, help = null) {
  const id = `f-${name}`;
  return h("div", { class: "field", "data-field": name, ...attrs },
    h("label", { for: id }, label),
    h("select", { id, name, "aria-describedby": help ? `${id}-help` : null },
      options.map(([v, text]) => h("option", { value: v, selected: String(v) === String(value) }, text))),
    help ? h("p", { class: "hint field-help", id: `${id}-help` }, help) : null,
    h("p", { class: "field-error", id: `${id}-error`, "data-testid": `error-${name}`, hidden: true }));
}

// The names of the games whose entry's `tournament` passes `test`, as a field's `data-variant`.
const gamesWhere = (test) => Object.values(VARIANTS).filter((v) => test(v.tournament)).map((v) => v.name).join(" ");

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

const minutesFromNow = (minutes) => new Date(Date.now() + Number(minutes) * 60 * 1000).toISOString();

function bodyFrom(data) {
  const format = data.format || "sit_and_go";
  const body = {
    format, private: data.private === "private", variant: data.variant,
    capacity: Number(data.capacity), turn_seconds: Number(data.turn_seconds),
  };
  const name = (data.name || "").trim();
  if (name) body.name = name;
  const { tournament } = variantNamed(data.variant);
  if (tournament.tableSize) {
    if (format === "sit_and_go" || format === "knockout") body.best_of = Number(data.best_of);
  } else {
    body.table_size = Number(data.table_size);
  }
  if (format === "sit_and_go") {
    body.starts_at = minutesFromNow(Number(data.within) * 60);
  } else {
    body.starts_at = minutesFromNow(data.starts_at);
  }
  if (format === "arena") body.duration_minutes = Number(data.duration_minutes);
  if (format === "swiss") {
    body.rounds = Number(data.swiss_rounds);
    body.round_minutes = Number(data.round_minutes);
  }
  const rules = rulesFrom(data);
  if (Object.keys(rules).length) body.rules = rules;
  return body;
}

// The limits as a sentence (none for staff).
export function limitsInWords(limits) {
  if (!limits || limits.max_capacity === null) return "As staff, you create tournaments without the players' limits.";
  const days = limits.start_max_days;
  const parts = [
    `Tournaments you create take up to ${limits.max_capacity} players`,
    `start from ${limits.start_min_minutes} minutes to ${plural(days, "day")} from now`,
    `and last at most ${limits.max_minutes % 60 === 0 ? plural(limits.max_minutes / 60, "hour") : plural(limits.max_minutes, "minute")} (an arena's length, a Swiss tournament's rounds)`,
  ];
  return `${parts.join(", ")}. You may have ${limits.max_open} open at once (you have ${limits.open}) `
    + `and create ${limits.daily} a day (${limits.created_today} in the last 24 hours).`;
}

function limitTo(options, test) {
  const kept = options.filter(([v]) => test(Number(v)));
  return kept.length ? kept : options.slice(0, 1);
}

export async function createForm(main, ctx) {
  let limits = null;
  try {
    limits = await api("/tournaments/limits");
  } catch {
    limits = null; // the form still works: the server says a limit when it refuses
  }
  const mayPublic = !limits || limits.public;
  const formats = limits ? limits.formats : Object.keys(FORMATS);
  const maxCapacity = (limits && limits.max_capacity) || 64;
  const minStart = (limits && limits.start_min_minutes) || 0;
  const maxStart = limits && limits.start_max_days ? limits.start_max_days * 1440 : Infinity;
  const maxMinutes = (limits && limits.max_minutes) || Infinity;
  const summary = h("div", { class: "t-summary", "aria-live": "polite", "data-testid": "t-summary" });
  const about = h("p", { "data-testid": "t-about" }, ABOUT.sit_and_go);
  const picker = h("div");
  const el = form("Create a tournament", [
    h("p", { class: "hint t-limits", "data-testid": "t-limits" }, limitsInWords(limits),
      mayPublic ? null : " As a guest you create private sit & go tournaments; choose a username to create public ones."),
    selectField("Format", "format", formats.map((f) => [f, FORMATS[f] || f]), "sit_and_go"),
    selectField("Who may join", "private", mayPublic
      ? [["private", "Friends I invite (a code or a link)"], ["public", "Everyone: listed for all players"]]
      : [["private", "Friends I invite (a code or a link)"]], "private"),
    about,
    field("Name (optional)", { name: "name", maxlength: 80, autocomplete: "off" }, "Left blank, it is named after the game."),
    picker,
    field("Players", { name: "capacity", type: "number", min: 2, max: maxCapacity, value: 4, required: true, inputmode: "numeric" },
      `2 to ${maxCapacity}, you included.`),
    selectField("Starts in", "starts_at", limitTo(STARTS, (m) => m > minStart && m <= maxStart), 30,
      { "data-format": "arena swiss knockout", hidden: true }),
    selectField("Length", "duration_minutes", limitTo(DURATIONS, (m) => m <= maxMinutes), 60, { "data-format": "arena", hidden: true }),
    field("Rounds", { name: "swiss_rounds", type: "number", min: 1, max: 100, value: 5, inputmode: "numeric" },
      "Each round's games are paired when the last one ends, or at its deadline."),
    selectField("Each round at most", "round_minutes", ROUND_MINUTES, 20, { "data-format": "swiss", hidden: true }),
    h("div", { "data-format": "sit_and_go knockout" },
      selectField("Each match", "best_of", [[1, "One game"], [3, "Best of 3 games"], [5, "Best of 5 games"]], 1, { "data-variant": gamesWhere((t) => t.tableSize) })),
    selectField("Players at each table", "table_size", [[2, "2 (1-v-1)"], [3, "3"], [4, "4"]], 4, { "data-variant": gamesWhere((t) => t.tableSizes), hidden: true }),
    selectField("Time per turn", "turn_seconds", [[30, "30 seconds"], [60, "1 minute (standard)"], [120, "2 minutes"], [300, "5 minutes"]], 60),
    selectField("Cancelled if not full within", "within", limitTo(HOURS, (hours) => hours * 60 <= maxStart), 24, { "data-format": "sit_and_go" }),
    ruleOptions({ quick: true }),
    h("h2", { class: "t-summary-title" }, "In short"),
    summary,
  ], "Create the tournament", async (data) => {
    try {
      const t = await api("/tournaments", { method: "POST", body: bodyFrom(data) });
      ctx.navigate(`#/tournaments/${t.id}`);
    } catch (error) {
      throw inPlainWords(error);
    }
  }, h("p", { class: "hint" }, "You take the first seat. You may cancel it until it starts; ",
    h("a", { href: "#/tournaments" }, "back to the tournaments"), "."),
  { attrs: { "data-testid": "t-create-form" } });
  el.classList.add("t-create");
  el.querySelector("button[type=submit]").dataset.key = "t-create-submit";
  el.querySelector("[data-field=swiss_rounds]").dataset.format = "swiss";
  picker.replaceWith(variantPicker(el));
  const capacity = el.querySelector("#f-capacity");
  let capacityTouched = false;
  capacity.addEventListener("input", () => { capacityTouched = true; });
  const showFormat = () => {
    const chosen = el.querySelector("select[name=format]").value;
    for (const part of el.querySelectorAll("[data-format]")) part.hidden = !part.dataset.format.split(" ").includes(chosen);
    about.textContent = ABOUT[chosen] || "";
    el.querySelector("button[type=submit]").textContent = chosen === "sit_and_go" ? "Create the sit & go" : `Create the ${FORMATS[chosen].toLowerCase()}`;
    if (!capacityTouched) capacity.value = chosen === "sit_and_go" ? 4 : Math.min(16, maxCapacity);
  };
  el.querySelector("select[name=format]").addEventListener("change", showFormat);
  const update = () => {
    const data = {};
    for (const input of el.elements) {
      if (!input.name) continue;
      data[input.name] = input.type === "checkbox" ? input.checked : input.value;
    }
    const body = bodyFrom(data);
    const shown = {
      ...body, table_size: variantNamed(body.variant).tournament.tableSize || body.table_size, players: 1, rules: body.rules || {},
    };
    replace(summary, settingsList(shown));
  };
  el.addEventListener("input", update);
  el.addEventListener("change", update);
  showFormat();
  update();
  main.append(el);
  document.body.dataset.ready = "t-create";
}

// A refusal of the form in plain words: the field a limit is about is called as the form
// calls it, and the refusals about no field say what to do.
function inPlainWords(error) {
  const body = error && error.body;
  if (!body) return error;
  if (body.fields) {
    body.fields = Object.fromEntries(Object.entries(body.fields).map(([name, value]) => [FIELD_NAMES[name] || name, value]));
  }
  if (["too_many_open_tournaments", "daily_tournament_limit", "permission_denied", "throttled"].includes(body.code)) {
    error.detail = refusal(error);
  }
  return error;
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
