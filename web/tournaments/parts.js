// The pieces of a tournament's page: its settings, the standings, the bracket (or the
// knockout's tables), a round's pairings and a duplicate round's deals.

import { h, plural, replace } from "../dom.js";
import { sha256Hex } from "../verify.js";
import { ordinal, points, settingsInWords } from "./words.js";

export function settingsList(t) {
  return h("dl", { class: "t-settings", "data-testid": "t-settings" },
    settingsInWords(t).map(([term, text]) => h("div", {}, h("dt", {}, term), h("dd", {}, text))));
}

function player(user, me, extra = null) {
  if (!user) return h("span", { class: "t-nobody" }, "to be decided");
  const mine = me != null && user.username === me;
  return h("span", { class: ["t-player", mine && "me"], "data-user": user.username ?? "" },
    // A departed player (account deleted) has no username and no page: the name alone.
    user.username === null
      ? h("span", { class: "t-departed", title: "This account no longer exists" }, user.display_name)
      : h("a", { href: `#/u/${encodeURIComponent(user.username)}` }, user.display_name),
    mine ? h("span", { class: "t-you" }, " (you)") : null, extra);
}

// A table that scrolls sideways on a phone, reachable by keyboard.
function scrolling(label, table) {
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": label }, table);
}

const COLUMNS = {
  arena: [["Score", (r) => [points(r.score), r.on_fire ? h("span", { class: "t-fire", title: "Two wins in a row: a win now scores double" }, "on fire") : null]],
    ["Games", (r) => r.games], ["Won", (r) => r.wins], ["Drawn", (r) => r.draws], ["Lost", (r) => r.losses],
    ["Perf.", (r) => r.performance ?? "–", "Performance: the opponents' average rating plus 400 × (wins − losses) ÷ games"]],
  swiss: [["Points", (r) => points(r.score)], ["Sonneborn–Berger", (r) => points(r.sonneborn_berger)],
    ["Perf.", (r) => r.performance ?? "–", "Performance: the opponents' average rating plus 400 × (wins − losses) ÷ games"], ["Games", (r) => r.games], ["Byes", (r) => r.byes]],
  knockout: [["Rating", (r) => r.rating], ["Won", (r) => r.wins], ["Lost", (r) => r.losses],
    ["Out in", (r) => (r.eliminated_round ? `round ${r.eliminated_round}` : r.withdrawn ? "withdrew" : "still in")]],
};

function state(row) {
  if (row.withdrawn) return " (withdrew)";
  if (row.paused) return " (paused)";
  return "";
}

// The standings, one page of them; before the start, the players registered so far.
export function standingsTable(t, page, me) {
  const started = t.status !== "created";
  const columns = !started ? [["Rating", (r) => r.rating]]
    : COLUMNS[t.format === "sit_and_go" ? "knockout" : t.format] || COLUMNS.arena;
  const rows = page.results.map((r) => h("tr", { class: r.user.username === me ? "me" : null, "data-user": r.user.username, "data-rank": r.rank },
    h("td", {}, started ? r.rank : ""),
    h("th", { scope: "row" }, player(r.user, me), state(r)),
    columns.map(([, cell]) => h("td", {}, cell(r)))));
  return scrolling(started ? "Standings" : "Players", h("table", { class: "board t-standings", "data-testid": "standings" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, started ? "Rank" : h("span", { class: "sr-only" }, "Rank")),
      h("th", { scope: "col" }, "Player"), columns.map(([name, , title]) => h("th", { scope: "col" }, title ? h("abbr", { title }, name) : name)))),
    h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: columns.length + 2, class: "empty" }, "Nobody yet.")))));
}

function roundName(matches, number) {
  if (matches === 1) return "Final";
  if (matches === 2) return "Semi-finals";
  if (matches === 4) return "Quarter-finals";
  return `Round ${number}`;
}

function gameLink(ids, me, players, over) {
  if (!ids.length || !players.some((p) => p && p.username === me)) return null;
  return h("a", { class: "t-game-link", href: `#/game/${ids[ids.length - 1]}` }, over ? "See your game" : "Open your game");
}

