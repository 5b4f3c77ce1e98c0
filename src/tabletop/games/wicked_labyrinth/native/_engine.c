/* The Wicked Labyrinth's engine in C, for the batched RL env's every-seat mode.
 *
 * This file mirrors, rule for rule, WickedLabyrinthState in
 * games/wicked_labyrinth/state.py (setup, the oracle deal and the corridors as chance,
 * sealed declarations, the reveal and ranking, the gains queue, white and overflow
 * choices, soul processing, round and game end), calling the board rules of rules.h
 * (rules.py and board.py in C, shared with _planner.c), with the generator of
 * core/rng.py (SplitMix64, bit for bit) and State.apply_unchecked's automatic chance.
 * It holds many tables of one player count and card set as plain arrays, and writes
 * what the batched env hands out:
 * - each table's packed row, as _pack.pack_wicked_labyrinth writes it for the
 *   equivalent Python state (WickedLabyrinthPacker's layout), so the table encoder's
 *   lookup turns it into the same observations;
 * - each seat's action mask: the legal set of legal_action_ids_unchecked as 1s, or the
 *   no-op alone for a seat without a decision (the env's MaskTable rows);
 * - an ended game's tallies (board.tally) for its Result and rewards.
 * The Python engine is the reference: tests/rl/test_rl_native_labyrinth.py steps both
 * side by side over hundreds of games and requires every array, result and state
 * (replayed from the decisions recorded here) to be equal.
 *
 * The board layout, action ids, modes and phases are compiled in from rules.h and
 * checked against board.py, ids.py and elements.py at construction; the card tables,
 * player count and the rulebook's numbers come from Python and are validated, so no
 * input makes this read or write outside its arrays (a bad one raises ValueError).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#include "rules.h"

/* Bounds of the plain arrays (checked against the numbers given at construction). */
#define MAX_PLAYERS WL_MAX_PLAYERS
#define MAX_K 16
#define MAX_OUTCOMES 64
#define MAX_UPPER 8
#define MAX_QUEUE_DIGITS WL_QUEUE_DIGITS

/* ---------------------------------------------------------------- the game's numbers */

typedef struct {
    WlRules w; /* the rulebook's numbers and the oracle cards (rules.h) */
    int n, k, search_pieces, rounds;
    int great_outcome, small_outcome, outcomes;
    int corridors;
    int lower[MAX_OUTCOMES];
    int upper[MAX_OUTCOMES][MAX_UPPER], upper_count[MAX_OUTCOMES];
    /* The packed row (rl/pack.py). */
    int fragments, width, queue_digits;
    int64_t all_counts[16];
} Rules;

/* One table: WickedLabyrinthState's fields, its generator, and its decisions so far. */
typedef struct {
    int64_t b[MAX_PLAYERS * STRIDE];
    int phase, round, corridor, dealt;
    int labyrinth[MAX_K], laid;
    int discard[MAX_OUTCOMES], discarded;
    int revealed[MAX_K * MAX_PLAYERS], opened;
    int order[MAX_PLAYERS], ordered;
    int undrawn[MAX_OUTCOMES], left;
    unsigned deciding; /* a bit per seat: the deciding tuple is always in seat order */
    uint64_t rng;
    int32_t *history; /* (player, action) pairs of this game's decisions */
    Py_ssize_t steps, capacity;
} Table;

typedef struct {
    PyObject_HEAD
    Rules r;
    Table *tables;
    Py_ssize_t count;
} Tables;

/* ---------------------------------------------------------------- SplitMix64 (rng.py) */

