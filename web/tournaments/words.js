// A tournament in words: its format, game, length and conditions as sentences, its times
// and countdowns, and the API's refusals (their codes) as sentences for people.

import { plural } from "../dom.js";
import { variantNamed } from "../variants.js";

export const FORMATS = { sit_and_go: "Sit & go", arena: "Arena", swiss: "Swiss", knockout: "Knockout" };
export const STATUSES = { created: "Upcoming", started: "Running", finished: "Finished", cancelled: "Cancelled" };

export const gameName = (variant) => (variantNamed(variant) || { label: variant }).label;

// "Gin Rummy, 1-v-1" / "Rummy, tables of 4".
export function gameLine(t) {
  return `${gameName(t.variant)}, ${t.table_size === 2 ? "1-v-1" : `tables of ${t.table_size}`}`;
}

// 1.5 -> "1½".
export function points(value) {
  if (value === null || value === undefined) return "–";
  const whole = Math.floor(value);
  const half = Math.abs(value - whole - 0.5) < 1e-9;
  if (half) return whole === 0 ? "½" : `${whole}½`;
  return String(Math.round(value * 100) / 100);
}

export function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${suffix}`;
}

// The game's rules as phrases (its entry's `rules.inWords`; none for a game this client does not know).
export function rulesInWords(variant, rules = {}) {
  const entry = variantNamed(variant);
  return entry ? entry.rules.inWords(rules) : [];
}

function duration(minutes) {
  if (minutes % 60 === 0) return plural(minutes / 60, "hour");
  if (minutes > 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return plural(minutes, "minute");
}

export function when(iso) {
  if (!iso) return "";
  return new Date(iso).toLocaleString(undefined, {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
  });
}

// The time left as people read it: "4:05", "2 h 05 min", "3 days".
export function left(iso, now = Date.now()) {
  const seconds = Math.max(0, Math.round((Date.parse(iso) - now) / 1000));
  if (seconds >= 2 * 86400) return `${Math.floor(seconds / 86400)} days`;
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} h ${String(Math.floor((seconds % 3600) / 60)).padStart(2, "0")} min`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function conditions(t) {
  const c = t.conditions || {};
  const parts = [];
  if (c.min_rated_games) parts.push(`at least ${plural(c.min_rated_games, `rated game`)} of ${gameName(t.variant)}`);
  if (c.min_rating !== null && c.min_rating !== undefined && c.max_rating !== null && c.max_rating !== undefined) {
    parts.push(`a rating from ${c.min_rating} to ${c.max_rating}`);
  } else if (c.min_rating !== null && c.min_rating !== undefined) parts.push(`a rating of ${c.min_rating} or more`);
  else if (c.max_rating !== null && c.max_rating !== undefined) parts.push(`a rating of ${c.max_rating} or less`);
  return parts;
}

// The settings as [term, sentence] pairs, for a definition list (a tournament from the
// API, or a create form's body with its defaults).
export function settingsInWords(t) {
  const oneVsOne = t.table_size === 2;
  const knockout = t.format === "sit_and_go" || t.format === "knockout";
  const rows = [];
  const format = {
    sit_and_go: `Sit & go: it starts the moment the last seat is taken, then plays as a knockout seeded by rating${oneVsOne ? "" : " (the top half of each table goes through)"}.`,
    arena: "Arena: when your game ends you are paired again at once; two wins in a row put you on fire (double points).",
    swiss: "Swiss: everybody plays every round, against players on the same score, never the same player twice.",
    knockout: `Knockout seeded by rating: ${oneVsOne ? "the winner of each match goes through" : "the top half of each table goes through"}.`,
  }[t.format];
  rows.push(["Format", format]);
  const rules = rulesInWords(t.variant, t.rules);
  rows.push(["Game", `${gameLine(t)}${rules.length ? `: ${rules.join(", ")}` : ""}.`]);
  if (knockout && oneVsOne) {
    const best = t.best_of || 1;
    rows.push(["Matches", best === 1 ? "One game a match." : `Best of ${best}: the first to win ${Math.floor(best / 2) + 1} games goes through.`]);
  }
  if (t.format === "arena") {
    rows.push(["Length", `${duration(t.duration_minutes)}${t.starts_at ? `, from ${when(t.starts_at)}` : ""}.`]);
  } else if (t.format === "swiss") {
    rows.push(["Length", `${plural(t.rounds, "round")}, ${duration(t.round_minutes || 60)} a round at most.`]);
  } else {
    rows.push(["Length", "Until one player is left."]);
  }
  if (t.format === "sit_and_go") {
    rows.push(["Players", `${t.capacity} (${t.players ?? 0} joined).`]);
  } else {
    const most = t.capacity ? `Up to ${t.capacity}` : "Any number";
    rows.push(["Players", `${most} (${t.players ?? 0} joined); ${t.min_players || 2} needed to start.`]);
  }
  if (t.starts_at && t.format !== "arena" && (!t.status || t.status === "created")) {
    rows.push([t.format === "sit_and_go" ? "Latest start" : "Start",
      t.format === "sit_and_go" ? `${when(t.starts_at)}: cancelled if it is not full by then.` : `${when(t.starts_at)}.`]);
  }
  if (t.started_at) rows.push(["Started", `${when(t.started_at)}.`]);
  if (t.finished_at) rows.push([t.status === "cancelled" ? "Cancelled" : "Ended", `${when(t.finished_at)}.`]);
  rows.push(["Turns", `${t.turn_seconds || 60} seconds a turn.`]);
  const needs = conditions(t);
  rows.push(["Who may join", t.private ? "By invitation: joined with its invite code." + (needs.length ? ` Players need ${needs.join(" and ")}.` : "")
    : needs.length ? `Players with ${needs.join(" and ")}.` : "Everyone."]);
  if (t.duplicate) {
    rows.push(["Deals", "Duplicate: every table of a round plays the same decks, committed to when the round starts and revealed when it ends."]);
  }
  return rows;
}