// 1-v-1 knockouts: one column a round (later rounds appear as they are known); at
// tables: each round's tables, their order once played, and who goes through.
export function bracketView(bracket, me) {
  const champion = bracket.champion
    ? h("p", { class: "t-champion", "data-testid": "champion" }, h("span", { "aria-hidden": "true" }, "\u2605 "), "Winner: ", player(bracket.champion, me))
    : null;
  if (bracket.kind === "tables") {
    return h("div", { class: "t-bracket tables", "data-testid": "bracket", "data-kind": "tables" }, champion,
      bracket.rounds.map((round) => h("section", { class: "t-round", "aria-label": `Round ${round.round}` },
        h("h3", {}, round.tables.length === 1 && round.tables[0].final ? "Final table" : `Round ${round.round}`),
        h("ul", { class: "t-tables" }, round.tables.map((table) => {
          const through = new Set((table.advancing || []).map((u) => u.username));
          const shown = table.order || table.players;
          return h("li", { class: "t-table", "data-table": table.index },
            h("h4", {}, table.final ? "Final table" : `Table ${table.index}`),
            h(table.order ? "ol" : "ul", { class: "t-seated" }, shown.map((u) => h("li", { class: through.has(u.username) ? "through" : null },
              player(u, me), through.has(u.username) ? h("span", { class: "t-through" }, " goes through") : null))),
            table.order ? null : h("p", { class: "hint" }, table.game_ids.length ? "Playing." : "Waiting to start."),
            gameLink(table.game_ids, me, table.players, Boolean(table.order)));
        })))));
  }
  const first = bracket.rounds.length ? bracket.rounds[0].matches.length : 0;
  const total = first ? Math.round(Math.log2(first)) + 1 : 0;
  const columns = bracket.rounds.map((round) => h("section", { class: "t-round", "aria-labelledby": `t-round-${round.round}` },
    h("h3", { id: `t-round-${round.round}` }, roundName(round.matches.length, round.round)),
    h("ol", { class: "t-matches" }, round.matches.map((m) => {
      const decided = Boolean(m.winner);
      return h("li", { class: ["t-match", decided && "decided"], "data-match": m.index, "data-testid": "match" },
        m.players.map((u, i) => h("div", { class: ["t-side", m.winner && u && m.winner.username === u.username && "winner"] },
          m.bye && !u ? h("span", { class: "t-nobody" }, "bye") : player(u, me),
          m.bye ? null : h("span", { class: "t-wins", "aria-label": `${plural(m.wins[i] || 0, "win")}` }, String(m.wins[i] || 0)),
          m.winner && u && m.winner.username === u.username ? h("span", { class: "sr-only" }, " goes through") : null)),
        m.draws ? h("p", { class: "hint" }, plural(m.draws, "drawn game")) : null,
        gameLink(m.game_ids, me, m.players, decided));
    }))));
  for (let n = bracket.rounds.length + 1; n <= total; n++) {
    const matches = first / 2 ** (n - 1);
    columns.push(h("section", { class: "t-round later", "aria-labelledby": `t-round-${n}` },
      h("h3", { id: `t-round-${n}` }, roundName(matches, n)),
      h("p", { class: "hint" }, "The winners of the round before.")));
  }
  return h("div", { class: "t-bracket", "data-testid": "bracket", "data-kind": "bracket", "data-over": String(bracket.over) }, champion,
    h("div", { class: "t-columns", tabindex: "0", role: "region", "aria-label": "Bracket" }, columns));
}

// One round's games (an arena's, newest first), each seat's place once played.
export function pairingsList(t, page, me) {
  if (!page.results.length) return h("p", { class: "empty" }, "No games yet.");
  return h("ul", { class: "t-pairings", "data-testid": "pairings" }, page.results.map((p) => {
    const mine = p.players.some((s) => s.user.username === me);
    const status = p.status === "playing" ? "playing" : p.status === "void" ? "stopped: counts for nobody" : "finished";
    return h("li", { class: ["t-pairing", mine && "mine"], "data-status": p.status, "data-game": p.game_id },
      h("span", { class: "t-table-no" }, t.format === "arena" ? "Game" : `Table ${p.table}`),
      h("span", { class: "t-seats" }, p.players.map((s, i) => [i ? h("span", { class: "t-vs" }, " vs ") : null,
        player(s.user, me, s.place ? h("span", { class: "t-place" }, ` (${ordinal(s.place)})`) : null)])),
      h("span", { class: "t-state" }, status),
      mine ? h("a", { class: "button small", href: `#/game/${p.game_id}` }, p.status === "playing" ? "Open your game" : "See your game") : null);
  }));
}

// A duplicate round: the commitments published at its start, and once every game of the
// round has ended its decks and salts, which anyone can check here.
export function dealsView(deals) {
  const out = h("div", { class: "verify", "aria-live": "polite", "data-testid": "deals-check" });
  return h("div", { class: "t-deals", "data-testid": "deals", "data-revealed": String(deals.revealed) },
    h("p", {}, deals.revealed
      ? "Every table of this round played these decks, in this order. The decks and salts are revealed: check that they are the ones committed to."
      : "Every table of this round plays these decks, in this order. They are sealed (SHA-256 of the salt and the deck) and revealed when every game of the round has ended."),
    h("ol", { class: "t-commitments" }, deals.commitments.map((c, i) => h("li", {},
      h("code", { title: c }, c),
      deals.revealed && deals.decks ? h("details", {}, h("summary", {}, `Deck ${i + 1}`),
        h("p", { class: "t-deck" }, deals.decks[i].join(" ")), h("p", { class: "hint" }, `Salt: ${deals.salts[i]}`)) : null))),
    deals.revealed ? h("button", {
      type: "button", "data-key": "t-check-deals",
      onclick: async (event) => {
        event.target.disabled = true;
        try {
          const digests = await Promise.all(deals.decks.map((deck, i) => sha256Hex(`${deals.salts[i]}:${deck.join(",")}`)));
          const wrong = digests.filter((d, i) => d !== deals.commitments[i]).length;
          replace(out, h("p", { class: wrong ? "bad" : "ok", "data-testid": "deals-result", "data-ok": String(!wrong) }, wrong
            ? `\u2718 ${plural(wrong, "deck")} of ${deals.decks.length} do not match the commitment.`
            : `\u2714 All ${deals.decks.length} decks match the commitments published at the start of the round.`));
        } catch (error) {
          replace(out, h("p", { class: "bad" }, error.detail || String(error.message || error)));
        } finally {
          event.target.disabled = false;
        }
      },
    }, "Check the decks") : null,
    out);
}
