// The games this client plays, in one place: a name, the table module that draws it, and
// what the create forms offer. Another game is one more entry here, one more table module
// under table/, and one more page in screens/rules.js.

export const VARIANTS = {
  gin: {
    name: "gin",
    label: "Gin Rummy",
    seats: [2, 2],
    table: () => import("./table/gin.js").then((m) => m.GinTable),
  },
  rummy: {
    name: "rummy",
    label: "Rummy",
    seats: [2, 4],
    table: () => import("./table/rummy.js").then((m) => m.RummyTable),
  },
  indian: {
    name: "indian",
    label: "Indian Rummy",
    seats: [2, 6],
    table: () => import("./table/indian.js").then((m) => m.IndianTable),
  },
};

export const variantOf = (game) => VARIANTS[(game && game.variant) || "gin"] || null;
export const variantLabel = (game) => (variantOf(game) || { label: game.variant }).label;
