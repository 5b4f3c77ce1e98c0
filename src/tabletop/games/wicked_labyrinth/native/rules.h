/* The Wicked Labyrinth's board rules in C, written once for both C twins.
 *
 * _engine.c (the batched env's engine) and _planner.c (the heuristic's soul processing
 * search) include this header and keep no copy of their own of: the board layout and
 * action ids (board.py, ids.py, elements.py; checked against Python's at
 * construction), the rulebook's numbers and the cards they read (WlRules), ranking
 * (rules.rank_players), the gain rules (rules.queue_gains, gain_token, drain,
 * spend_promotion, achieve_small), promotion, colour change and great oracles
 * (rules.promote, achieve_great), the legal soul processing actions
 * (rules.processing_actions, with board.owned_high and meets_needs) and the tally
 * (board.tally). Python's rules.py and board.py are the reference: the shared vectors
 * under tests/wicked_labyrinth/vectors run against them and against both extensions
 * (each exposes wl_vector, below, as `vector`, for tests only).
 *
 * Every function reads and writes one board `o` (STRIDE slots) and nothing else. They
 * assume what both callers guarantee: card slots name a card of the set (0 .. count-1),
 * and every base-8 digit of the queue of gains is 1 .. ELEMENTS (as wl_queue_gains
 * writes them). Include it after <Python.h>.
 */

#ifndef TABLETOP_WICKED_LABYRINTH_RULES_H
#define TABLETOP_WICKED_LABYRINTH_RULES_H

#include <stdint.h>
#include <string.h>

/* ---------------------------------------------------------------- layout (board.py, ids.py, elements.py) */

#define STRIDE 29
#define SEARCH 12
#define WITCH 13
#define SOUL 14
#define PROMOTION 15
#define COLOUR_CHANGE 16
#define GREAT 17
#define GREAT_DONE 19
#define SMALL 21
#define SMALL_DONE 23
#define MODE 25
#define IMPURITY 26
#define DECLARED 27
#define QUEUE 28

#define DECLARE_BASE 0
#define CHOOSE_WHITE_BASE 36
#define RETURN_LOW_BASE 40
#define PAIR_BASE 44
#define SPELL_BASE 84
#define DISCARD_PROMOTION 124
#define CHANGE_BASE 125
#define DISCARD_CHANGE 161
#define SMALL_BASE 162
#define GREAT_BASE 164
#define DONE 166
#define COUNT 167

#define M_IDLE 0
#define M_DECLARE 1
#define M_CHOOSE_WHITE 2
#define M_OVERFLOW 3
#define M_PROCESS 4
#define M_REWARD_PROMOTION 5
#define P_SETUP 0
#define P_SEARCH 1
#define P_SOUL_PROCESSING 2
#define P_OVER 3
#define E_WHITE 4
#define E_PROMOTION 5
#define ELEMENTS 7

/* rules.py's log codes. */
#define GAINED 0
#define RETURNED 4
#define STORED_PROMOTION 8
#define STORED_COLOUR_CHANGE 9

