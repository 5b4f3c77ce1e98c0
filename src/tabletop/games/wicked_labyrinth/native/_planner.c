/* The Wicked Labyrinth's soul processing search, in C: the native ProcessingPlanner.
 *
 * This file mirrors, function for function, ``ReferencePlanner`` in
 * processing_planner.py (the search, ``_useful``, ``_apply``, the memos) and
 * ``own_value`` in valuation.py, calling the rules of rules.h (rules.py and board.py
 * in C, shared with _engine.c: ``processing_actions``, ``promote``, ``achieve_great``,
 * ``achieve_small``, the gains, ``tally``, ``meets_needs``). The Python code is
 * the reference: tests/wicked_labyrinth_bot/test_native_planner.py replays the calls
 * that seeded games make of the planner, and random boards, on both and requires the
 * same values (``==`` on doubles), the same actions and the same search levels.
 *
 * Why it is exact:
 * - Every float is computed by the same operations in the same order as Python (which
 *   evaluates ``a + b + c`` left to right; small ints convert to double exactly), and
 *   ``x ** 2`` is ``pow(x, 2.0)`` as Python's float power calls it. setup.py compiles
 *   this file with -ffp-contract=off so no multiply-add is fused.
 * - The search visits, counts (budget) and memoises boards exactly as Python does:
 *   same levels, same action order, the same stable ordering of the peeks, the same
 *   ``value > best + 1e-12`` test, and memo entries kept when a level runs out.
 * - Card data, weights and the rulebook's numbers come from the Python objects at
 *   construction (``processing_planner.native_planner``); the board layout and action
 *   ids are compiled in from rules.h and checked against ids.py/board.py/elements.py then.
 *
 * Limits (an exception, never a different answer): board slots other than the queue
 * must fit in 16 bits and the queue of gains in 63 bits, its digits 1 to 7 (as
 * queue_gains writes them), card slots must name a card (Python's indexing: -1 is
 * the last card, read as that card's index), and a card set holds at most
 * WL_MAX_CARDS oracles of each kind. The reference remembers each board's
 * wanted colours by its packed oracle slots; here they are computed from the same
 * slots, which is the same for any board whose oracle slots hold cards and 0/1 flags.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "rules.h"

#define N_WIDTHS 3
static const int WIDTHS[N_WIDTHS] = {0, 3, 1}; /* processing_planner._WIDTHS */

#define MAX_ACTIONS 128 /* more than any board's useful actions (55 at most) */
#define MAX_NEEDS 16    /* ranks a small oracle needs of one colour */

typedef int64_t Board[STRIDE];

/* Search status: finished, out of budget (Python's _OutOfBudget), or a Python error set. */
enum { OK = 0, OUT_OF_BUDGET = 1, FAILED = -1 };

/* ---------------------------------------------------------------- memo: boards to (worth, action) */

/* A board as a memo key: slots 0-27 in 16 bits, the queue (slot 28) whole. Equal keys
 * are equal boards (the slots are checked to fit when packed). */
typedef struct {
    int64_t queue;
    int16_t slot[QUEUE];
} Key;

typedef struct {
    Key key;
    double value;
    int32_t action;
} Entry;

/* Open addressing as Python's dict: a dense array of entries and an index of slots
 * (entry number + 1, 0 empty) probed linearly, with the hash's high bits as a tag. */
typedef struct {
    Entry *entries;
    uint32_t *index;
    uint32_t *tags;
    size_t count, capacity, mask; /* capacity: index slots (a power of two) */
} Table;

