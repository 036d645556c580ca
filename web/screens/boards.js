// Leaderboards: weekly / monthly / all-time by score (humans or computer games), and the
// skill rating; the caller's row highlighted; earlier periods through `start`.

import { api } from "../api.js";
import { h } from "../dom.js";
import { VARIANTS, variantNamed } from "../variants.js";
import { guestNote } from "./guest.js";

const PERIODS = [["weekly", "This week"], ["monthly", "This month"], ["all-time", "All time"], ["rating", "Rating"]];

const dayBefore = (iso) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const dayAfter = (iso) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
const today = () => new Date().toISOString().slice(0, 10);

function boardLink(query) {
  const q = new URLSearchParams(query);
  return `#/leaderboards?${q}`;
}

const player = (user) => h("a", { href: `#/u/${encodeURIComponent(user.username)}` }, user.display_name);

export async function leaderboards(main, route, ctx) {
  const period = route.query.get("period") || "weekly";
  const category = route.query.get("category") || "computer";
  const start = route.query.get("start");
  // The game the address names, or the first in the list.
  const variant = (variantNamed(route.query.get("variant")) || Object.values(VARIANTS)[0]).name;
  const me = ctx.me && ctx.me.username;
  const link = (query) => boardLink({ variant, ...query });

  const tabs = h("nav", { class: "tabs", "aria-label": "Boards" }, PERIODS.map(([value, label]) =>
    h("a", { href: link({ period: value, category }), class: ["tab", value === period && "active"], "aria-current": value === period ? "page" : null }, label)));
  const categories = period === "rating" ? null : h("nav", { class: "tabs small", "aria-label": "Category" },
    [["computer", "Against the computer"], ["humans", "Between people"]].map(([value, label]) =>
      h("a", { href: link({ period, category: value, ...(start ? { start } : {}) }), class: ["tab", value === category && "active"], "aria-current": value === category ? "page" : null }, label)));

  const games = h("nav", { class: "tabs", "aria-label": "Game" }, Object.values(VARIANTS).map((v) =>
    h("a", { href: boardLink({ variant: v.name, period, category }), class: ["tab", v.name === variant && "active"], "aria-current": v.name === variant ? "page" : null, "data-variant": v.name }, v.label)));
  const section = h("section", { class: "panel wide", "data-testid": "boards", "data-variant": variant },
    h("h1", {}, `Leaderboards: ${VARIANTS[variant].label}`),
    guestNote(ctx, "You are playing as a guest. Guests are not on the leaderboards, and not rated."),
    games, tabs, categories);
  main.append(section);

  if (period === "rating") {
    const data = await load(section, `/leaderboards/rating?page_size=50&variant=${variant}`);
    if (!data) return;
    const rows = data.results.map((row) => h("tr", { class: row.user.username === me ? "me" : null },
      h("td", {}, row.rank ?? "–"), h("th", { scope: "row" }, player(row.user)),
      h("td", {}, Math.round(row.rating)), h("td", {}, `±${Math.round(row.rating_deviation)}`), h("td", {}, row.games)));
    append(section,
      h("p", { class: "hint" }, "Glicko-2 rating from games between people; players appear once their rating is settled."),
      board(["Rank", "Player", "Rating", "Uncertainty", "Games"], rows),
      data.me && !data.results.some((r) => r.user.username === me)
        ? h("p", { class: "my-standing" }, data.me.provisional
          ? `Your rating: ${Math.round(data.me.rating)} (provisional, ±${Math.round(data.me.rating_deviation)}).`
          : `You: rank ${data.me.rank}, rating ${Math.round(data.me.rating)}.`)
        : null);
    return;
  }

  const query = new URLSearchParams({ category, page_size: "50", variant });
  if (start) query.set("start", start);
  const data = await load(section, `/leaderboards/${period}?${query}`);
  if (!data) return;
  const when = data.start
    ? `${data.start} to ${data.end}${data.closed ? " (final)" : ""}`
    : "Every game ever played";
  const nav = data.start ? h("div", { class: "period-nav" },
    h("a", { class: "button small", href: link({ period, category, start: dayBefore(data.start) }) }, period === "weekly" ? "\u2190 Previous week" : "\u2190 Previous month"),
    h("span", { class: "period", "data-testid": "period" }, when),
    data.end < today()
      ? h("a", { class: "button small", href: link({ period, category, start: dayAfter(data.end) }) }, period === "weekly" ? "Next week \u2192" : "Next month \u2192")
      : null) : h("p", { class: "period" }, when);
  const rows = data.results.map((row) => h("tr", { class: row.user.username === me ? "me" : null },
    h("td", {}, row.rank), h("th", { scope: "row" }, player(row.user)),
    h("td", {}, row.score), h("td", {}, row.wins), h("td", {}, row.games)));
  append(section, nav, board(["Rank", "Player", "Score", "Wins", "Games"], rows),
    data.me && !data.results.some((r) => r.user.username === me)
      ? h("p", { class: "my-standing" }, `You: rank ${data.me.rank}, score ${data.me.score}, ${data.me.wins} wins in ${data.me.games} games.`)
      : null,
    h("p", { class: "hint" }, category === "computer"
      ? "Score: the totals of your won games against the computer, weighted by level (easy ¼, medium ½, hard 1)."
      : "Score: the totals of your won games against people."));
}

// A board, or (when the server refuses it) its reason as a sentence under the tabs, which
// stay there to choose another board.
async function load(section, path) {
  try {
    return await api(path);
  } catch (error) {
    section.append(h("p", { class: "error-text", role: "alert", "data-testid": "board-error" },
      error.detail || "This board could not be loaded."));
    return null;
  }
}

// Element.append() would write a skipped (null) part as the text "null".
const append = (el, ...parts) => el.append(...parts.filter((part) => part !== null && part !== undefined));

// Scrolls sideways where a phone is too narrow for it, so it can be reached by keyboard.
function board(headings, rows) {
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Leaderboard" }, h("table", { class: "board" },
    h("thead", {}, h("tr", {}, headings.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: headings.length, class: "empty" }, "Nobody on this board yet.")))));
}