static const struct {
    const char *name;
    long value;
} WL_LAYOUT[] = {
    {"STRIDE", STRIDE}, {"SEARCH", SEARCH}, {"WITCH", WITCH}, {"SOUL", SOUL},
    {"PROMOTION", PROMOTION}, {"COLOUR_CHANGE", COLOUR_CHANGE}, {"GREAT", GREAT},
    {"GREAT_DONE", GREAT_DONE}, {"SMALL", SMALL}, {"SMALL_DONE", SMALL_DONE},
    {"MODE", MODE}, {"IMPURITY", IMPURITY}, {"DECLARED", DECLARED}, {"QUEUE", QUEUE},
    {"DECLARE_BASE", DECLARE_BASE}, {"CHOOSE_WHITE_BASE", CHOOSE_WHITE_BASE},
    {"RETURN_LOW_BASE", RETURN_LOW_BASE}, {"PAIR_BASE", PAIR_BASE},
    {"SPELL_BASE", SPELL_BASE}, {"DISCARD_PROMOTION", DISCARD_PROMOTION},
    {"CHANGE_BASE", CHANGE_BASE}, {"DISCARD_CHANGE", DISCARD_CHANGE},
    {"SMALL_BASE", SMALL_BASE}, {"GREAT_BASE", GREAT_BASE}, {"DONE", DONE},
    {"COUNT", COUNT}, {"M_IDLE", M_IDLE}, {"M_DECLARE", M_DECLARE},
    {"M_CHOOSE_WHITE", M_CHOOSE_WHITE}, {"M_OVERFLOW", M_OVERFLOW},
    {"M_PROCESS", M_PROCESS}, {"M_REWARD_PROMOTION", M_REWARD_PROMOTION},
    {"P_SETUP", P_SETUP}, {"P_SEARCH", P_SEARCH}, {"P_SOUL_PROCESSING", P_SOUL_PROCESSING},
    {"P_OVER", P_OVER}, {"WHITE", E_WHITE}, {"PROMOTION_ELEMENT", E_PROMOTION},
    {"ELEMENTS", ELEMENTS}, {"GAINED", GAINED}, {"RETURNED", RETURNED},
    {"STORED_PROMOTION", STORED_PROMOTION}, {"STORED_COLOUR_CHANGE", STORED_COLOUR_CHANGE},
};

#define WL_MAX_CARDS 64   /* great or small oracles in a card set */
#define WL_MAX_REWARD 8   /* elements of a small oracle's reward */
#define WL_QUEUE_DIGITS 21 /* 63 bits of 3-bit digits: the queue stays a positive int64 */
#define WL_MAX_PLAYERS 8

/* The rulebook's numbers and the oracle cards, as the rules read them. */
typedef struct {
    int capacity[3]; /* elements.CAPACITY: tokens a rank holds, low to high */
    int points[3];   /* elements.TOKEN_POINTS */
    int great_points, small_points, returned_per_great;
    int greats, smalls;                    /* cards in the set */
    int great_colours[2 * WL_MAX_CARDS];   /* cards.great_colours */
    int64_t small_needs[12 * WL_MAX_CARDS]; /* cards.small_needs */
    int rewards[WL_MAX_CARDS][WL_MAX_REWARD], reward_count[WL_MAX_CARDS];
} WlRules;

/* rules.py's optional log: NULL where nobody reads it (the compiler then drops it). */
typedef struct {
    int codes[64];
    int count;
} WlLog;

static inline void
wl_log(WlLog *log, int code)
{
    if (log != NULL && log->count < 64)
        log->codes[log->count++] = code;
}

/* ---------------------------------------------------------------- ranking */

/* rules.rank_players: (1st, 2nds) from the revealed search piece counts. One most is
 * 1st and every player with the next highest non-zero count 2nd; a tie for the most
 * makes all of them 2nd and nobody 1st. *first is -1 without a 1st; the 2nds go to
 * `seconds` in seat order; returns their number. */
static inline int
wl_rank_players(const int64_t *search, int n, int *first, int *seconds)
{
    int64_t top = 0, runner = 0;
    int leaders = 0, count = 0;
    *first = -1;
    for (int p = 0; p < n; p++)
        if (search[p] > top)
            top = search[p];
    if (top == 0)
        return 0;
    for (int p = 0; p < n; p++)
        if (search[p] == top)
            leaders++;
    if (leaders > 1) {
        runner = top;
    } else {
        for (int p = 0; p < n; p++) {
            if (search[p] == top)
                *first = p;
            else if (search[p] > runner)
                runner = search[p];
        }
    }
    if (runner > 0)
        for (int p = 0; p < n; p++)
            if (p != *first && search[p] == runner)
                seconds[count++] = p;
    return count;
}

/* ---------------------------------------------------------------- gains */

static inline int
wl_bit_length(uint64_t q)
{
    return q ? 64 - __builtin_clzll(q) : 0;
}

/* rules.queue_gains: elements appended as base-8 digits element + 1. -1 (the board
 * unchanged) when they would not fit in WL_QUEUE_DIGITS. */
