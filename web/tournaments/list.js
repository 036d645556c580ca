// #/tournaments: what starts soon (within the hour, soonest first), then upcoming, running
// and finished tournaments (the public ones, and the private ones you created or joined),
// filtered by status, format, game and "only mine" as the API allows. The filters apply at
// once, in place (the address keeps them).

import { api } from "../api.js";
import { h, plural, replace } from "../dom.js";
import { VARIANTS, variantNamed } from "../variants.js";
import { codeForm } from "./create.js";
import { FORMATS, STATUSES, gameLine, left, when } from "./words.js";

const SECTIONS = ["created", "started", "finished"];
const SECTION_SIZE = 10;
const PAGE_SIZE = 20;

function stateFrom(query) {
  return {
    status: STATUSES[query.get("status")] ? query.get("status") : "",
    format: FORMATS[query.get("format")] ? query.get("format") : "",
    variant: variantNamed(query.get("variant")) ? query.get("variant") : "",
    mine: query.get("mine") === "true",
    page: Math.max(1, Math.floor(Number(query.get("page"))) || 1),
  };
}

function apiQuery(state, extra = {}) {
  const q = new URLSearchParams();
  for (const key of ["status", "format", "variant"]) if (state[key]) q.set(key, state[key]);
  if (state.mine) q.set("mine", "true");
  for (const [key, value] of Object.entries(extra)) q.set(key, value);
  return q;
}

function address(state) {
  const q = apiQuery(state);
  if (state.page > 1) q.set("page", String(state.page));
  const text = q.toString();
  return `#/tournaments${text ? `?${text}` : ""}`;
}

function timeLine(t) {
  const at = (label, iso) => (iso ? [`${label} `, h("time", { datetime: iso }, when(iso))] : []);
  if (t.status === "created") {
    return t.format === "sit_and_go" ? at("Open until", t.starts_at) : at("Starts", t.starts_at);
  }
  if (t.status === "started") {
    if (t.format === "arena") return at("Ends", t.ends_at);
    if (t.format === "swiss") return `Round ${t.current_round} of ${t.rounds}`;
    return t.current_round ? `Round ${t.current_round}` : "Starting";
  }
  if (t.status === "finished") {
    return [...at("Ended", t.finished_at), t.winner ? `, won by ${t.winner.display_name}` : ""];
  }
  return at("Cancelled", t.finished_at || t.created_at);
}

export function tournamentLine(t) {
  const players = t.capacity ? `${t.players} / ${t.capacity} players` : plural(t.players, "player");
  return h("li", { class: "t-line", "data-id": t.id, "data-status": t.status, "data-format": t.format },
    h("span", { class: "t-name" },
      h("a", { href: `#/tournaments/${t.id}` }, t.name),
      t.private ? h("span", { class: "t-badge" }, "Private") : null,
      t.you ? h("span", { class: "t-badge mine" }, "You are in") : null),
    h("span", { class: "t-kind" }, `${FORMATS[t.format] || t.format} · ${gameLine(t)}`),
    h("span", { class: "t-players", "data-testid": "t-players" }, players),
    h("span", { class: "t-time" }, timeLine(t)));
}

function choice(id, label, name, options, value) {
  return h("div", { class: "field inline" }, h("label", { for: id }, label),
    h("select", { id, name }, options.map(([v, text]) => h("option", { value: v, selected: v === value }, text))));
}