static uint64_t key_hash(const Key *k) {
    const uint64_t *w = (const uint64_t *)k;
    uint64_t h = 0x243F6A8885A308D3ull;
    for (size_t i = 0; i < sizeof(Key) / 8; i++) {
        h = (h ^ w[i]) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    return h;
}

static void table_free(Table *t) {
    PyMem_Free(t->entries);
    PyMem_Free(t->index);
    PyMem_Free(t->tags);
    memset(t, 0, sizeof(*t));
}

/* Python's dict.clear(): forget everything and give the memory back. */
static void table_clear(Table *t) { table_free(t); }

static Entry *table_get(const Table *t, const Key *k, uint64_t h) {
    if (!t->count) return NULL;
    uint32_t tag = (uint32_t)(h >> 32);
    for (size_t i = (size_t)h & t->mask;; i = (i + 1) & t->mask) {
        uint32_t e = t->index[i];
        if (!e) return NULL;
        if (t->tags[i] == tag && !memcmp(&t->entries[e - 1].key, k, sizeof(Key)))
            return &t->entries[e - 1];
    }
}

static int table_grow(Table *t) {
    size_t capacity = t->capacity ? t->capacity * 2 : 256;
    uint32_t *index = PyMem_Calloc(capacity, sizeof(uint32_t));
    uint32_t *tags = PyMem_Calloc(capacity, sizeof(uint32_t));
    Entry *entries = PyMem_Realloc(t->entries, (capacity / 2) * sizeof(Entry));
    if (!index || !tags || !entries) {
        PyMem_Free(index);
        PyMem_Free(tags);
        if (entries) t->entries = entries;
        PyErr_NoMemory();
        return FAILED;
    }
    t->entries = entries;
    size_t mask = capacity - 1;
    for (size_t e = 0; e < t->count; e++) {
        uint64_t h = key_hash(&entries[e].key);
        size_t i = (size_t)h & mask;
        while (index[i]) i = (i + 1) & mask;
        index[i] = (uint32_t)(e + 1);
        tags[i] = (uint32_t)(h >> 32);
    }
    PyMem_Free(t->index);
    PyMem_Free(t->tags);
    t->index = index;
    t->tags = tags;
    t->capacity = capacity;
    t->mask = mask;
    return OK;
}

/* memo[key] = (value, action): replaces an entry with the same key. */
static int table_set(Table *t, const Key *k, uint64_t h, double value, int action) {
    Entry *hit = table_get(t, k, h);
    if (hit) {
        hit->value = value;
        hit->action = action;
        return OK;
    }
    if ((t->count + 1) * 2 > t->capacity && table_grow(t) != OK) return FAILED;
    size_t i = (size_t)h & t->mask;
    while (t->index[i]) i = (i + 1) & t->mask;
    Entry *e = &t->entries[t->count];
    e->key = *k;
    e->value = value;
    e->action = action;
    t->index[i] = (uint32_t)(++t->count);
    t->tags[i] = (uint32_t)(h >> 32);
    return OK;
}

/* ---------------------------------------------------------------- the planner object */

typedef struct {
    PyObject_HEAD
    PyObject *cards;
    PyObject *weights;
    long budget;
    int last_level;
    long left;
    long spent;
    long memo_limit;
    Table memo[N_WIDTHS]; /* per search level, finished boards: worth and first action */
    Table end;            /* worth of boards whose processing ends (own_value) */
    WlRules w; /* the rulebook's numbers and the cards (rules.h) */
    /* Card data, read from the card set and valuation's _Facts at construction. */
    int *great_wanted;    /* per great oracle, its colours as bits */
    int *small_wanted;    /* per small oracle, its required colours as bits */
    int *facts_needs;     /* per small oracle and colour, MAX_NEEDS ranks highest first */
    int *facts_count;     /* per small oracle and colour, how many */
    double *facts_reward; /* per small oracle, _Facts.rewards */
    /* Weights, HORIZON, valuation._GREAT_UNIT and the rulebook's numbers. */
    double future, w_great, w_small, w_middle, w_crowding;
    double horizon[4];
    double great_unit[3];
} Planner;

static int search(Planner *p, const Board b, const Key *k, uint64_t h, int level, int width,
                  double *value, int *action);

/* Python's index of a card slot (-1 is the last card); -1 here when it names no card. */
static int card_index(int64_t slot, int n) {
    if (slot < 0) slot += n;
    return slot >= 0 && slot < n ? (int)slot : -1;
}

static int pack(const Board b, Key *k, uint64_t *h) {
    memset(k, 0, sizeof(*k));
    for (int i = 0; i < QUEUE; i++) {
        if (b[i] < INT16_MIN || b[i] > INT16_MAX) {
            PyErr_Format(PyExc_OverflowError,
                         "the native planner keeps board slots in 16 bits, slot %d is %lld", i,
                         (long long)b[i]);
            return FAILED;
        }
        k->slot[i] = (int16_t)b[i];
    }
    k->queue = b[QUEUE];
    *h = key_hash(k);
    return OK;
}

/* ---------------------------------------------------------------- valuation.py */

static double great_prospects(const Planner *p, const Board b, double weight) {
    if (b[GREAT_DONE] && b[GREAT_DONE + 1]) return 0.0;
    int64_t impurity = b[IMPURITY];
    int64_t used = 0;
    double total = 0.0;
    for (int slot = 0; slot < 2; slot++) {
        if (b[GREAT_DONE + slot]) continue;
        double progress = 0.0;
        int card = (int)b[GREAT + slot];
        for (int j = 0; j < 2; j++) {
            int colour = p->w.great_colours[2 * card + j];
            if (b[8 + colour] - (used >> 4 * (8 + colour) & 15)) {
                used += (int64_t)1 << 4 * (8 + colour);
                progress += p->great_unit[0];
            } else if (b[4 + colour] - (used >> 4 * (4 + colour) & 15)) {
                used += (int64_t)1 << 4 * (4 + colour);
                progress += p->great_unit[1];
            } else {
                int64_t low = b[colour] - (used >> 4 * colour & 15);
                if (low >= 2) {
                    used += (int64_t)2 << 4 * colour;
                    progress += p->great_unit[2];
                } else if (low) {
                    used += (int64_t)1 << 4 * colour;
                    progress += p->great_unit[2] / 2;
                }
            }
        }
        int64_t relief = impurity + 1 < p->w.returned_per_great ? impurity + 1
                                                                : p->w.returned_per_great;
        total += weight * (double)(p->w.great_points + relief) * pow(progress / 2, 2.0);
    }
    return total;
}

static double share(const Board b, const int *needs, const int *counts) {
    double met = 0.0;
    int64_t units = 0;
    for (int colour = 0; colour < 4; colour++) {
        int n = counts[colour];
        if (!n) continue;
        units += n;
        int64_t high = b[8 + colour];
        int64_t middle = high + b[4 + colour];
        int64_t owned = middle + b[colour];
        for (int i = 0; i < n; i++) {
            if (i >= owned) break;
            int need = needs[colour * MAX_NEEDS + i];
            int got = i < high ? 2 : i < middle ? 1 : 0;
            if (got >= need)
                met += 1.0;
            else if (got == need - 1)
                met += 0.5;
        }
    }
    return units ? met / (double)units : 1.0;
}

static double small_prospects(const Planner *p, const Board b, double weight) {
    double total = 0.0;
    for (int slot = 0; slot < 2; slot++) {
        if (b[SMALL_DONE + slot]) continue;
        int card = (int)b[SMALL + slot];
        double s = share(b, p->facts_needs + card * 4 * MAX_NEEDS, p->facts_count + card * 4);
        double reward = p->facts_reward[card];
        total += weight * ((double)p->w.small_points + reward) * pow(s, 2.0);
    }
    return total;
}

static double own_value(const Planner *p, const Board b) {
    int64_t t[6];
    wl_tally(&p->w, b, t);
    double value = (double)t[0] + 1e-3 * (double)t[1] + 1e-4 * (double)t[2] +
                   1e-5 * (double)t[3] + 1e-6 * (double)t[4] - 1e-7 * (double)t[5];
    if (p->left <= 0 || p->future <= 0) return value;
    double scale = p->future * p->horizon[p->left < 3 ? p->left : 3];
    value += scale * great_prospects(p, b, p->w_great);
    value += scale * small_prospects(p, b, p->w_small);
    int64_t high_room = p->w.capacity[2] - (b[8] + b[9] + b[10] + b[11]);
    int64_t middle = t[3] < high_room + 2 ? t[3] : high_room + 2;
    value += scale * p->w_middle * (double)middle;
    int64_t crowd = t[4] - 4 > 0 ? t[4] - 4 : 0;
    value -= scale * p->w_crowding * (double)crowd;
    return value;
}

/* ---------------------------------------------------------------- _useful (processing_planner.py, rules.py) */

static int wanted_colours(const Planner *p, const Board b) {
    int wanted = 0;
    for (int slot = 0; slot < 2; slot++) {
        if (!b[GREAT_DONE + slot]) wanted |= p->great_wanted[b[GREAT + slot]];
        if (!b[SMALL_DONE + slot]) wanted |= p->small_wanted[b[SMALL + slot]];
    }
    return wanted;
}

static int room_choice(const Board b, int rank, int wanted) {
    int best = -1;
    int64_t best_rank = -1;
    for (int c = 0; c < 4; c++) {
        int64_t count = b[rank * 4 + c];
        if (count) {
            int64_t order = (((wanted >> c & 1) ? 0 : 1) * 1024 + count) * 4 + 3 - c;
            if (order > best_rank) {
                best = c;
                best_rank = order;
            }
        }
    }
    return best;
}

/* processing_planner._promotions: rooms made only by _room_choice's token. */
static int promotions(const Board b, int base, int least, int middle_room, int high_room,
                      int *out, int n) {
    for (int rank = 0; rank < 2; rank++) {
        int room = rank == 0 ? middle_room : high_room;
        for (int colour = 0; colour < 4; colour++) {
            if (b[rank * 4 + colour] >= least) {
                int first = base + (colour * 2 + rank) * 5;
                out[n++] = room < 0 ? first : first + 1 + room;
            }
        }
    }
    return n;
}

/* The useful actions of ``b`` into ``out`` (their number). */
static int useful(const Planner *p, const Board b, int *out) {
    int64_t mode = b[MODE];
    int n = 0;
    if (mode == M_CHOOSE_WHITE) {
        for (int c = 0; c < 4; c++) out[n++] = CHOOSE_WHITE_BASE + c;
        return n;
    }
    if (mode == M_OVERFLOW) {
        for (int c = 0; c < 4; c++)
            if (b[c]) out[n++] = RETURN_LOW_BASE + c;
        return n;
    }
    if (mode != M_PROCESS && mode != M_REWARD_PROMOTION) return 0;
    if (mode != M_PROCESS) { /* rules.processing_actions in the reward's promotion */
        n = wl_promotions(&p->w, b, SPELL_BASE, 1, out, NULL, n);
        out[n++] = DISCARD_PROMOTION;
        return n;
    }
    for (int slot = 0; slot < 2; slot++) {
        if (wl_great_ready(&p->w, b, slot)) {
            out[n++] = GREAT_BASE + slot;
            return n;
        }
    }
    int wanted = wanted_colours(p, b);
    out[n++] = DONE;
    int middle_room = -1, high_room = -1;
    if (b[4] + b[5] + b[6] + b[7] >= p->w.capacity[1]) middle_room = room_choice(b, 1, wanted);
    if (b[8] + b[9] + b[10] + b[11] >= p->w.capacity[2]) high_room = room_choice(b, 2, wanted);
    n = promotions(b, PAIR_BASE, 2, middle_room, high_room, out, n);
    if (b[PROMOTION]) n = promotions(b, SPELL_BASE, 1, middle_room, high_room, out, n);
    if (b[COLOUR_CHANGE]) {
        for (int rank = 0; rank < 3; rank++) {
            for (int colour = 0; colour < 4; colour++) {
                if (b[rank * 4 + colour]) {
                    int first = CHANGE_BASE + (colour * 3 + rank) * 3;
                    for (int t = 0; t < 3; t++) {
                        int to = t < colour ? t : t + 1;
                        if ((wanted >> to & 1) || b[rank * 4 + to] % 2) out[n++] = first + t;
                    }
                }
            }
        }
    }
    if (!(b[SMALL_DONE] && b[SMALL_DONE + 1])) {
        int64_t high[4];
        wl_owned_high(&p->w, b, high);
        for (int slot = 0; slot < 2; slot++) {
            if (!b[SMALL_DONE + slot] && wl_meets_needs(&p->w, b, (int)b[SMALL + slot], high))
                out[n++] = SMALL_BASE + slot;
        }
    }
    return n;
}

/* ---------------------------------------------------------------- _apply and the queue of gains */

/* Section 8 on one board (ReferencePlanner._apply); never ``done``. */
static int apply(const Planner *p, Board b, int action) {
    if (action >= CHOOSE_WHITE_BASE && action < RETURN_LOW_BASE) {
        if (wl_choose_white(&p->w, b, action - CHOOSE_WHITE_BASE, NULL)) wl_drain(&p->w, b, 1, NULL);
    } else if (action >= RETURN_LOW_BASE && action < PAIR_BASE) {
        b[action - RETURN_LOW_BASE] -= 1;
        wl_drain(&p->w, b, 1, NULL);
    } else if (action >= PAIR_BASE && action < DONE) {
        if (wl_process(&p->w, b, action, NULL) < 0) {
            PyErr_SetString(PyExc_OverflowError,
                            "the native planner keeps the queue of gains in 63 bits");
            return FAILED;
        }
    } else {
        PyErr_Format(PyExc_ValueError, "the planner does not apply action %d", action);
        return FAILED;
    }
    return OK;
}

/* ---------------------------------------------------------------- the search */

static int end_of(Planner *p, const Board b, const Key *k, uint64_t h, double *worth) {
    Entry *hit = table_get(&p->end, k, h);
    if (hit) {
        *worth = hit->value;
        return OK;
    }
    *worth = own_value(p, b);
    return table_set(&p->end, k, h, *worth, -1);
}

/* A child board: ``b`` after ``action``, with its key. */
static int child_of(const Planner *p, const Board b, int action, Board child, Key *k,
                    uint64_t *h) {
    memcpy(child, b, sizeof(Board));
    if (apply(p, child, action) != OK) return FAILED;
    return pack(child, k, h);
}

typedef struct {
    double peek;
    int action;
} Peek;

static int search(Planner *p, const Board b, const Key *k, uint64_t h, int level, int width,
                  double *value, int *action) {
    Table *memo = &p->memo[level];
    Entry *hit = table_get(memo, k, h);
    if (hit) {
        *value = hit->value;
        *action = hit->action;
        return OK;
    }
    if (width != 1) {
        p->spent += 1;
        if (p->spent > p->budget) return OUT_OF_BUDGET;
    }
    int actions[MAX_ACTIONS];
    int n = useful(p, b, actions);
    if (!n) {
        PyErr_SetString(PyExc_RuntimeError, "this board has no soul processing decision");
        return FAILED;
    }
    double best_value = -INFINITY;
    int best_action = -1;
    Board child;
    Key child_key;
    uint64_t child_hash;
    int status, ignored;
    if (!width) {
        /* The full search: every useful action in order, each child searched as made. */
        for (int i = 0; i < n; i++) {
            double v;
            if (actions[i] == DONE) {
                status = end_of(p, b, k, h, &v);
            } else {
                status = child_of(p, b, actions[i], child, &child_key, &child_hash);
                if (status == OK)
                    status = search(p, child, &child_key, child_hash, level, width, &v,
                                    &ignored);
            }
            if (status != OK) return status;
            if (v > best_value + 1e-12) {
                best_value = v;
                best_action = actions[i];
            }
        }
    } else {
        /* Every child peeked (its worth if processing ended there), then the ``width``
         * best searched: Python's stable sort by -peek, ties in the order made. */
        Peek children[MAX_ACTIONS];
        for (int i = 0; i < n; i++) {
            if (actions[i] == DONE) {
                status = end_of(p, b, k, h, &children[i].peek);
            } else {
                status = child_of(p, b, actions[i], child, &child_key, &child_hash);
                if (status == OK) status = end_of(p, child, &child_key, child_hash, &children[i].peek);
            }
            if (status != OK) return status;
            children[i].action = actions[i];
            Peek c = children[i];
            int j = i;
            for (; j > 0 && -c.peek < -children[j - 1].peek; j--) children[j] = children[j - 1];
            children[j] = c;
        }
        for (int i = 0; i < n && i < width; i++) {
            double v = children[i].peek;
            if (children[i].action != DONE) {
                status = child_of(p, b, children[i].action, child, &child_key, &child_hash);
                if (status == OK)
                    status = search(p, child, &child_key, child_hash, level, width, &v,
                                    &ignored);
                if (status != OK) return status;
            }
            if (v > best_value + 1e-12) {
                best_value = v;
                best_action = children[i].action;
            }
        }
    }
    if (table_set(memo, k, h, best_value, best_action) != OK) return FAILED;
    *value = best_value;
    *action = best_action;
    return OK;
}

/* ---------------------------------------------------------------- Python methods */

/* A board (STRIDE integers) from Python, checked to be one the planner can read. */
static int read_board(const Planner *p, PyObject *seq, Board b) {
    PyObject *fast = PySequence_Fast(seq, "the planner reads a board as a sequence of ints");
    if (!fast) return FAILED;
    if (PySequence_Fast_GET_SIZE(fast) != STRIDE) {
        PyErr_Format(PyExc_ValueError, "a board has %d slots, got %zd", STRIDE,
                     PySequence_Fast_GET_SIZE(fast));
        Py_DECREF(fast);
        return FAILED;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (int i = 0; i < STRIDE; i++) {
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(items[i], &overflow);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return FAILED;
        }
        int digits = 1; /* every base-8 digit of the queue 1 .. 7 (rules.h reads no other) */
        for (unsigned long long q = (unsigned long long)v; i == QUEUE && q; q >>= 3)
            digits = digits && (q & 7);
        if (overflow || (i == QUEUE && (v < 0 || !digits))) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_OverflowError,
                         "the native planner cannot read slot %d of this board", i);
            return FAILED;
        }
        b[i] = v;
    }
    Py_DECREF(fast);
    static const int card_slots[4][2] = {{GREAT, 0}, {GREAT + 1, 0}, {SMALL, 1}, {SMALL + 1, 1}};
    for (int i = 0; i < 4; i++) {
        int n = card_slots[i][1] ? p->w.smalls : p->w.greats;
        int card = card_index(b[card_slots[i][0]], n);
        if (card < 0) {
            PyErr_Format(PyExc_IndexError, "board slot %d names no card: %lld",
                         card_slots[i][0], (long long)b[card_slots[i][0]]);
            return FAILED;
        }
        b[card_slots[i][0]] = card; /* the rules read a card's own index */
    }
    return OK;
}