static uint64_t
draw(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* SplitMix64.below(n): (z * n) >> 64, Lemire's multiply-shift. */
static int
below(uint64_t *state, int n)
{
    unsigned __int128 z = draw(state);
    return (int)((z * (unsigned)n) >> 64);
}

/* ---------------------------------------------------------------- the state machine (state.py) */

static void reveal(const Rules *r, Table *t);

static void
open_declaration(const Rules *r, Table *t)
{
    if (t->corridor == r->k - 1) {
        for (int p = 0; p < r->n; p++) {
            int64_t *o = t->b + p * STRIDE;
            o[DECLARED] = DECLARE_BASE + o[SEARCH] * 4 + (o[WITCH] ? 2 : 0) + (o[SOUL] ? 1 : 0)
                          + 1;
            o[MODE] = M_IDLE;
        }
        reveal(r, t);
    } else {
        for (int p = 0; p < r->n; p++)
            t->b[p * STRIDE + MODE] = M_DECLARE;
        t->deciding = (1u << r->n) - 1;
    }
}

static void
next_corridor(const Rules *r, Table *t)
{
    t->corridor++;
    if (t->corridor < r->k) {
        open_declaration(r, t);
        return;
    }
    t->phase = P_SOUL_PROCESSING;
    for (int p = 0; p < r->n; p++)
        t->b[p * STRIDE + MODE] = M_PROCESS;
    t->deciding = (1u << r->n) - 1;
}

/* _drain_order: queued gains in rank order until someone must choose. */
static void
drain_order(const Rules *r, Table *t)
{
    while (t->ordered) {
        int p = t->order[0];
        if (!wl_drain(&r->w, t->b + p * STRIDE, t->phase == P_SOUL_PROCESSING, NULL)) {
            t->deciding = 1u << p;
            return;
        }
        t->ordered--;
        memmove(t->order, t->order + 1, sizeof(int) * t->ordered);
    }
    next_corridor(r, t);
}

/* _take: impurity for the witch's signs, then the gains queued (they fit: the queue is
 * empty at a reveal, and read_rules checks the longest queue). */
static void
take(Table *t, int p, int impurity, const int *gains, int count)
{
    int64_t *o = t->b + p * STRIDE;
    if (impurity)
        o[IMPURITY] += impurity;
    (void)wl_queue_gains(o, gains, count);
}

/* _reveal with rules.rank_players: open the hands, rank, queue each ranked player's gains. */
static void
reveal(const Rules *r, Table *t)
{
    int n = r->n;
    int64_t search[MAX_PLAYERS];
    int witch = 0, soul = 0;
    for (int p = 0; p < n; p++) {
        int64_t *o = t->b + p * STRIDE;
        int64_t d = o[DECLARED] - 1;
        o[DECLARED] = 0;
        if (t->opened < MAX_K * MAX_PLAYERS)
            t->revealed[t->opened++] = (int)d;
        int64_t count = d / 4, signs = d % 4;
        search[p] = count;
        o[SEARCH] -= count;
        if (signs & 2) {
            witch++;
            o[WITCH] = 0;
        }
        if (signs & 1) {
            soul++;
            o[SOUL] = 0;
        }
    }
    int c = t->labyrinth[t->corridor];
    int lower = r->lower[c];
    int first, seconds[MAX_PLAYERS];
    int ranked = wl_rank_players(search, n, &first, seconds);
    int gains[MAX_PLAYERS + MAX_UPPER + 1];
    t->ordered = 0;
    if (first >= 0) {
        int count = 0;
        for (int i = 0; i < soul; i++)
            gains[count++] = lower;
        for (int i = 0; i < r->upper_count[c]; i++)
            gains[count++] = r->upper[c][i];
        gains[count++] = lower;
        t->order[t->ordered++] = first;
        take(t, first, witch, gains, count);
    }
    for (int j = 0; j < ranked; j++) {
        int count = 0;
        for (int i = 0; i < soul; i++)
            gains[count++] = lower;
        gains[count++] = lower;
        t->order[t->ordered++] = seconds[j];
        take(t, seconds[j], witch, gains, count);
    }
    drain_order(r, t);
}

static void
end_round(const Rules *r, Table *t)
{
    if (t->round == r->rounds) {
        t->phase = P_OVER;
        return;
    }
    for (int p = 0; p < r->n; p++) {
        int64_t *o = t->b + p * STRIDE;
        o[SEARCH] = r->search_pieces;
        o[WITCH] = 1;
        o[SOUL] = 1;
    }
    for (int i = 0; i < t->laid && t->discarded < MAX_OUTCOMES; i++)
        t->discard[t->discarded++] = t->labyrinth[i];
    t->laid = 0;
    t->opened = 0;
    t->round++;
    t->corridor = 0;
    t->phase = P_SEARCH;
}

static void
after_choice(const Rules *r, Table *t, int p)
{
    if (t->phase == P_SEARCH)
        drain_order(r, t);
    else
        wl_drain(&r->w, t->b + p * STRIDE, 1, NULL);
}

/* _process: a soul processing decision. */
static void
process(const Rules *r, Table *t, int p, int a)
{
    int64_t *o = t->b + p * STRIDE;
    if (a < DONE) {
        (void)wl_process(&r->w, o, a, NULL); /* a reward always fits: the queue is empty */
    } else {
        o[MODE] = M_IDLE;
        o[PROMOTION] = 0;
        o[COLOUR_CHANGE] = 0;
        t->deciding &= ~(1u << p);
        if (!t->deciding)
            end_round(r, t);
    }
}

/* _apply: `a` is in 0 .. COUNT - 1 (the caller checks). */
static void
apply(const Rules *r, Table *t, int p, int a)
{
    int64_t *o = t->b + p * STRIDE;
    if (a < CHOOSE_WHITE_BASE) {
        o[DECLARED] = a + 1;
        o[MODE] = M_IDLE;
        t->deciding &= ~(1u << p);
        if (!t->deciding)
            reveal(r, t);
    } else if (a < RETURN_LOW_BASE) {
        if (wl_choose_white(&r->w, o, a - CHOOSE_WHITE_BASE, NULL))
            after_choice(r, t, p);
    } else if (a < PAIR_BASE) {
        o[a - RETURN_LOW_BASE]--;
        after_choice(r, t, p);
    } else {
        process(r, t, p, a);
    }
}

/* ---------------------------------------------------------------- chance */

static int
is_chance_node(const Rules *r, const Table *t)
{
    return !t->deciding && (t->phase == P_SETUP || (t->phase == P_SEARCH && t->laid < r->k));
}

/* _sample_chance then _apply_chance: the pool is the undrawn outcomes of the kind
 * wanted, in the order they are undrawn; the one drawn leaves the list. */
static void
chance(const Rules *r, Table *t)
{
    int lo = 0, hi = r->great_outcome;
    if (t->phase == P_SETUP) {
        int kind = t->dealt % 4;
        lo = kind < 2 ? r->great_outcome : r->small_outcome;
        hi = kind < 2 ? r->small_outcome : r->outcomes;
    }
    int pool[MAX_OUTCOMES], where[MAX_OUTCOMES], size = 0;
    for (int i = 0; i < t->left; i++) {
        if (t->undrawn[i] >= lo && t->undrawn[i] < hi) {
            where[size] = i;
            pool[size++] = t->undrawn[i];
        }
    }
    /* Never empty: construction checks there are cards enough for every deal. */
    int j = below(&t->rng, size);
    int outcome = pool[j];
    t->left--;
    memmove(t->undrawn + where[j], t->undrawn + where[j] + 1,
            sizeof(int) * (t->left - where[j]));
    if (t->phase == P_SETUP) {
        int player = t->dealt / 4, kind = t->dealt % 4;
        int64_t *o = t->b + player * STRIDE;
        if (kind < 2)
            o[GREAT + kind] = outcome - r->great_outcome;
        else
            o[SMALL + kind - 2] = outcome - r->small_outcome;
        t->dealt++;
        if (t->dealt == 4 * r->n)
            t->phase = P_SEARCH;
        return;
    }
    t->labyrinth[t->laid++] = outcome;
    if (t->laid == r->k)
        open_declaration(r, t);
}

static void
settle(const Rules *r, Table *t)
{
    while (is_chance_node(r, t))
        chance(r, t);
}

/* WickedLabyrinthState.setup, then new_game's setup chance. */
static void
new_game(const Rules *r, Table *t, uint64_t seed)
{
    memset(t->b, 0, sizeof(t->b));
    for (int p = 0; p < r->n; p++) {
        int64_t *o = t->b + p * STRIDE;
        o[SEARCH] = r->search_pieces;
        o[WITCH] = 1;
        o[SOUL] = 1;
        o[GREAT] = o[GREAT + 1] = o[SMALL] = o[SMALL + 1] = -1;
    }
    t->phase = P_SETUP;
    t->round = 1;
    t->corridor = 0;
    t->laid = t->discarded = t->opened = t->ordered = 0;
    t->left = 0;
    for (int i = 0; i < r->corridors; i++)
        t->undrawn[t->left++] = i;
    for (int i = 0; i < r->w.greats; i++)
        t->undrawn[t->left++] = r->great_outcome + i;
    for (int i = 0; i < r->w.smalls; i++)
        t->undrawn[t->left++] = r->small_outcome + i;
    t->dealt = 0;
    t->deciding = 0;
    t->rng = seed;
    t->steps = 0;
    settle(r, t);
}

static int
record(Table *t, int p, int a)
{
    if (t->steps == t->capacity) {
        Py_ssize_t grown = t->capacity ? 2 * t->capacity : 512;
        int32_t *history = PyMem_Realloc(t->history, sizeof(int32_t) * 2 * grown);
        if (history == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        t->history = history;
        t->capacity = grown;
    }
    t->history[2 * t->steps] = p;
    t->history[2 * t->steps + 1] = a;
    t->steps++;
    return 0;
}

/* ---------------------------------------------------------------- the packed row (rl/pack.py) */

static void
pack(const Rules *r, const Table *t, int64_t *row)
{
    int n = r->n, k = r->k;
    row[0] = 0;
    row[1] = t->round;
    row[2] = t->phase;
    row[3] = t->corridor;
    row[4] = t->corridor < t->laid ? t->corridor : t->laid;
    row[5] = t->corridor < t->laid ? t->corridor : -1;
    row[6] = t->deciding;
    int64_t *at = row + 7;
    for (int j = 0; j < k; j++)
        at[j] = j < t->laid ? t->labyrinth[j] : -1;
    at += k;
    for (int j = 0; j < k * n; j++)
        at[j] = j < t->opened ? t->revealed[j] : -1;
    at += k * n;
    int64_t *counts = at + 1;
    int kinds = r->fragments + ELEMENTS;
    memcpy(counts, r->all_counts, sizeof(int64_t) * kinds);
    for (int pile = 0; pile < 2; pile++) {
        const int *cards = pile ? t->labyrinth : t->discard;
        int size = pile ? t->laid : t->discarded;
        for (int j = 0; j < size; j++) {
            int c = cards[j];
            counts[r->lower[c]]--;
            for (int e = 0; e < r->upper_count[c]; e++)
                counts[r->fragments + r->upper[c][e]]--;
        }
    }
    at[0] = r->corridors - t->discarded - t->laid;
    at += 1 + kinds;
    memcpy(at, t->b, sizeof(int64_t) * n * STRIDE);
    at += n * STRIDE;
    for (int p = 0; p < n; p++) {
        const int64_t *o = t->b + p * STRIDE;
        int64_t sheet[6];
        wl_tally(&r->w, o, sheet);
        at[0] = sheet[0];
        for (int e = 0; e < ELEMENTS; e++)
            at[1 + e] = 0;
        int64_t q = o[QUEUE];
        at[1 + ELEMENTS] = (q & 7) - 1;
        for (int d = 0; d < r->queue_digits && q; d++) {
            int64_t digit = q & 7;
            if (digit)
                at[digit]++;
            q >>= 3;
        }
        at += 2 + ELEMENTS;
    }
}

/* legal_action_ids_unchecked(p) as seat p's mask row `m` (width COUNT + 1, the no-op
 * last): 1s at the legal ids, or the no-op alone for a seat without a decision. */
static void
mask_row(const Rules *r, const Table *t, int p, int8_t *m)
{
    const int64_t *o = t->b + p * STRIDE;
    memset(m, 0, COUNT + 1);
    int64_t mode = o[MODE];
    if (mode == M_IDLE || !(t->deciding >> p & 1)) {
        m[COUNT] = 1;
    } else if (mode == M_DECLARE) {
        for (int64_t s = 0; s <= o[SEARCH]; s++)
            for (int w = 0; w <= (o[WITCH] != 0); w++)
                for (int x = 0; x <= (o[SOUL] != 0); x++)
                    m[DECLARE_BASE + s * 4 + w * 2 + x] = 1;
    } else if (mode == M_CHOOSE_WHITE) {
        for (int c = 0; c < 4; c++)
            m[CHOOSE_WHITE_BASE + c] = 1;
    } else if (mode == M_OVERFLOW) {
        int any = 0;
        for (int c = 0; c < 4; c++)
            if (o[c]) {
                m[RETURN_LOW_BASE + c] = 1;
                any = 1;
            }
        if (!any)
            m[COUNT] = 1;
    } else {
        wl_processing_actions(&r->w, o, NULL, m);
    }
}

/* Whether `a` is in seat p's mask row: the closed hands, white colours and overflow
 * returns read off the board (most decisions), soul processing through its row. */
static int
is_legal(const Rules *r, const Table *t, int p, int64_t a)
{
    const int64_t *o = t->b + p * STRIDE;
    int64_t mode = o[MODE];
    if (a < 0 || a >= COUNT || mode == M_IDLE || !(t->deciding >> p & 1))
        return 0;
    if (mode == M_DECLARE)
        return a >= DECLARE_BASE && a < CHOOSE_WHITE_BASE && (a - DECLARE_BASE) / 4 <= o[SEARCH]
               && (!((a - DECLARE_BASE) & 2) || o[WITCH]) && (!((a - DECLARE_BASE) & 1) || o[SOUL]);
    if (mode == M_CHOOSE_WHITE)
        return a >= CHOOSE_WHITE_BASE && a < CHOOSE_WHITE_BASE + 4;
    if (mode == M_OVERFLOW)
        return a >= RETURN_LOW_BASE && a < RETURN_LOW_BASE + 4 && o[a - RETURN_LOW_BASE];
    int8_t m[COUNT + 1];
    mask_row(r, t, p, m);
    return m[a];
}

/* ---------------------------------------------------------------- construction */

static int
read_rules(Rules *r, PyObject *data)
{
    if (wl_read_rules(&r->w, data) < 0)
        return -1;
    int64_t buffer[12 * MAX_OUTCOMES];
    Py_ssize_t length;
    if (wl_number(data, "players", 2, MAX_PLAYERS, &r->n) < 0
        || wl_number(data, "corridors_per_round", 1, MAX_K, &r->k) < 0
        || wl_number(data, "search_pieces", 0, (CHOOSE_WHITE_BASE - DECLARE_BASE) / 4 - 1,
                  &r->search_pieces) < 0
        || wl_number(data, "rounds", 1, 1000, &r->rounds) < 0
        || wl_number(data, "great_outcome", 0, MAX_OUTCOMES, &r->great_outcome) < 0
        || wl_number(data, "small_outcome", r->great_outcome, MAX_OUTCOMES, &r->small_outcome) < 0
        || wl_number(data, "outcomes", r->small_outcome, MAX_OUTCOMES, &r->outcomes) < 0
        || wl_number(data, "fragments", 1, 8, &r->fragments) < 0
        || wl_number(data, "queue_digits", 0, MAX_QUEUE_DIGITS, &r->queue_digits) < 0
        || wl_number(data, "width", 0, 1 << 20, &r->width) < 0)
        return -1;
    /* The cards: every outcome a card of its kind. */
    if (wl_sequence(data, "corridor_lower", 0, r->fragments - 1, buffer, r->great_outcome,
                 &length) < 0)
        return -1;
    r->corridors = (int)length;
    for (int i = 0; i < r->corridors; i++)
        r->lower[i] = (int)buffer[i];
    if (wl_card_lists(data, "corridor_upper", ELEMENTS - 1, r->corridors, &r->upper[0][0],
                   MAX_UPPER, r->upper_count) < 0)
        return -1;
    if (r->w.greats > r->small_outcome - r->great_outcome
        || r->w.smalls > r->outcomes - r->small_outcome)
        goto bad;
    /* Enough cards for every deal and round, and every queue within 63 bits: at most
     * a lower fragment per soul sign, a corridor's upper half and its lower fragment
     * (a small oracle's reward is queued on an empty queue). */
    int longest = 0;
    for (int c = 0; c < r->corridors; c++)
        if (r->upper_count[c] > longest)
            longest = r->upper_count[c];
    if (r->k * r->rounds > r->corridors || 2 * r->n > r->w.greats || 2 * r->n > r->w.smalls
        || r->n + longest + 1 > MAX_QUEUE_DIGITS || r->fragments + ELEMENTS > 16
        || r->width != 7 + r->k * (1 + r->n) + 1 + r->fragments + ELEMENTS
                           + r->n * (STRIDE + 2 + ELEMENTS))
        goto bad;
    memset(r->all_counts, 0, sizeof(r->all_counts));
    for (int c = 0; c < r->corridors; c++) {
        r->all_counts[r->lower[c]]++;
        for (int e = 0; e < r->upper_count[c]; e++)
            r->all_counts[r->fragments + r->upper[c][e]]++;
    }
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "the native Labyrinth's numbers do not fit together "
                    "(card counts, queue length or row width)");
    return -1;
}

/* The Python object: the tables' set-up, buffers, reset and history, shared with
 * every game's batched engine (rl/native/_tables.h reads Rules, Table, Tables,
 * read_rules, new_game). */
PyDoc_STRVAR(reset_doc,
"reset(table, seed)\n\n"
"A new game at `table`, as game.new_game(players, seed, cards=...): setup, then the\n"
"oracle deal and the first corridors drawn by the game's own generator.");

#include "_tables.h"

PyDoc_STRVAR(step_doc,
"step(actions) -> list of tables whose game ended\n\n"
"actions: int64 (tables, players). At every table each deciding seat plays its action,\n"
"in seat order (stepping.apply_every_seat with apply_unchecked: chance drawn at once).\n"
"An action that is not legal at a deciding seat raises ValueError before any table\n"
"moves (the env checks them against the masks first; this keeps the C's own state\n"
"within the rules whoever calls it).");

static PyObject *
Tables_step(Tables *self, PyObject *args)
{
    PyObject *o_actions;
    if (!PyArg_ParseTuple(args, "O:step", &o_actions) || ready(self) < 0)
        return NULL;
    const Rules *r = &self->r;
    Py_buffer view;
    if (buffer(o_actions, &view, 0, 'i', self->count * r->n, "actions") < 0)
        return NULL;
    const int64_t *actions = view.buf;
    /* Every action checked first, so the tables only ever move by legal decisions. */
    for (Py_ssize_t t = 0; t < self->count; t++) {
        for (int p = 0; p < r->n; p++) {
            int64_t a = actions[t * r->n + p];
            if ((self->tables[t].deciding >> p & 1) && !is_legal(r, &self->tables[t], p, a)) {
                PyBuffer_Release(&view);
                return PyErr_Format(PyExc_ValueError, "table %zd seat %d: action %lld is "
                                    "not legal now", t, p, (long long)a);
            }
        }
    }
    PyObject *ended = PyList_New(0);
    if (ended == NULL)
        goto fail;
    for (Py_ssize_t t = 0; t < self->count; t++) {
        Table *table = &self->tables[t];
        unsigned deciding = table->deciding;
        for (int p = 0; p < r->n; p++) {
            if (!(deciding >> p & 1))
                continue;
            int a = (int)actions[t * r->n + p];
            apply(r, table, p, a);
            if (record(table, p, a) < 0)
                goto fail;
            settle(r, table);
        }
        if (table->phase == P_OVER) {
            PyObject *index = PyLong_FromSsize_t(t);
            if (index == NULL || PyList_Append(ended, index) < 0) {
                Py_XDECREF(index);
                goto fail;
            }
            Py_DECREF(index);
        }
    }
    PyBuffer_Release(&view);
    return ended;
fail:
    PyBuffer_Release(&view);
    Py_XDECREF(ended);
    return NULL;
}

PyDoc_STRVAR(pack_doc,
"pack(out)\n\n"
"Every table's packed row into the int64 (tables, width) `out`, as\n"
"_pack.pack_wicked_labyrinth writes it for the equivalent state.");

static PyObject *
Tables_pack(Tables *self, PyObject *args)
{
    PyObject *o_out;
    if (!PyArg_ParseTuple(args, "O:pack", &o_out) || ready(self) < 0)
        return NULL;
    Py_buffer view;
    if (buffer(o_out, &view, 1, 'i', self->count * self->r.width, "out") < 0)
        return NULL;
    for (Py_ssize_t t = 0; t < self->count; t++)
        pack(&self->r, &self->tables[t], (int64_t *)view.buf + t * self->r.width);
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(pack_one_doc,
"pack_one(table, out)\n\n"
"One table's packed row into the int64 `out` of one row.");

static PyObject *
Tables_pack_one(Tables *self, PyObject *args)
{
    Py_ssize_t t;
    PyObject *o_out;
    if (!PyArg_ParseTuple(args, "nO:pack_one", &t, &o_out) || table_index(self, t) < 0)
        return NULL;
    Py_buffer view;
    if (buffer(o_out, &view, 1, 'i', self->r.width, "out") < 0)
        return NULL;
    pack(&self->r, &self->tables[t], view.buf);
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(masks_doc,
"masks(out)\n\n"
"Every seat's action mask into the int8 (tables, players, COUNT + 1) `out`.");

static PyObject *
Tables_masks(Tables *self, PyObject *args)
{
    PyObject *o_out;
    if (!PyArg_ParseTuple(args, "O:masks", &o_out) || ready(self) < 0)
        return NULL;
    const Rules *r = &self->r;
    Py_buffer view;
    if (buffer(o_out, &view, 1, 'b', self->count * r->n * (COUNT + 1), "out") < 0)
        return NULL;
    int8_t *rows = view.buf;
    for (Py_ssize_t t = 0; t < self->count; t++)
        for (int p = 0; p < r->n; p++)
            mask_row(r, &self->tables[t], p, rows + (t * r->n + p) * (COUNT + 1));
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(tallies_doc,
"tallies(table) -> list of (score, greats, high, middle, low, impurity) per seat\n\n"
"board.tally of every board: the scores and tie-breaks of an ended game's Result.");

static PyObject *
Tables_tallies(Tables *self, PyObject *args)
{
    Py_ssize_t t;
    if (!PyArg_ParseTuple(args, "n:tallies", &t) || table_index(self, t) < 0)
        return NULL;
    PyObject *out = PyList_New(self->r.n);
    if (out == NULL)
        return NULL;
    for (int p = 0; p < self->r.n; p++) {
        int64_t s[6];
        wl_tally(&self->r.w, self->tables[t].b + p * STRIDE, s);
        PyObject *row = Py_BuildValue("(LLLLLL)", (long long)s[0], (long long)s[1],
                                      (long long)s[2], (long long)s[3], (long long)s[4],
                                      (long long)s[5]);
        if (row == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, p, row);
    }
    return out;
}

static PyMethodDef Tables_methods[] = {
    {"reset", (PyCFunction)Tables_reset, METH_VARARGS, reset_doc},
    {"step", (PyCFunction)Tables_step, METH_VARARGS, step_doc},
    {"pack", (PyCFunction)Tables_pack, METH_VARARGS, pack_doc},
    {"pack_one", (PyCFunction)Tables_pack_one, METH_VARARGS, pack_one_doc},
    {"masks", (PyCFunction)Tables_masks, METH_VARARGS, masks_doc},
    {"tallies", (PyCFunction)Tables_tallies, METH_VARARGS, tallies_doc},
    {"history", (PyCFunction)Tables_history, METH_VARARGS, history_doc},
    TABLES_SAVE_LOAD_METHODS
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "tabletop.games.wicked_labyrinth.native._engine.Tables",
    .tp_doc = "Tables(tables, data): many Wicked Labyrinth games in C (see the module).",
    .tp_basicsize = sizeof(Tables),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Tables_init,
    .tp_dealloc = (destructor)Tables_dealloc,
    .tp_methods = Tables_methods,
};

static PyMethodDef module_methods[] = {
    {"vector", (PyCFunction)wl_vector, METH_VARARGS, wl_vector_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "tabletop.games.wicked_labyrinth.native._engine",
    .m_doc = "The Wicked Labyrinth's engine in C for the batched env (see the .c file).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__engine(void)
{
    if (PyType_Ready(&TablesType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&TablesType);
    if (PyModule_AddObject(m, "Tables", (PyObject *)&TablesType) < 0) {
        Py_DECREF(&TablesType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "COUNT", COUNT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