static inline int
wl_queue_gains(int64_t *o, const int *gains, int count)
{
    uint64_t q = (uint64_t)o[QUEUE];
    int length = (wl_bit_length(q) + 2) / 3;
    if (length + count > WL_QUEUE_DIGITS)
        return -1;
    for (int i = 0; i < count; i++, length++)
        q |= (uint64_t)(gains[i] + 1) << (3 * length);
    o[QUEUE] = (int64_t)q;
    return 0;
}

/* rules.gain_token: a gained token enters the low rank; with one too many the player
 * returns one, automatically when all are of its colour. 0: the board waits for the
 * player's choice (M_OVERFLOW). */
static inline int
wl_gain_token(const WlRules *w, int64_t *o, int colour, WlLog *log)
{
    o[colour]++;
    wl_log(log, GAINED + colour);
    if (o[0] + o[1] + o[2] + o[3] <= w->capacity[0])
        return 1;
    if (o[colour] == w->capacity[0] + 1) {
        o[colour]--;
        wl_log(log, RETURNED + colour);
        return 1;
    }
    o[MODE] = M_OVERFLOW;
    return 0;
}

/* rules.drain: take the queued gains in order; 0 when a choice stops it (mode set). A
 * white fragment waits for its colour, a token beyond the low capacity for the return;
 * a promotion gained in soul processing (`processing`) must be used at once, outside
 * it it is stored as a spell, as a colour change always is. */
static inline int
wl_drain(const WlRules *w, int64_t *o, int processing, WlLog *log)
{
    while (o[QUEUE]) {
        int64_t q = o[QUEUE];
        int e = (int)(q & 7) - 1;
        if (e == E_WHITE) {
            o[MODE] = M_CHOOSE_WHITE;
            return 0;
        }
        o[QUEUE] = q >> 3;
        if (e < E_WHITE) {
            if (!wl_gain_token(w, o, e, log))
                return 0;
        } else if (e == E_PROMOTION) {
            if (processing) {
                o[MODE] = M_REWARD_PROMOTION;
                return 0;
            }
            o[PROMOTION]++;
            wl_log(log, STORED_PROMOTION);
        } else {
            o[COLOUR_CHANGE]++;
            wl_log(log, STORED_COLOUR_CHANGE);
        }
    }
    o[MODE] = processing ? M_PROCESS : M_IDLE;
    return 1;
}

/* rules.spend_promotion: 1 for a small oracle's reward promotion (its remaining gains
 * then taken), 0 for a stored spell. */
static inline int
wl_spend_promotion(const WlRules *w, int64_t *o, WlLog *log)
{
    if (o[MODE] == M_REWARD_PROMOTION) {
        wl_drain(w, o, 1, log);
        return 1;
    }
    o[PROMOTION]--;
    return 0;
}

/* The white fragment at the head of the queue becomes a `colour` token (the state's
 * CHOOSE_WHITE decision); 0 when the low rank then overflows. The caller drains. */
static inline int
wl_choose_white(const WlRules *w, int64_t *o, int colour, WlLog *log)
{
    o[QUEUE] >>= 3;
    return wl_gain_token(w, o, colour, log);
}

/* ---------------------------------------------------------------- soul processing */

/* rules.decode_promotion then rules.promote: `action` is a pair (base PAIR_BASE, two
 * spent) or spell (SPELL_BASE, one spent) promotion. */
static inline void
wl_promote(int64_t *o, int action, int base, int spent)
{
    int k = (action - base) / 5, room = (action - base) % 5 - 1;
    int colour = k / 2, rank = k % 2;
    o[rank * 4 + colour] -= spent;
    if (room >= 0)
        o[(rank + 1) * 4 + room]--;
    o[(rank + 1) * 4 + colour]++;
}

/* rules.decode_change, then the token changes colour and the spell is used. */
static inline void
wl_change_colour(int64_t *o, int action)
{
    int k = (action - CHANGE_BASE) / 3, t = (action - CHANGE_BASE) % 3;
    int colour = k / 3, rank = k % 3;
    int to = t < colour ? t : t + 1;
    o[rank * 4 + colour]--;
    o[rank * 4 + to]++;
    o[COLOUR_CHANGE]--;
}