static PyObject *Planner_use(Planner *p, PyObject *arg) {
    long left = PyLong_AsLong(arg);
    if (left == -1 && PyErr_Occurred()) return NULL;
    if (left != p->left || (long)p->end.count > p->memo_limit) {
        p->left = left;
        for (int i = 0; i < N_WIDTHS; i++) table_clear(&p->memo[i]);
        table_clear(&p->end);
    }
    Py_RETURN_NONE;
}

static PyObject *Planner_best_board(Planner *p, PyObject *arg) {
    Board b;
    Key k;
    uint64_t h;
    if (read_board(p, arg, b) != OK || pack(b, &k, &h) != OK) return NULL;
    for (int level = 0; level < N_WIDTHS; level++) {
        p->spent = 0;
        double value;
        int action;
        int status = search(p, b, &k, h, level, WIDTHS[level], &value, &action);
        if (status == FAILED) return NULL;
        if (status == OK) {
            p->last_level = level;
            return Py_BuildValue("(di)", value, action);
        }
    }
    PyErr_SetString(PyExc_AssertionError, "the greedy level has no budget limit");
    return NULL;
}

static PyObject *Planner_end_worth(Planner *p, PyObject *arg) {
    Board b;
    Key k;
    uint64_t h;
    double worth;
    if (read_board(p, arg, b) != OK || pack(b, &k, &h) != OK ||
        end_of(p, b, &k, h, &worth) != OK)
        return NULL;
    return PyFloat_FromDouble(worth);
}

