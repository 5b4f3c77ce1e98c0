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