/* rules.achieve_great: the two high tokens move onto the card (owned and high still). */
static inline void
wl_achieve_great(const WlRules *w, int64_t *o, int slot)
{
    int g = (int)o[GREAT + slot];
    o[8 + w->great_colours[2 * g]]--;
    o[8 + w->great_colours[2 * g + 1]]--;
    o[GREAT_DONE + slot] = 1;
}

/* rules.achieve_small: the oracle achieved and its reward taken at once. The drain's
 * answer, or -1 when the reward does not fit in the queue. */
static inline int
wl_achieve_small(const WlRules *w, int64_t *o, int slot, WlLog *log)
{
    int s = (int)o[SMALL + slot];
    o[SMALL_DONE + slot] = 1;
    if (wl_queue_gains(o, w->rewards[s], w->reward_count[s]) < 0)
        return -1;
    return wl_drain(w, o, 1, log);
}

/* One soul processing decision other than DONE, the white colour and the overflow
 * return (PAIR_BASE <= action < DONE), as the state's _process: -1 only when a small
 * oracle's reward does not fit in the queue. */
static inline int
wl_process(const WlRules *w, int64_t *o, int action, WlLog *log)
{
    if (action < SPELL_BASE) {
        wl_promote(o, action, PAIR_BASE, 2);
    } else if (action < DISCARD_PROMOTION) {
        wl_promote(o, action, SPELL_BASE, 1);
        wl_spend_promotion(w, o, log);
    } else if (action == DISCARD_PROMOTION) {
        wl_spend_promotion(w, o, log);
    } else if (action < DISCARD_CHANGE) {
        wl_change_colour(o, action);
    } else if (action == DISCARD_CHANGE) {
        o[COLOUR_CHANGE]--;
    } else if (action < GREAT_BASE) {
        return wl_achieve_small(w, o, action - SMALL_BASE, log) < 0 ? -1 : 0;
    } else {
        wl_achieve_great(w, o, action - GREAT_BASE);
    }
    return 0;
}

/* board.owned_high: high tokens by colour, counting those on achieved great oracles. */
static inline void
wl_owned_high(const WlRules *w, const int64_t *o, int64_t high[4])
{
    for (int c = 0; c < 4; c++)
        high[c] = o[8 + c];
    for (int slot = 0; slot < 2; slot++) {
        if (o[GREAT_DONE + slot]) {
            int g = (int)o[GREAT + slot];
            high[w->great_colours[2 * g]]++;
            high[w->great_colours[2 * g + 1]]++;
        }
    }
}

/* board.meets_needs for small oracle `s` with owned_high's counts. */
static inline int
wl_meets_needs(const WlRules *w, const int64_t *o, int s, const int64_t high[4])
{
    const int64_t *needs = w->small_needs + 12 * s;
    for (int colour = 0; colour < 4; colour++) {
        const int64_t *need = needs + 3 * colour;
        if (need[2]) {
            int64_t h = high[colour], m = h + o[4 + colour];
            if (h < need[0] || m < need[1] || m + o[colour] < need[2])
                return 0;
        }
    }
    return 1;
}

/* rules._great_ready: the great oracle in `slot` can be achieved. */
static inline int
wl_great_ready(const WlRules *w, const int64_t *o, int slot)
{
    if (o[GREAT_DONE + slot])
        return 0;
    int g = (int)o[GREAT + slot];
    int a = w->great_colours[2 * g], c = w->great_colours[2 * g + 1];
    if (a == c)
        return o[8 + a] >= 2;
    return o[8 + a] >= 1 && o[8 + c] >= 1;
}

/* An action id into the list `out` at `n`, or as a 1 in the action mask `mask` when
 * one is given (the engine's masks: no list to copy); the new count. */
static inline int
wl_emit(int *out, int8_t *mask, int n, int id)
{
    if (mask != NULL)
        mask[id] = 1;
    else
        out[n] = id;
    return n + 1;
}

