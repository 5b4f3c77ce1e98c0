// Seat tokens kept in this browser (localStorage), so a reload or a new tab resumes.
// A token is a secret: it goes to the server only in a header or the WebSocket's
// first message, never in a URL path or query. A "resume link" carries it in the
// fragment (#...), which browsers never send to the server.

const KEY = "tabletop.seats";

function all() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

/** Remember that this browser holds `seat` at `tableId` with `token`. */
export function saveSeat(tableId, seat, token, name) {
  const seats = all();
  seats[tableId] = { ...(seats[tableId] || {}), [seat]: { token, name } };
  localStorage.setItem(KEY, JSON.stringify(seats));
}

/** The seats this browser holds at a table: [{seat, token, name}], by seat number. */
export function seatsAt(tableId) {
  const found = all()[tableId] || {};
  return Object.entries(found)
    .map(([seat, v]) => ({ seat: Number(seat), token: v.token, name: v.name }))
    .sort((a, b) => a.seat - b.seat);
}

export function seatAt(tableId, seat) {
  return seatsAt(tableId).find((s) => s.seat === seat) || null;
}

/** Forget a seat (the server refused its token: another database, an old table). */
export function forgetSeat(tableId, seat) {
  const seats = all();
  if (seats[tableId]) {
    delete seats[tableId][seat];
    if (!Object.keys(seats[tableId]).length) delete seats[tableId];
    localStorage.setItem(KEY, JSON.stringify(seats));
  }
}

const INVITES = "tabletop.invitations";

/** Keep a private table's invitations ({seat, invitation}) made in this browser, so its
 * waiting room can show each open seat's link to share. */
export function keepInvitations(tableId, invitations) {
  if (!invitations || !invitations.length) return;
  try {
    const kept = JSON.parse(localStorage.getItem(INVITES) || "{}");
    kept[tableId] = Object.fromEntries(invitations.map((i) => [i.seat, i.invitation]));
    localStorage.setItem(INVITES, JSON.stringify(kept));
  } catch {
    // storage full or unreadable: the creator still saw the links in the lobby
  }
}

/** The invitation this browser keeps for a seat of a private table, or null. */
export function invitationAt(tableId, seat) {
  try {
    const kept = JSON.parse(localStorage.getItem(INVITES) || "{}");
    return (kept[tableId] && kept[tableId][seat]) || null;
  } catch {
    return null;
  }
}
