// My profile (name, preferences, stats) and another player's public profile.

import { api } from "../api.js";
import { formData, h } from "../dom.js";
import { variantNamed } from "../variants.js";
import { guestNote } from "./guest.js";

function stats(s) {
  const items = [
    ["Games", s.games], ["Wins", s.wins], ["Losses", s.losses], ["Gins", s.gins],
    ["Big gins", s.big_gins], ["Undercuts", s.undercuts], ["Hands", s.hands],
    ["Points per hand", s.average_points_per_hand],
    ["Rating", `${Math.round(s.rating)}${s.rating_provisional ? " (provisional)" : ""}`],
  ];
  const all = h("dl", { class: "stats", "data-testid": "stats-all" }, items.map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v))));
  const perGame = Object.entries(s.variants || {}).map(([name, v]) => h("section", { class: "variant-stats", "data-variant": name, "data-testid": `stats-${name}` },
    h("h3", {}, (variantNamed(name) || { label: name }).label),
    h("dl", { class: "stats" }, [["Games", v.games], ["Wins", v.wins], ["Losses", v.losses],
      ["Rating", `${Math.round(v.rating)}${v.rating_provisional ? " (provisional)" : ""}`]].map(([k, val]) => h("div", {}, h("dt", {}, k), h("dd", {}, val))))));
  return [all, perGame.length ? h("h2", {}, "By game") : null, perGame];
}

export async function profile(main, username, ctx) {
  if (username) {
    const p = await api(`/users/${encodeURIComponent(username)}`);
    main.append(h("section", { class: "panel wide" },
      h("h1", {}, p.display_name), h("p", { class: "hint" }, `@${p.username} · playing since ${p.date_joined.slice(0, 10)}`,
        p.guest ? " · a guest: not rated, on no leaderboard" : ""),
      stats(p.stats)));
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
            preferences: { card_sort: data.card_sort, four_color_deck: data.four_color_deck },
          },
        });
        await ctx.loadMe();
        status.textContent = "Saved.";
        ctx.route();
      } catch (error) {
        status.textContent = error.detail || String(error);
      }
    },
  },
  h("div", { class: "field" }, h("label", { for: "p-name" }, "Display name"),
    h("input", { id: "p-name", name: "display_name", value: me.display_name, maxlength: 40 })),
  h("div", { class: "field" }, h("label", { for: "p-sort" }, "Sort my hand by"),
    h("select", { id: "p-sort", name: "card_sort" },
      h("option", { value: "suit", selected: me.preferences.card_sort === "suit" }, "Suit"),
      h("option", { value: "rank", selected: me.preferences.card_sort === "rank" }, "Rank"))),
  h("div", { class: "field check" }, h("input", { id: "p-four", type: "checkbox", name: "four_color_deck", checked: me.preferences.four_color_deck }),
    h("label", { for: "p-four" }, "Four-colour deck (blue diamonds, green clubs)")),
  h("button", { type: "submit", class: "primary" }, "Save"), status);
  main.append(h("section", { class: "panel wide" },
    h("h1", {}, "Your profile"),
    h("p", { class: "hint" }, `@${me.username} · playing since ${me.date_joined.slice(0, 10)} · `,
      h("a", { href: `#/u/${encodeURIComponent(me.username)}` }, "your public page")),
    guestNote(ctx, "This is a guest account: it has no password, is never rated, and is not on the leaderboards."),
    form, h("h2", {}, "Your statistics"), stats(me.stats)));
}