/* ---------------------------------------------------------------- construction from Python's data */

/* data[name] as a sequence of ``count`` ints (count -1: any length, returned in *count). */
static int read_ints(PyObject *data, const char *name, int *out, Py_ssize_t want,
                     Py_ssize_t *got) {
    PyObject *seq = PyDict_GetItemString(data, name); /* borrowed */
    if (!seq) {
        PyErr_Format(PyExc_KeyError, "native planner data lacks %s", name);
        return FAILED;
    }
    PyObject *fast = PySequence_Fast(seq, name);
    if (!fast) return FAILED;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if ((want >= 0 && n != want) || (got && n > *got)) {
        PyErr_Format(PyExc_ValueError, "native planner data %s has %zd items", name, n);
        Py_DECREF(fast);
        return FAILED;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return FAILED;
        }
        out[i] = (int)v;
    }
    if (got) *got = n;
    Py_DECREF(fast);
    return OK;
}

static int read_doubles(PyObject *data, const char *name, double *out, Py_ssize_t want) {
    PyObject *seq = PyDict_GetItemString(data, name);
    if (!seq) {
        PyErr_Format(PyExc_KeyError, "native planner data lacks %s", name);
        return FAILED;
    }
    PyObject *fast = PySequence_Fast(seq, name);
    if (!fast) return FAILED;
    if (PySequence_Fast_GET_SIZE(fast) != want) {
        PyErr_Format(PyExc_ValueError, "native planner data %s has %zd items", name,
                     PySequence_Fast_GET_SIZE(fast));
        Py_DECREF(fast);
        return FAILED;
    }
    for (Py_ssize_t i = 0; i < want; i++) {
        out[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return FAILED;
        }
    }
    Py_DECREF(fast);
    return OK;
}

