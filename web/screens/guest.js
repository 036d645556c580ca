// Playing without an account: "Play now" (a guest account and a game against the computer
// in one click), a friend's invite opened signed out ("Join as a guest"), and the claim
// form that turns the guest into an ordinary account with its games (POST /auth/claim).

import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { DEFAULT_LEVEL, DEFAULT_VARIANT, LEVELS, VARIANTS } from "../variants.js";
import { field, form } from "./auth.js";

// The first visit's offer: a game and a level (Gin Rummy against Medium unless changed),
// then one click. Not a <form>: the sign-in form beside it stays the screen's only form.
export function playNowPanel(ctx) {
  const error = h("p", { class: "error-text", role: "alert", "data-testid": "play-now-error" });
  const game = h("select", { id: "play-now-game", name: "play_variant" },
    Object.values(VARIANTS).map((v) => h("option", { value: v.name, selected: v.name === DEFAULT_VARIANT }, v.label)));
  const button = h("button", {
    type: "button", class: "primary big", "data-key": "play-now",
    onclick: async () => {
      button.disabled = true;
      error.textContent = "";
      const level = panel.querySelector("input[name=play_level]:checked");
      try {
        await ctx.playNow({ variant: game.value, difficulty: level ? level.value : DEFAULT_LEVEL });
      } catch (err) {
        error.textContent = err.detail || err.message;
        button.disabled = false;
      }
    },
  }, "Play now");
  const panel = h("section", { class: "panel play-now", "aria-labelledby": "h-play-now", "data-testid": "play-now" },
    h("h2", { id: "h-play-now" }, "Play now"),
    h("p", { class: "lead" }, "No account needed: you play the computer at once, as a guest. Keep your games later by choosing a username."),
    h("div", { class: "field inline" }, h("label", { for: "play-now-game" }, "Game"), game),
    h("fieldset", { class: "levels compact" }, h("legend", {}, "Computer level"),
      LEVELS.map(([value, label]) => h("label", { class: "level" },
        h("input", { type: "radio", name: "play_level", value, checked: value === DEFAULT_LEVEL }),
        h("span", { class: "level-name" }, label)))),
    button, error,
    h("p", { class: "hint" }, "Guests are not on the leaderboards. ", h("a", { href: "#/rules" }, "How to play")));
  return panel;
}

// #/join/<code> opened signed out: join as a guest (a name is optional), or sign in or
// sign up first and come back to the table.
export function inviteSignedOut(main, code, ctx) {
  ctx.rememberPending(`#/join/${encodeURIComponent(code)}`);
  const el = form("You are invited to a table", [
    h("p", {}, "Invite code ", h("b", { class: "code-inline", "data-testid": "invite-code" }, code),
      ". Take your seat now as a guest, no account needed, or with your account."),
    field("Your name at the table (optional)", { name: "display_name", autocomplete: "nickname", maxlength: 40 }),
  ], "Join as a guest", async (data) => {
    const name = data.display_name.trim();
    await ctx.becomeGuest(name ? { display_name: name } : undefined);
    let game;
    try {
      game = await api("/games/join", { method: "POST", body: { code } });
    } catch (error) {
      ctx.navigate("#/");
      ctx.say(error);
      return;
    }
    ctx.navigate(`#/game/${game.id}`);
  }, h("p", {}, "Have an account? ", h("a", { href: "#/signin" }, "Sign in"), " or ",
    h("a", { href: "#/signup" }, "create one"), ": you come back to this table after."),
  { attrs: { "data-testid": "invite" } });
  el.querySelector("button[type=submit]").dataset.key = "join-as-guest";
  main.append(el);
}

// #/claim: a guest chooses a username and password and keeps the account, its games with it.
// Reached from the guest banner, and in place of signing out (which would lose them).
export async function claim(main, route, ctx) {
  const me = await ctx.loadMe();
  if (!me.guest) {
    main.append(h("section", { class: "panel narrow" },
      h("h1", {}, "Your account has its username"),
      h("p", {}, `You are signed in as @${me.username}, and your games are kept.`),
      h("a", { href: "#/" }, "Back to the start")));
    return;
  }
  const leaving = route.query.has("leave");
  const madeUp = me.display_name === me.username;
  const leave = h("div", { class: "leave", "data-testid": "guest-leave" },
    h("h2", {}, "Or sign out"),
    h("p", {}, "A guest account has no password: once you sign out, its games cannot be opened again."),
    h("button", { type: "button", class: "danger", "data-key": "guest-sign-out", onclick: () => ctx.signOut() },
      "Sign out and lose these games"));
  const el = form(leaving ? "Keep your games before you sign out?" : "Keep your games", [
    h("p", {}, "Choose a username and a password to keep this guest account with its games and statistics, "
      + "and sign in to it anywhere. From then on your games count on the leaderboards."),
    field("Username", { name: "username", autocomplete: "username", required: true, minlength: 3, maxlength: 30 },
      "3 to 30 letters, digits, _ . or -."),
    field("Display name (optional)", { name: "display_name", autocomplete: "nickname", maxlength: 40, value: madeUp ? "" : me.display_name }),
    field("Password", { name: "password", type: "password", autocomplete: "new-password", required: true },
      "At least 8 characters."),
  ], "Keep my games", async (data) => {
    const body = { username: data.username.trim(), password: data.password };
    const name = data.display_name.trim();
    if (name) body.display_name = name;
    // The claim ends every token of the guest and its streams: the account stream stops
    // first, and follows again with the new token.
    ctx.pauseAccount();
    let answer;
    try {
      answer = await api("/auth/claim", { method: "POST", body });
    } catch (error) {
      ctx.resumeAccount();
      throw error;
    }
    ctx.claimed(answer.token);
  }, leave, { attrs: { "data-testid": "claim" } });
  el.classList.add("claim-form");
  el.querySelector("button[type=submit]").dataset.key = "claim";
  main.append(el);
  if (leaving) leave.querySelector("button").scrollIntoView({ block: "nearest" });
}

// A line for guests where the leaderboards or ratings are shown.
export function guestNote(ctx, text) {
  if (!ctx.me || !ctx.me.guest) return null;
  return h("p", { class: "guest-note", "data-testid": "guest-note" }, text, " ",
    h("a", { href: "#/claim" }, "Choose a username"), " to keep your games and be on them: your results so far then count on this week's and this month's boards.");
}

// The header's banner for a guest, on every screen but the claim form itself.
export function renderGuestBar(bar, ctx, screen) {
  if (!ctx.me || !ctx.me.guest || screen === "claim") {
    replace(bar);
    bar.hidden = true;
    return;
  }
  replace(bar, "Playing as a guest \u2014 ", h("a", { href: "#/claim", "data-testid": "guest-claim-link" }, "keep your games: choose a username"));
  bar.hidden = false;
}
