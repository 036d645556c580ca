// Which games a tournament seated this player at (so that a table links back to its
// tournament), and which of them this tab has already opened by itself (a game opens by
// itself once at most: a player who goes back to the tournament page is not sent back).

import { h, replace } from "./dom.js";

const GAMES_KEY = "ginrummy.tournamentGames"; // localStorage: {gameId: {id, name}}
const OPENED_KEY = "ginrummy.openedGames"; // sessionStorage: ids opened by themselves
const KEEP = 60;

function read(storage, key, fallback) {
  try {
    const value = JSON.parse(storage.getItem(key));
    return value && typeof value === "object" ? value : fallback;
  } catch {
    return fallback;
  }
}

// The tournament a game belongs to: {id, name}.
export function rememberGame(gameId, tournament) {
  if (!gameId || !tournament || !tournament.id) return;
  const games = read(localStorage, GAMES_KEY, {});
  const known = games[gameId];
  if (known && known.id === tournament.id && (known.name === tournament.name || !tournament.name)) return;
  delete games[gameId];
  games[gameId] = { id: tournament.id, name: tournament.name || (known && known.name) || "" };
  const ids = Object.keys(games);
  for (const id of ids.slice(0, Math.max(0, ids.length - KEEP))) delete games[id];
  localStorage.setItem(GAMES_KEY, JSON.stringify(games));
}

export function tournamentOf(gameId) {
  return read(localStorage, GAMES_KEY, {})[gameId] || null;
}

const openedIds = () => {
  const ids = read(sessionStorage, OPENED_KEY, []);
  return Array.isArray(ids) ? ids : [];
};

export function wasOpened(gameId) {
  return openedIds().includes(gameId);
}

export function markOpened(gameId) {
  const ids = openedIds().filter((id) => id !== gameId);
  ids.push(gameId);
  sessionStorage.setItem(OPENED_KEY, JSON.stringify(ids.slice(-KEEP)));
}

// A tournament seated the player at a game (the account stream's tournament_game, or the
// tournament's own page saw it first): its table opens at once, wherever the player is,
// with a notice that stays while that table is shown; once per game, so that going back
// to the tournament page does not send the player back. Returns whether it opened it.
export function openTournamentGame(ctx, data) {
  if (!data || !data.game_id) return false;
  const tournament = { id: data.tournament_id, name: data.tournament };
  rememberGame(data.game_id, tournament);
  if (wasOpened(data.game_id)) return false;
  markOpened(data.game_id);
  const at = `#/game/${data.game_id}`;
  if (!location.hash.startsWith(at)) ctx.navigate(at);
  const where = [tournament.name || "Your tournament", data.round ? `round ${data.round}` : null,
    data.table ? `table ${data.table}` : null].filter(Boolean).join(", ");
  const area = document.getElementById("notice");
  const shown = h("p", { class: "notice info", "data-kind": "tournament_game", "data-testid": "tournament-game-notice" },
    h("span", {}, `Your tournament game has started (${where}). Good luck!`, " ",
      tournament.id ? h("a", { href: `#/tournaments/${tournament.id}` }, "The tournament") : null),
    h("button", { type: "button", class: "link", "aria-label": "Dismiss", onclick: () => shown.remove() }, "\u00d7"));
  replace(area, shown);
  // It goes with its table: once the address leaves the game, the notice leaves too.
  const leave = () => {
    if (location.hash.startsWith(at)) return;
    window.removeEventListener("hashchange", leave);
    shown.remove();
  };
  window.addEventListener("hashchange", leave);
  return true;
}
