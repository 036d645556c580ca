// Fair play, where it matters: an active warning or ban, in plain words, from
// GET /me/fair-play (the rule that fired, never its threshold), with how to appeal.

import { api } from "../api.js";
import { h, replace } from "../dom.js";

function at(iso) {
  return new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

// The notice for what is in force now, or null when nothing is (or it cannot be read).
export async function fairPlayNotice() {
  let me;
  try {
    me = await api("/me/fair-play");
  } catch {
    return null;
  }
  const r = me.restrictions;
  const lines = [];
  if (r.playban_until) lines.push(`You may not play other people until ${at(r.playban_until)}. You can still play the computer.`);
  if (r.tournament_ban) lines.push("You may not enter tournaments for now.");
  if (r.unrated) lines.push("Your games are unrated for now: they count for no rating and no leaderboard.");
  if (r.warning) lines.push(`A friendly warning: ${r.warning}`);
  if (!lines.length) return null;
  const active = me.sanctions.find((s) => s.in_force && s.kind !== "warn") || me.sanctions.find((s) => s.in_force);
  return h("section", { class: "notice warning", role: "status", "data-testid": "fair-play" },
    h("h2", {}, "Fair play"),
    ...lines.map((line) => h("p", {}, line)),
    active && active.kind !== "warn" ? h("p", { class: "hint" }, active.rule_text) : null,
    active ? appeal(active) : null);
}

// One appeal at a time per sanction: its state once made, else a short form.
function appeal(sanction) {
  if (sanction.appeal && sanction.appeal.status === "open") {
    return h("p", { class: "hint" }, "Your appeal is being read; the answer will show here.");
  }
  const area = h("div", {});
  const form = h("form", {
    class: "appeal",
    onsubmit: async (event) => {
      event.preventDefault();
      const text = form.elements.text.value.trim();
      if (!text) return;
      try {
        await api("/me/fair-play/appeal", { method: "POST", body: { sanction: sanction.id, text } });
        replace(area, h("p", { class: "hint" }, "Thank you: your appeal is being read."));
      } catch (error) {
        replace(area, form, h("p", { class: "error-text" }, error.detail));
      }
    },
  },
  h("label", { for: `appeal-${sanction.id}` }, "A mistake? Tell us why:"),
  h("textarea", { id: `appeal-${sanction.id}`, name: "text", rows: 2, maxlength: 4000 }),
  h("button", { type: "submit" }, "Appeal"));
  replace(area, form);
  return area;
}
