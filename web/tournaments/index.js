// The tournaments screens, loaded when one is first opened:
//   #/tournaments                 the list (upcoming, running, finished; filters)
//   #/tournaments/new             create a tournament (a guest: a private sit & go)
//   #/tournaments/join/<code>     an invite link (signed out: as a guest, or sign in first)
//   #/tournaments/<id>            one tournament, live

import { auth } from "../api.js";
import { createForm, invite } from "./create.js";
import { detail } from "./detail.js";
import { list } from "./list.js";

export async function tournaments(main, route, ctx) {
  const [first, second] = route.args;
  if (first === "join" && second) return invite(main, second, ctx);
  if (!auth.token) return null; // the router sends everyone else to sign in
  if (!first) return list(main, route, ctx);
  if (first === "new") return createForm(main, ctx);
  return detail(main, first, ctx);
}