// Whether a player may join (or come back) now, as far as the page can tell: before the
// start; in an arena until its last 5 % (or 30 s); in a Swiss tournament until more than
// half its rounds have started. A full field or the conditions are the server's to say.
export function joinOpen(t, now = Date.now()) {
  if (t.status === "created") return true;
  if (t.status !== "started") return false;
  if (t.format === "arena") {
    const margin = Math.max((t.duration_minutes || 0) * 60 * 0.05, 30) * 1000;
    return Boolean(t.ends_at) && now < Date.parse(t.ends_at) - margin;
  }
  if (t.format === "swiss") return t.current_round <= Math.floor((t.rounds || 0) / 2);
  return false;
}

// What the clock says about a tournament now: [label, iso] or null.
export function countdown(t) {
  if (t.status === "created" && t.starts_at) return [t.format === "sit_and_go" ? "Cancelled if not full in" : "Starts in", t.starts_at];
  if (t.status === "started" && t.format === "arena" && t.ends_at) return ["Ends in", t.ends_at];
  if (t.status === "started" && t.format === "swiss" && t.round_deadline) return [`Round ${t.current_round} ends in at most`, t.round_deadline];
  return null;
}

// The API's refusals as sentences (the server's own words where it says more).
export function refusal(error, t = null) {
  if (!error || !error.code) return String((error && error.message) || error);
  switch (error.code) {
    case "tournament_full":
      return "This tournament is full: every seat is taken.";
    case "already_started":
      if (t && t.format === "arena") return "Registration is closed: the arena is in its last minutes, and no more games start.";
      if (t && t.format === "swiss") return "Registration is closed: more than half the rounds have started.";
      return "Registration is closed: the tournament has started.";
    case "tournament_over":
      return "This tournament is over.";
    case "conditions_not_met":
      return `You do not meet this tournament's conditions. ${error.detail}`;
    case "paused": {
      const wait = error.retryAfter || Number((/(\d+) second/.exec(error.detail) || [])[1]) || null;
      if (!wait) return "You paused: you may come back in a moment.";
      return `You paused: you may come back in ${wait < 90 ? plural(wait, "second") : plural(Math.ceil(wait / 60), "minute")}.`;
    }
    case "banned":
      return "The organisers removed you from this tournament: you may not join it again.";
    case "permission_denied":
      return t && t.private ? "This tournament is private: you join it with its invite code." : error.detail;
    case "not_entered":
      return "You are not in this tournament.";
    case "cannot_pause":
      return "A knockout cannot be paused: its matches play on.";
    case "invalid_code":
      return "No tournament is open for that invite code. Check it, or ask for the link again.";
    case "tournament_ban": {
      const until = error.body && error.body.until;
      return `You may not enter tournaments ${until ? `until ${when(until)}` : "for now"}: a fair-play decision. Fair play, on your home screen, says why and how to appeal.`;
    }
    case "playban": {
      const until = error.body && error.body.until;
      return `You may not play other people${until ? ` until ${when(until)}` : " for now"}, so you cannot enter a tournament yet. You can still play the computer. Fair play, on your home screen, says why and how to appeal.`;
    }
    case "too_many_open_tournaments":
      return `You already have ${error.body && error.body.limit ? error.body.limit : "the most"} tournaments waiting for their start: cancel one, or wait until one starts.`;
    case "daily_tournament_limit": {
      const wait = error.retryAfter;
      const later = !wait ? "later" : wait < 3600 ? `in ${plural(Math.ceil(wait / 60), "minute")}` : `in ${plural(Math.ceil(wait / 3600), "hour")}`;
      return `You have created as many tournaments as a player may in a day; you may create another ${later}.`;
    }
    case "start_too_soon":
    case "start_too_far":
    case "capacity_over_limit":
    case "length_over_limit":
      return error.detail;
    default:
      return error.detail || String(error.message || error);
  }
}