/* rules._promotions: promotions of `least` tokens (2: pair, 1: spell) of a colour and
 * rank, each room of a full rank above, emitted (wl_emit) from `n`; the new count. */
static inline int
wl_promotions(const WlRules *w, const int64_t *o, int base, int least, int *out,
              int8_t *mask, int n)
{
    for (int rank = 0; rank < 2; rank++) {
        const int64_t *above = o + (rank + 1) * 4;
        int full = above[0] + above[1] + above[2] + above[3] >= w->capacity[rank + 1];
        const int64_t *row = o + rank * 4;
        for (int colour = 0; colour < 4; colour++) {
            if (row[colour] >= least) {
                int first = base + (colour * 2 + rank) * 5;
                if (!full) {
                    n = wl_emit(out, mask, n, first);
                } else {
                    for (int room = 0; room < 4; room++)
                        if (above[room])
                            n = wl_emit(out, mask, n, first + 1 + room);
                }
            }
        }
    }
    return n;
}

/* rules.processing_actions: the legal ids in the reference's order, into `out` (room
 * for COUNT), or as 1s in the action mask `mask` when one is given; their number. */
static inline int
wl_processing_actions(const WlRules *w, const int64_t *o, int *out, int8_t *mask)
{
    int n = 0;
    if (o[MODE] == M_REWARD_PROMOTION) {
        n = wl_promotions(w, o, SPELL_BASE, 1, out, mask, n);
        return wl_emit(out, mask, n, DISCARD_PROMOTION);
    }
    n = wl_promotions(w, o, PAIR_BASE, 2, out, mask, n);
    if (o[PROMOTION]) {
        n = wl_promotions(w, o, SPELL_BASE, 1, out, mask, n);
        n = wl_emit(out, mask, n, DISCARD_PROMOTION);
    }
    if (o[COLOUR_CHANGE]) {
        for (int rank = 0; rank < 3; rank++)
            for (int colour = 0; colour < 4; colour++)
                if (o[rank * 4 + colour]) {
                    int first = CHANGE_BASE + (colour * 3 + rank) * 3;
                    n = wl_emit(out, mask, n, first);
                    n = wl_emit(out, mask, n, first + 1);
                    n = wl_emit(out, mask, n, first + 2);
                }
        n = wl_emit(out, mask, n, DISCARD_CHANGE);
    }
    if (!(o[SMALL_DONE] && o[SMALL_DONE + 1])) {
        int64_t high[4];
        wl_owned_high(w, o, high);
        for (int slot = 0; slot < 2; slot++)
            if (!o[SMALL_DONE + slot] && wl_meets_needs(w, o, (int)o[SMALL + slot], high))
                n = wl_emit(out, mask, n, SMALL_BASE + slot);
    }
    for (int slot = 0; slot < 2; slot++)
        if (wl_great_ready(w, o, slot))
            n = wl_emit(out, mask, n, GREAT_BASE + slot);
    return wl_emit(out, mask, n, DONE);
}

/* ---------------------------------------------------------------- the tally */

/* board.tally: score, great oracles, high, middle, low, impurity left (section 10). */
static inline void
wl_tally(const WlRules *w, const int64_t *o, int64_t out[6])
{
    int64_t greats = o[GREAT_DONE] + o[GREAT_DONE + 1];
    int64_t smalls = o[SMALL_DONE] + o[SMALL_DONE + 1];
    int64_t low = o[0] + o[1] + o[2] + o[3];
    int64_t middle = o[4] + o[5] + o[6] + o[7];
    int64_t high = o[8] + o[9] + o[10] + o[11] + 2 * greats;
    int64_t impurity = o[IMPURITY] - w->returned_per_great * greats;
    if (impurity < 0)
        impurity = 0;
    out[0] = low * w->points[0] + middle * w->points[1] + high * w->points[2]
             + greats * w->great_points + smalls * w->small_points - impurity;
    out[1] = greats;
    out[2] = high;
    out[3] = middle;
    out[4] = low;
    out[5] = impurity;
}

/* ---------------------------------------------------------------- from Python */

