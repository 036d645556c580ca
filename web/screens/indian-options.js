// Indian Rummy's parts of the home screen's create forms (docs/games/indian-rummy.md): 2-6 seats, computers,
// the format (points, pool 101 or 201, deals), and what the lobby says of such a table.
// Their fields have names of their own, so the other games' hidden fields never mix in.

import { h, plural } from "../dom.js";

function select(name, label, options, value) {
  const id = `${name}-${Math.random().toString(36).slice(2, 7)}`;
  return h("div", { class: "field inline" },
    h("label", { for: id }, label),
    h("select", { id, name }, options.map(([v, text]) => h("option", { value: v, selected: String(v) === String(value) }, text))));
}

const FORMATS = [
  ["points", "Points: one deal"],
  ["pool-101", "Pool 101: out at 101 points"],
  ["pool-201", "Pool 201: out at 201 points"],
  ["deals-2", "Deals: 2 deals"],
  ["deals-3", "Deals: 3 deals"],
  ["deals-6", "Deals: 6 deals"],
];

export function indianComputerFields() {
  return h("div", { "data-variant": "indian", hidden: true },
    select("indian_computers", "Computers at the table", [1, 2, 3, 4, 5].map((n) => [n, `${n} (${n + 1} players)`]), 1));
}

export function indianFriendFields(levels, level) {
  return h("div", { "data-variant": "indian", hidden: true },
    select("indian_seats", "Seats", [2, 3, 4, 5, 6].map((n) => [n, String(n)]), 2),
    select("indian_friend_computers", "Of them computers", [[0, "none"], [1, "1"], [2, "2"], [3, "3"], [4, "4"]], 0),
    select("indian_friend_difficulty", "Computer level", levels, level));
}

export function indianRuleFields() {
  return h("div", { class: "variant-options", "data-variant": "indian", hidden: true },
    select("indian_format", "Format", FORMATS, "points"));
}

export function indianRules(data) {
  const [format, size] = String(data.indian_format || "points").split("-");
  if (format === "pool") return { format, pool: Number(size) };
  if (format === "deals") return { format, deals: Number(size) };
  return {};
}

// The body of POST /games for an Indian table, beside `rules`.
export function indianBody(data, opponent) {
  if (opponent === "computer") return { variant: "indian", computers: Number(data.indian_computers) };
  const seats = Number(data.indian_seats);
  const body = { variant: "indian", seats, computers: Math.min(Number(data.indian_friend_computers), seats - 2) };
  if (body.computers > 0) body.difficulty = data.indian_friend_difficulty;
  return body;
}

export function indianLength(rules) {
  if (rules.format === "pool") return `pool ${rules.pool || 101}`;
  if (rules.format === "deals") return plural(rules.deals || 2, "deal");
  return "points, one deal";
}
