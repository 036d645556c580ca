// The options' fields, on the profile and in a table's Options dialog (web/prefs.js).

import { h } from "./dom.js";

const id = (name) => `o-${name}-${Math.random().toString(36).slice(2, 7)}`;

function choice(name, label, options, value) {
  const at = id(name);
  return h("div", { class: "field inline" }, h("label", { for: at }, label),
    h("select", { id: at, name, "data-option": name },
      options.map(([v, text]) => h("option", { value: v, selected: v === value }, text))));
}

function toggle(name, label, checked) {
  const at = id(name);
  return h("div", { class: "field check" },
    h("input", { type: "checkbox", id: at, name, checked, "data-option": name }), h("label", { for: at }, label));
}

// The fields, filled from `prefs`; `onChange(changes)` hears each change as it is made
// (where given: a form may read them on submit instead).
export function optionFields(prefs, onChange = null) {
  const fields = [
    choice("theme", "Colours", [["system", "As my device is set"], ["light", "Light"], ["dark", "Dark"]], prefs.theme),
    choice("computer_speed", "Computers' speed", [["slow", "Slow: each move stays a while"], ["normal", "Normal"], ["fast", "Fast"]], prefs.computer_speed),
    choice("card_sort", "Sort my hand by", [["suit", "Suit"], ["rank", "Rank"]], prefs.card_sort),
    toggle("warn_meld_discard", "Warn me before I discard a card that fits one of my melds", prefs.warn_meld_discard),
    toggle("score_animation", "Animate the scores", prefs.score_animation),
    toggle("four_color_deck", "Four-colour deck (blue diamonds, green clubs)", prefs.four_color_deck),
  ];
  if (onChange) {
    for (const field of fields) {
      const input = field.querySelector("[data-option]");
      input.addEventListener("change", () => onChange({
        [input.name]: input.type === "checkbox" ? input.checked : input.value,
      }));
    }
  }
  return fields;
}
