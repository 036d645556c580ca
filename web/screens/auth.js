// Sign up and sign in: each gets a token, kept in localStorage.

import { api } from "../api.js";
import { formData, h } from "../dom.js";

function field(label, attrs) {
  const id = `f-${attrs.name}`;
  return h("div", { class: "field" },
    h("label", { for: id }, label),
    h("input", { id, ...attrs }));
}

function form(title, fields, submitLabel, onSubmit, footer) {
  const error = h("p", { class: "error-text", role: "alert", "aria-live": "assertive" });
  const button = h("button", { type: "submit", class: "primary" }, submitLabel);
  const el = h("form", {
    class: "panel narrow", novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      error.textContent = "";
      button.disabled = true;
      try {
        await onSubmit(formData(el));
      } catch (err) {
        error.textContent = err.detail || err.message;
      } finally {
        button.disabled = false;
      }
    },
  }, h("h1", {}, title), fields, error, button, footer);
  return el;
}

export function signUp(main, ctx) {
  main.append(form("Create your account", [
    field("Username", { name: "username", autocomplete: "username", required: true, minlength: 3, maxlength: 30 }),
    field("Display name (optional)", { name: "display_name", autocomplete: "nickname", maxlength: 40 }),
    field("Password", { name: "password", type: "password", autocomplete: "new-password", required: true }),
  ], "Sign up", async (data) => {
    const body = { username: data.username.trim(), password: data.password };
    if (data.display_name.trim()) body.display_name = data.display_name.trim();
    const answer = await api("/auth/register", { method: "POST", body });
    ctx.signedIn(answer.token);
  }, h("p", {}, "Already have an account? ", h("a", { href: "#/signin" }, "Sign in"))));
}

export function signIn(main, ctx) {
  main.append(form("Sign in", [
    field("Username", { name: "username", autocomplete: "username", required: true }),
    field("Password", { name: "password", type: "password", autocomplete: "current-password", required: true }),
  ], "Sign in", async (data) => {
    const answer = await api("/auth/token", {
      method: "POST", body: { username: data.username.trim(), password: data.password },
    });
    ctx.signedIn(answer.token);
  }, h("p", {}, "New here? ", h("a", { href: "#/signup" }, "Create an account"))));
}
