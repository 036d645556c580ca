// Sign up and sign in: each gets a token, kept in localStorage. The sign-in screen is also
// where a first visit lands, so it offers "Play now" (a guest account) beside the form.

import { api } from "../api.js";
import { formData, h } from "../dom.js";
import { playNowPanel } from "./guest.js";

export function field(label, attrs, help) {
  const id = `f-${attrs.name}`;
  return h("div", { class: "field", "data-field": attrs.name },
    h("label", { for: id }, label),
    h("input", { id, "aria-describedby": help ? `${id}-help` : null, ...attrs }),
    help ? h("p", { class: "hint field-help", id: `${id}-help` }, help) : null,
    h("p", { class: "field-error", id: `${id}-error`, "data-testid": `error-${attrs.name}`, hidden: true }));
}

// Every message of a validation error's `fields` entry (a list of sentences, or nested).
function sentences(value) {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(sentences);
  if (value && typeof value === "object") return Object.values(value).flatMap(sentences);
  return [];
}

function clearFieldErrors(form) {
  for (const el of form.querySelectorAll(".field-error")) {
    el.textContent = "";
    el.hidden = true;
  }
  for (const input of form.querySelectorAll("[aria-invalid]")) {
    input.removeAttribute("aria-invalid");
    input.setAttribute("aria-describedby", (input.getAttribute("aria-describedby") || "")
      .split(" ").filter((id) => id && !id.endsWith("-error")).join(" "));
    if (!input.getAttribute("aria-describedby")) input.removeAttribute("aria-describedby");
  }
}

// The API's `fields` shown under the fields they are about (each input marked invalid and
// described by its messages, the first one focused). Returns the messages about no field
// of this form, for the form's own error line.
export function showFieldErrors(form, error) {
  const fields = (error && error.body && error.body.fields) || {};
  const rest = [];
  let first = null;
  let count = 0;
  for (const [name, value] of Object.entries(fields)) {
    const messages = sentences(value);
    const input = form.querySelector(`[name="${CSS.escape(name)}"]`);
    const out = input && form.querySelector(`#${CSS.escape(input.id)}-error`);
    if (!out) {
      rest.push(...messages);
      continue;
    }
    out.textContent = messages.join(" ");
    out.hidden = false;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), out.id].filter(Boolean).join(" "));
    first = first || input;
    count += 1;
  }
  if (first) first.focus();
  return { rest, marked: count };
}

export function form(title, fields, submitLabel, onSubmit, footer, { headingLevel = "h1", attrs = {} } = {}) {
  const error = h("p", { class: "error-text", role: "alert", "aria-live": "assertive", "data-testid": "form-error" });
  const button = h("button", { type: "submit", class: "primary" }, submitLabel);
  const el = h("form", {
    class: "panel narrow", novalidate: true, ...attrs,
    onsubmit: async (event) => {
      event.preventDefault();
      error.textContent = "";
      clearFieldErrors(el);
      button.disabled = true;
      try {
        await onSubmit(formData(el));
      } catch (err) {
        const { rest, marked } = showFieldErrors(el, err);
        error.textContent = rest.length ? rest.join(" ")
          : marked ? `Please correct the marked ${marked > 1 ? "fields" : "field"}.` : err.detail || err.message;
      } finally {
        button.disabled = false;
      }
    },
  }, h(headingLevel, {}, title), fields, error, button, footer);
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
  const signin = form("Sign in", [
    field("Username", { name: "username", autocomplete: "username", required: true }),
    field("Password", { name: "password", type: "password", autocomplete: "current-password", required: true }),
  ], "Sign in", async (data) => {
    const answer = await api("/auth/token", {
      method: "POST", body: { username: data.username.trim(), password: data.password },
    });
    ctx.signedIn(answer.token);
  }, h("p", {}, "New here? ", h("a", { href: "#/signup" }, "Create an account"), " or play now, no account needed."));
  main.append(h("div", { class: "welcome-grid" }, playNowPanel(ctx), signin));
}