static long read_long(PyObject *data, const char *name) {
    PyObject *v = PyDict_GetItemString(data, name);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "native planner data lacks %s", name);
        return -1;
    }
    return PyLong_AsLong(v);
}

/* The item ``i`` of data[name] (a list per card), borrowed, or NULL with an error. */
static PyObject *per_card(PyObject *data, const char *name, Py_ssize_t i, Py_ssize_t n) {
    PyObject *seq = PyDict_GetItemString(data, name);
    if (!seq || !PyList_Check(seq) || PyList_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "native planner data %s must be a list per card", name);
        return NULL;
    }
    return PyList_GET_ITEM(seq, i);
}

static int read_data(Planner *p, PyObject *data) {
    if (wl_read_rules(&p->w, data) < 0) return FAILED;
    PyObject *g = PyDict_GetItemString(data, "great_wanted");
    PyObject *s = PyDict_GetItemString(data, "small_wanted");
    if (!g || !s) {
        PyErr_SetString(PyExc_KeyError, "native planner data lacks the wanted colours");
        return FAILED;
    }
    Py_ssize_t ng = p->w.greats, ns = p->w.smalls;
    p->great_wanted = PyMem_Calloc(ng, sizeof(int));
    p->small_wanted = PyMem_Calloc(ns, sizeof(int));
    p->facts_needs = PyMem_Calloc(ns * 4 * MAX_NEEDS, sizeof(int));
    p->facts_count = PyMem_Calloc(ns * 4, sizeof(int));
    p->facts_reward = PyMem_Calloc(ns, sizeof(double));
    if (!p->great_wanted || !p->small_wanted || !p->facts_needs || !p->facts_count ||
        !p->facts_reward) {
        PyErr_NoMemory();
        return FAILED;
    }
    int status = read_ints(data, "great_wanted", p->great_wanted, ng, NULL);
    if (status == OK) status = read_ints(data, "small_wanted", p->small_wanted, ns, NULL);
    if (status == OK) status = read_doubles(data, "facts_rewards", p->facts_reward, ns);
    for (Py_ssize_t card = 0; status == OK && card < ns; card++) {
        Py_ssize_t count;
        PyObject *one = PyDict_New();
        if (!one) return FAILED;
        PyObject *colours = per_card(data, "facts_needs", card, ns);
        for (int colour = 0; status == OK && colour < 4; colour++) {
            PyObject *ranks = colours ? PySequence_GetItem(colours, colour) : NULL;
            if (!ranks) {
                status = FAILED;
                break;
            }
            PyDict_SetItemString(one, "needs", ranks);
            Py_DECREF(ranks);
            count = MAX_NEEDS;
            status = read_ints(one, "needs", p->facts_needs + (card * 4 + colour) * MAX_NEEDS,
                               -1, &count);
            p->facts_count[card * 4 + colour] = (int)count;
        }
        Py_DECREF(one);
    }
    double weights[5];
    if (status == OK) status = read_doubles(data, "weights", weights, 5);
    if (status == OK) status = read_doubles(data, "horizon", p->horizon, 4);
    if (status == OK) status = read_doubles(data, "great_unit", p->great_unit, 3);
    if (status != OK) return FAILED;
    p->future = weights[0];
    p->w_great = weights[1];
    p->w_small = weights[2];
    p->w_middle = weights[3];
    p->w_crowding = weights[4];
    p->memo_limit = read_long(data, "memo_limit");
    if (PyErr_Occurred()) return FAILED;
    return OK;
}

