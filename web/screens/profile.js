// My profile (name, preferences, stats) and another player's public profile.

import { api } from "../api.js";
import { formData, h } from "../dom.js";
import { optionFields } from "../options.js";
import { applyPrefs, prefsOf } from "../prefs.js";
import { variantName, variantNamed } from "../variants.js";
import { guestNote } from "./guest.js";

// A rating, and on a line of its own in small type whether it is still provisional.
const rating = (r, provisional) => [String(Math.round(r)), provisional ? h("span", { class: "provisional" }, "provisional") : null];

// One block a game, each under its game's name. The top-level figures are Gin Rummy's (as
// they were before there were other games: gins, big gins and undercuts are Gin's alone),
// so they are in its block.
function stats(s) {
  const variants = Object.keys(s.variants || {}).length ? s.variants : { [variantName({})]: s };
  // only the games this client plays (the server may list more: variants.js)
  return Object.entries(variants).filter(([name]) => variantNamed(name)).map(([name, v]) => {
    const topLevel = !variantNamed(name).namesItself; // the figures at the top are its own
    const items = [["Games", v.games], ["Wins", v.wins], ["Losses", v.losses]];
    if (topLevel) {
      items.push(["Gins", s.gins], ["Big gins", s.big_gins], ["Undercuts", s.undercuts], ["Hands", s.hands],
        ["Points per hand", s.average_points_per_hand]);
    }
    items.push(["Rating", rating(v.rating, v.rating_provisional)]);
    return h("section", { class: "variant-stats", "data-variant": name, "data-testid": `stats-${name}` },
      h("h3", {}, variantNamed(name).label),
      h("dl", { class: "stats", "data-testid": topLevel ? "stats-all" : null }, items.map(([k, val]) => h("div", {}, h("dt", {}, k), h("dd", {}, val)))));
  });
}

export async function profile(main, username, ctx) {
  if (username) {
    const p = await api(`/users/${encodeURIComponent(username)}`);
    main.append(h("section", { class: "panel wide" },
      h("h1", {}, p.display_name), h("p", { class: "hint" }, `@${p.username} · playing since ${p.date_joined.slice(0, 10)}`,
        p.guest ? " · a guest: not rated, on no leaderboard" : ""),
      h("h2", {}, "Statistics, by game"), stats(p.stats)));
    return;
  }
  const me = await ctx.loadMe();
  const status = h("p", { class: "hint", role: "status" });
  const form = h("form", {
    class: "profile-form",
    onsubmit: async (event) => {
      event.preventDefault();
      const data = formData(form);
      try {
        await api("/me", {
          method: "PATCH",
          body: {
            display_name: data.display_name,
            preferences: {
              card_sort: data.card_sort,
              four_color_deck: data.four_color_deck,
              theme: data.theme,
              computer_speed: data.computer_speed,
              warn_meld_discard: data.warn_meld_discard,
              score_animation: data.score_animation,
            },
          },
        });
        await ctx.loadMe();
        applyPrefs(ctx);
        status.textContent = "Saved.";
        ctx.route();
      } catch (error) {
        status.textContent = error.detail || String(error);
      }
    },
  },
  h("div", { class: "field" }, h("label", { for: "p-name" }, "Display name"),
    h("input", { id: "p-name", name: "display_name", value: me.display_name, maxlength: 40 })),
  h("fieldset", { class: "options", "data-testid": "options" }, h("legend", {}, "Options"), optionFields(prefsOf(ctx))),
  h("button", { type: "submit", class: "primary" }, "Save"), status);
  main.append(h("section", { class: "panel wide" },
    h("h1", {}, "Your profile"),
    h("p", { class: "hint" }, `@${me.username} · playing since ${me.date_joined.slice(0, 10)} · `,
      h("a", { href: `#/u/${encodeURIComponent(me.username)}` }, "your public page")),
    guestNote(ctx, "This is a guest account: it has no password, is never rated, and is not on the leaderboards."),
    form, h("h2", {}, "Your statistics, by game"), stats(me.stats)));
}
