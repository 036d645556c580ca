// The table screen: reads the game, then hands it to its game's table module.

import { api } from "../api.js";
import { h } from "../dom.js";
import { variantOf } from "../variants.js";

export async function table(main, gameId, ctx) {
  const view = await api(`/games/${gameId}`);
  const variant = variantOf(view);
  if (!variant) {
    main.append(h("section", { class: "panel" }, h("h1", {}, "This game cannot be shown here yet"),
      h("p", {}, `This client does not play ${view.variant} yet.`), h("a", { href: "#/" }, "Back to the start")));
    return null;
  }
  const Table = await variant.table();
  const screen = new Table(main, view, ctx);
  await screen.start();
  return () => screen.stop();
}