export async function list(main, route, ctx) {
  const state = stateFrom(route.query);
  const results = h("div", { class: "t-results", "data-testid": "t-results" });
  const count = h("p", { class: "hint", role: "status", "data-testid": "t-count" });
  const filters = h("form", {
    class: "t-filters", "aria-label": "Filters",
    onsubmit: (event) => event.preventDefault(),
    onchange: () => {
      const data = new FormData(filters);
      state.status = data.get("status") || "";
      state.format = data.get("format") || "";
      state.variant = data.get("variant") || "";
      state.mine = data.get("mine") === "on";
      state.page = 1;
      load();
    },
  },
  choice("t-filter-status", "Show", "status", [["", "Upcoming, running and finished"], ...Object.entries(STATUSES)], state.status),
  choice("t-filter-format", "Format", "format", [["", "Any format"], ...Object.entries(FORMATS)], state.format),
  choice("t-filter-variant", "Game", "variant", [["", "Any game"], ...Object.values(VARIANTS).map((v) => [v.name, v.label])], state.variant),
  h("div", { class: "field check" }, h("input", { type: "checkbox", id: "t-filter-mine", name: "mine", checked: state.mine }),
    h("label", { for: "t-filter-mine" }, "Only the ones I joined")));

  main.append(h("section", { class: "panel wide t-list", "data-testid": "tournaments", "aria-labelledby": "t-title" },
    h("h1", { id: "t-title" }, "Tournaments"),
    h("div", { class: "t-top" },
      h("div", {},
        h("p", {}, "Sit & go, arena, Swiss and knockout tournaments. Your games open by themselves when you are paired."),
        h("a", { class: "button primary", href: "#/tournaments/new", "data-key": "t-create" }, "Create a tournament")),
      codeForm(ctx)),
    filters, count, results));

  let loading = 0;
  async function load() {
    const ticket = ++loading;
    const target = address(state);
    if (location.hash !== target) history.replaceState(null, "", target);
    results.setAttribute("aria-busy", "true");
    try {
      if (state.status) {
        const page = await api(`/tournaments?${apiQuery(state, { page: state.page, page_size: PAGE_SIZE })}`);
        if (ticket !== loading) return;
        replace(count, `${plural(page.count, "tournament")}.`);
        replace(results, section(STATUSES[state.status], page.results, {
          empty: "No tournament here.",
          pager: pager(page, state.page, (n) => { state.page = n; load(); }),
        }));
      } else {
        const [soon, ...pages] = await Promise.all([
          api(`/tournaments?${apiQuery(state, { starting: "soon", page_size: SECTION_SIZE })}`),
          ...SECTIONS.map((status) =>
            api(`/tournaments?${apiQuery({ ...state, status }, { page_size: SECTION_SIZE })}`))]);
        if (ticket !== loading) return;
        replace(count, SECTIONS.map((status, i) => `${STATUSES[status]}: ${pages[i].count}`).join(", ") + ".");
        replace(results, startingSoon(soon), SECTIONS.map((status, i) => section(STATUSES[status], pages[i].results, {
          status,
          empty: { created: "Nothing coming up.", started: "Nothing running now.", finished: "None finished yet." }[status],
          more: pages[i].count > pages[i].results.length ? h("button", {
            type: "button", class: "link",
            onclick: () => {
              state.status = status;
              state.page = 1;
              filters.querySelector("select[name=status]").value = status;
              load();
            },
          }, `All ${pages[i].count} ${STATUSES[status].toLowerCase()}`) : null,
        })));
      }
    } catch (error) {
      if (ticket === loading) replace(results, h("p", { class: "error-text" }, error.detail || String(error)));
    } finally {
      if (ticket === loading) results.removeAttribute("aria-busy");
    }
    // Ready once its lists are in, and only while it is still the screen shown.
    if (ticket === loading && results.isConnected) document.body.dataset.ready = "tournaments";
  }
  await load();
  return null;
}

// What starts within the hour, soonest first: a short list above the sections.
function startingSoon(page) {
  return h("section", { class: "t-section t-soon", "aria-labelledby": "t-section-soon", "data-section": "soon", "data-testid": "t-soon" },
    h("h2", { id: "t-section-soon" }, "Starting soon"),
    h("ul", { class: "t-lines" }, page.results.length ? page.results.map((t) => {
      const starts = t.starts_in ? `Starts in ${left(new Date(Date.now() + t.starts_in * 1000).toISOString())}` : "Starting now";
      return h("li", { class: "t-soon-line", "data-id": t.id, "data-format": t.format },
        h("span", { class: "t-name" }, h("a", { href: `#/tournaments/${t.id}` }, t.name),
          t.you ? h("span", { class: "t-badge mine" }, "You are in") : null),
        h("span", { class: "t-kind" }, `${FORMATS[t.format] || t.format} · ${gameLine(t)}`),
        h("span", { class: "t-players" }, t.capacity ? `${t.players} / ${t.capacity} players` : plural(t.players, "player")),
        h("span", { class: "t-time", "data-testid": "t-starts-in" }, starts));
    }) : h("li", { class: "empty" }, "Nothing starts within the hour.")),
    page.count > page.results.length ? h("p", { class: "hint" }, `And ${page.count - page.results.length} more within the hour.`) : null);
}

function section(title, items, { status = "", empty, more = null, pager: nav = null }) {
  const id = `t-section-${status || "one"}`;
  return h("section", { class: "t-section", "aria-labelledby": id, "data-section": status || "filtered" },
    h("h2", { id }, title),
    h("ul", { class: "t-lines" }, items.length ? items.map(tournamentLine) : h("li", { class: "empty" }, empty)),
    more ? h("p", {}, more) : null, nav);
}

function pager(page, current, go) {
  if (!page.next && !page.previous) return null;
  return h("nav", { class: "period-nav", "aria-label": "Pages" },
    page.previous ? h("button", { type: "button", class: "small", onclick: () => go(current - 1) }, "\u2190 Previous") : null,
    h("span", {}, `Page ${current} of ${Math.max(1, Math.ceil(page.count / PAGE_SIZE))}`),
    page.next ? h("button", { type: "button", class: "small", onclick: () => go(current + 1) }, "Next \u2192") : null);
}