static int Planner_init(Planner *p, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"cards", "weights", "budget", "data", NULL};
    PyObject *cards, *weights, *data;
    long budget;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOlO!", kwlist, &cards, &weights, &budget,
                                     &PyDict_Type, &data))
        return -1;
    if (budget < 1) {
        PyErr_Format(PyExc_ValueError, "the planner's node budget must be positive, got %ld",
                     budget);
        return -1;
    }
    if (p->great_wanted) {
        PyErr_SetString(PyExc_RuntimeError, "a native planner is made once");
        return -1;
    }
    Py_INCREF(cards);
    Py_XSETREF(p->cards, cards);
    Py_INCREF(weights);
    Py_XSETREF(p->weights, weights);
    p->budget = budget;
    p->left = -1;
    p->last_level = 0;
    return read_data(p, data) == OK ? 0 : -1;
}

static void Planner_dealloc(Planner *p) {
    for (int i = 0; i < N_WIDTHS; i++) table_free(&p->memo[i]);
    table_free(&p->end);
    PyMem_Free(p->great_wanted);
    PyMem_Free(p->small_wanted);
    PyMem_Free(p->facts_needs);
    PyMem_Free(p->facts_count);
    PyMem_Free(p->facts_reward);
    Py_XDECREF(p->cards);
    Py_XDECREF(p->weights);
    Py_TYPE(p)->tp_free((PyObject *)p);
}