/* data[name], an int from lo to hi, into *out. */
static int
wl_number(PyObject *data, const char *name, long lo, long hi, int *out)
{
    PyObject *v = PyDict_GetItemString(data, name);
    if (v == NULL) {
        PyErr_Format(PyExc_KeyError, "the native Labyrinth's data lacks %s", name);
        return -1;
    }
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "the native Labyrinth's %s must be from %ld to %ld, "
                     "got %ld", name, lo, hi, x);
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* A sequence of integers from lo to hi into out (its length in *length, at most max). */
static int
wl_numbers(PyObject *seq, const char *name, long lo, long hi, int64_t *out, Py_ssize_t max,
           Py_ssize_t *length)
{
    PyObject *fast = PySequence_Fast(seq, "the native Labyrinth's data needs sequences");
    if (fast == NULL)
        return -1;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(fast);
    if (size > max) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "the native Labyrinth's %s holds %zd numbers, at most "
                     "%zd", name, size, max);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if ((x == -1 && PyErr_Occurred()) || x < lo || x > hi) {
            Py_DECREF(fast);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "the native Labyrinth's %s must hold numbers "
                             "from %ld to %ld, got %ld", name, lo, hi, x);
            return -1;
        }
        out[i] = x;
    }
    Py_DECREF(fast);
    *length = size;
    return 0;
}

/* wl_numbers of data[name]. */
static int
wl_sequence(PyObject *data, const char *name, long lo, long hi, int64_t *out, Py_ssize_t max,
            Py_ssize_t *length)
{
    PyObject *v = PyDict_GetItemString(data, name);
    if (v == NULL) {
        PyErr_Format(PyExc_KeyError, "the native Labyrinth's data lacks %s", name);
        return -1;
    }
    return wl_numbers(v, name, lo, hi, out, max, length);
}

/* data[name], a list of lists (one per card), into rows of at most `max` numbers each. */
static int
wl_card_lists(PyObject *data, const char *name, long hi, Py_ssize_t cards, int *rows, int max,
              int *counts)
{
    PyObject *v = PyDict_GetItemString(data, name);
    if (v == NULL) {
        PyErr_Format(PyExc_KeyError, "the native Labyrinth's data lacks %s", name);
        return -1;
    }
    PyObject *fast = PySequence_Fast(v, "the native Labyrinth's data needs sequences");
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != cards) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "the native Labyrinth's %s needs one list per card",
                     name);
        return -1;
    }
    for (Py_ssize_t c = 0; c < cards; c++) {
        int64_t row[16];
        Py_ssize_t length;
        if (wl_numbers(PySequence_Fast_GET_ITEM(fast, c), name, 0, hi, row,
                       max < 16 ? max : 16, &length) < 0) {
            Py_DECREF(fast);
            return -1;
        }
        for (Py_ssize_t i = 0; i < length; i++)
            rows[c * max + i] = (int)row[i];
        counts[c] = (int)length;
    }
    Py_DECREF(fast);
    return 0;
}

/* WlRules from the dict tabletop.games.wicked_labyrinth.native.rules_data() writes,
 * after checking its layout against the one compiled in here. */
