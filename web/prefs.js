// The player's options, as card-game players expect them: a light or dark theme (or the
// device's), the computers' speed, the hand sorted by rank or suit, a warning before
// discarding a card that fits one of their melds, the score animation, the four-colour
// deck. They are kept in the player's preferences on the server (PATCH /me), a guest's too,
// so they follow the player to any device; the theme is also kept in this browser, to be
// applied before the player is loaded.

import { api } from "./api.js";

export const DEFAULTS = {
  card_sort: "suit",
  four_color_deck: false,
  theme: "system",
  computer_speed: "normal",
  warn_meld_discard: true,
  score_animation: true,
};

// How long each of another player's moves stays on the screen before the next one.
export const SPEEDS = { slow: 1500, normal: 800, fast: 300 };

const THEME_KEY = "ginrummy.theme";
const darkDevice = matchMedia("(prefers-color-scheme: dark)");

export function prefsOf(ctx) {
  return { ...DEFAULTS, ...((ctx.me && ctx.me.preferences) || {}) };
}

// The page's colours: <html data-theme> is the choice, data-scheme what it comes to.
export function applyTheme(choice = localStorage.getItem(THEME_KEY) || "system") {
  const root = document.documentElement;
  root.dataset.theme = choice;
  root.dataset.scheme = choice === "system" ? (darkDevice.matches ? "dark" : "light") : choice;
  localStorage.setItem(THEME_KEY, choice);
}
darkDevice.addEventListener("change", () => applyTheme(document.documentElement.dataset.theme));

// What the page shows of the options, from the player's.
export function applyPrefs(ctx) {
  const prefs = prefsOf(ctx);
  applyTheme(prefs.theme);
  document.body.classList.toggle("four-colour", Boolean(prefs.four_color_deck));
}

// Changes some options now (the page shows them at once) and keeps them on the server.
// Saves go one after another, and only the answer to the latest is taken as the page's
// options: an earlier answer, arriving while a later change is on its way, would undo it.
let saving = Promise.resolve();
let latest = 0;
export function savePrefs(ctx, changes) {
  if (ctx.me) ctx.me.preferences = { ...ctx.me.preferences, ...changes };
  applyPrefs(ctx);
  const mine = ++latest;
  saving = saving.then(async () => {
    try {
      const me = await api("/me", { method: "PATCH", body: { preferences: changes } });
      if (ctx.me && mine === latest) ctx.me.preferences = me.preferences;
    } catch (error) {
      ctx.say(error);
    }
  });
  return saving;
}