static PyMethodDef module_methods[] = {
    {"vector", (PyCFunction)wl_vector, METH_VARARGS, wl_vector_doc},
    {NULL, NULL, 0, NULL},
};

static PyMethodDef Planner_methods[] = {
    {"use", (PyCFunction)Planner_use, METH_O, "Plan for a round with ``left`` rounds after it."},
    {"best_board", (PyCFunction)Planner_best_board, METH_O,
     "(worth, action id) of the best continuation of a board deciding in processing."},
    {"end_worth", (PyCFunction)Planner_end_worth, METH_O,
     "Worth of a board when its processing ends."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef Planner_members[] = {
    {"cards", T_OBJECT, offsetof(Planner, cards), READONLY, "The card set."},
    {"weights", T_OBJECT, offsetof(Planner, weights), READONLY, "The valuation's weights."},
    {"budget", T_LONG, offsetof(Planner, budget), READONLY, "Boards a search level may visit."},
    {"last_level", T_INT, offsetof(Planner, last_level), READONLY,
     "The search level (0 full, 1 narrow, 2 greedy) that gave the last answer."},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject PlannerType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "tabletop.games.wicked_labyrinth.native._planner.NativePlanner",
    .tp_doc = "ReferencePlanner's search in C (see _planner.c).",
    .tp_basicsize = sizeof(Planner),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Planner_init,
    .tp_dealloc = (destructor)Planner_dealloc,
    .tp_methods = Planner_methods,
    .tp_members = Planner_members,
};

static struct PyModuleDef planner_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_planner",
    .m_doc = "The Wicked Labyrinth's soul processing search in C (mirrors processing_planner.py).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__planner(void) {
    if (PyType_Ready(&PlannerType) < 0) return NULL;
    PyObject *m = PyModule_Create(&planner_module);
    if (!m) return NULL;
    Py_INCREF(&PlannerType);
    if (PyModule_AddObject(m, "NativePlanner", (PyObject *)&PlannerType) < 0) {
        Py_DECREF(&PlannerType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