static int
wl_read_rules(WlRules *w, PyObject *data)
{
    if (!PyDict_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "the native Labyrinth's data must be a dict");
        return -1;
    }
    PyObject *layout = PyDict_GetItemString(data, "layout");
    for (size_t i = 0; i < sizeof(WL_LAYOUT) / sizeof(WL_LAYOUT[0]); i++) {
        PyObject *v = layout && PyDict_Check(layout)
                          ? PyDict_GetItemString(layout, WL_LAYOUT[i].name) : NULL;
        if (!v || PyLong_AsLong(v) != WL_LAYOUT[i].value) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError,
                             "the native Labyrinth was built for %s = %ld: rebuild it and "
                             "update native/rules.h", WL_LAYOUT[i].name, WL_LAYOUT[i].value);
            return -1;
        }
    }
    int64_t buffer[12 * WL_MAX_CARDS];
    Py_ssize_t length;
    if (wl_number(data, "great_points", -1000, 1000, &w->great_points) < 0
        || wl_number(data, "small_points", -1000, 1000, &w->small_points) < 0
        || wl_number(data, "returned_per_great", 0, 1000, &w->returned_per_great) < 0)
        return -1;
    if (wl_sequence(data, "capacity", 0, 1000, buffer, 3, &length) < 0)
        return -1;
    if (length != 3)
        goto bad;
    for (int i = 0; i < 3; i++)
        w->capacity[i] = (int)buffer[i];
    if (wl_sequence(data, "points", -1000, 1000, buffer, 3, &length) < 0)
        return -1;
    if (length != 3)
        goto bad;
    for (int i = 0; i < 3; i++)
        w->points[i] = (int)buffer[i];
    if (wl_sequence(data, "great_colours", 0, 3, buffer, 2 * WL_MAX_CARDS, &length) < 0)
        return -1;
    if (length % 2 || length == 0)
        goto bad;
    w->greats = (int)(length / 2);
    for (Py_ssize_t i = 0; i < length; i++)
        w->great_colours[i] = (int)buffer[i];
    if (wl_sequence(data, "small_needs", 0, 1000, w->small_needs, 12 * WL_MAX_CARDS,
                    &length) < 0)
        return -1;
    if (length % 12 || length == 0)
        goto bad;
    w->smalls = (int)(length / 12);
    if (wl_card_lists(data, "small_rewards", ELEMENTS - 1, w->smalls, &w->rewards[0][0],
                      WL_MAX_REWARD, w->reward_count) < 0)
        return -1;
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "the native Labyrinth's capacities, points or oracle "
                    "cards do not fit together");
    return -1;
}

/* ---------------------------------------------------------------- the shared vectors' entry point */

static PyObject *
wl_list(const int64_t *values, int count)
{
    PyObject *out = PyList_New(count);
    for (int i = 0; out != NULL && i < count; i++) {
        PyObject *v = PyLong_FromLongLong((long long)values[i]);
        if (v == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

/* The board `o` (WL_MAX_PLAYERS boards at most) from a Python sequence. */
static int
wl_board(PyObject *seq, int64_t *o, Py_ssize_t *length)
{
    return wl_numbers(seq, "board", -(1L << 30), INT64_MAX >> 1, o, WL_MAX_PLAYERS * STRIDE,
                      length);
}

PyDoc_STRVAR(wl_vector_doc,
"vector(rule, data, board, arg) -> the rule's answer, for the shared test vectors only\n\n"
"data: native.rules_data(cards). rule 'rank': board is the search counts, the answer\n"
"(1st or -1, [2nds]). 'tally': the tally of the board at offset arg. 'actions': the\n"
"legal soul processing ids of the board at offset arg. 'gains': arg is a list of steps\n"
"(name, offset, value) applied in order to the boards ('queue' value: a list of\n"
"elements; 'gain_token' value: a colour; 'drain' value: processing 0/1;\n"
"'spend_promotion'; 'achieve_small' value: the slot), the answer (boards, log codes,\n"
"each step's result).");

static PyObject *
wl_vector(PyObject *self, PyObject *args)
{
    const char *rule;
    PyObject *data, *o_board, *arg;
    if (!PyArg_ParseTuple(args, "sOOO:vector", &rule, &data, &o_board, &arg))
        return NULL;
    WlRules w;
    int64_t b[WL_MAX_PLAYERS * STRIDE];
    Py_ssize_t length;
    if (wl_read_rules(&w, data) < 0 || wl_board(o_board, b, &length) < 0)
        return NULL;
    for (Py_ssize_t at = 0; strcmp(rule, "rank") && at + STRIDE <= length; at += STRIDE) {
        int fits = b[at + QUEUE] >= 0;
        for (uint64_t q = (uint64_t)b[at + QUEUE]; q; q >>= 3)
            fits = fits && (q & 7);
        for (int slot = 0; slot < 2; slot++)
            fits = fits && b[at + GREAT + slot] >= 0 && b[at + GREAT + slot] < w.greats
                   && b[at + SMALL + slot] >= 0 && b[at + SMALL + slot] < w.smalls;
        if (!fits)
            return PyErr_Format(PyExc_ValueError, "the board at %zd is not one the rules "
                                "read (card slots, queue digits)", at);
    }
    if (strcmp(rule, "rank") == 0) {
        int first, seconds[WL_MAX_PLAYERS];
        int count = wl_rank_players(b, (int)(length < WL_MAX_PLAYERS ? length : WL_MAX_PLAYERS),
                                    &first, seconds);
        int64_t second[WL_MAX_PLAYERS];
        for (int i = 0; i < count; i++)
            second[i] = seconds[i];
        return Py_BuildValue("(iN)", first, wl_list(second, count));
    }
    if (strcmp(rule, "gains") != 0) {
        long at = PyLong_AsLong(arg);
        if (at == -1 && PyErr_Occurred())
            return NULL;
        if (at < 0 || at % STRIDE || at + STRIDE > length)
            return PyErr_Format(PyExc_ValueError, "no board at offset %ld", at);
        if (strcmp(rule, "tally") == 0) {
            int64_t out[6];
            wl_tally(&w, b + at, out);
            return wl_list(out, 6);
        }
        if (strcmp(rule, "actions") == 0) {
            int ids[COUNT];
            int64_t out[COUNT];
            int n = wl_processing_actions(&w, b + at, ids, NULL);
            for (int i = 0; i < n; i++)
                out[i] = ids[i];
            return wl_list(out, n);
        }
        return PyErr_Format(PyExc_ValueError, "no rule %s", rule);
    }
    PyObject *steps = PySequence_Fast(arg, "the steps must be a sequence");
    if (steps == NULL)
        return NULL;
    WlLog log = {.count = 0};
    Py_ssize_t count = PySequence_Fast_GET_SIZE(steps);
    int64_t results[64];
    for (Py_ssize_t i = 0; i < count && i < 64; i++) {
        const char *name;
        long at;
        PyObject *value;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(steps, i), "slO", &name, &at, &value))
            goto fail;
        if (at < 0 || at % STRIDE || at + STRIDE > length) {
            PyErr_Format(PyExc_ValueError, "no board at offset %ld", at);
            goto fail;
        }
        int64_t *o = b + at;
        if (strcmp(name, "queue") == 0) {
            int64_t elements[WL_QUEUE_DIGITS];
            int gains[WL_QUEUE_DIGITS];
            Py_ssize_t n;
            if (wl_numbers(value, "queue", 0, ELEMENTS - 1, elements, WL_QUEUE_DIGITS, &n) < 0)
                goto fail;
            for (Py_ssize_t j = 0; j < n; j++)
                gains[j] = (int)elements[j];
            results[i] = wl_queue_gains(o, gains, (int)n);
            continue;
        }
        if (strcmp(name, "spend_promotion") == 0) {
            results[i] = wl_spend_promotion(&w, o, &log);
            continue;
        }
        long v = PyLong_AsLong(value);
        if (v == -1 && PyErr_Occurred())
            goto fail;
        if (strcmp(name, "gain_token") == 0 && v >= 0 && v < 4) {
            results[i] = wl_gain_token(&w, o, (int)v, &log);
        } else if (strcmp(name, "drain") == 0) {
            results[i] = wl_drain(&w, o, v != 0, &log);
        } else if (strcmp(name, "achieve_small") == 0 && (v == 0 || v == 1)) {
            results[i] = wl_achieve_small(&w, o, (int)v, &log);
        } else {
            PyErr_Format(PyExc_ValueError, "no gain step %s(%ld)", name, v);
            goto fail;
        }
    }
    Py_DECREF(steps);
    int64_t codes[64];
    for (int i = 0; i < log.count; i++)
        codes[i] = log.codes[i];
    return Py_BuildValue("(NNN)", wl_list(b, (int)length), wl_list(codes, log.count),
                         wl_list(results, (int)(count < 64 ? count : 64)));
fail:
    Py_DECREF(steps);
    return NULL;
}

#endif
