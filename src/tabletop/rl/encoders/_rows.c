/*
 * The table encoders' rows in C: packing states into rows of integers, and looking
 * up only the entries whose integers changed.
 *
 * Mirrors Python that stays the reference and the fallback (a build without C, or
 * TABLETOP_PURE_PYTHON=1, runs it):
 * - pack_wicked_labyrinth, pack_code_of_nine: WickedLabyrinthPacker.pack and
 *   CodeOfNinePacker.pack (wicked_labyrinth_pack.py, code_of_nine_pack.py), row for
 *   row, but into the int64 rows directly instead of a list converted afterwards.
 *   Every number of the games' rules they need (board layout, points) comes in from
 *   Python as an array: no rule is restated here but the arithmetic of the packers.
 * - ints_into: Lookup.convert; update: Lookup.run and SeatGather.into (lookup.py),
 *   every observation entry being values[offset[e] + clip(raw[source[e]])]. A batched
 *   env steps the same tables again and again, and a step changes a few of each
 *   table's integers (about 12 of the Labyrinth's 197), so `update` keeps the
 *   integers of the last step and rewrites only the entries of those that changed.
 * Held equal by the table encoders' tests against the view encoders at every step of
 * random games (tests/rl/test_rl_table_encoders*.py) and by the batched env's against
 * the PettingZoo env (tests/rl/test_rl_vector*.py, tests/rl/test_rl_incremental.py).
 *
 * Arrays come through the buffer protocol (C-contiguous, checked by item size and
 * kind), so the build needs no NumPy headers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* A buffer of `count` items of `size` bytes of kind `kind` ('i' integer, 'f' float). */
static int
get(PyObject *obj, Py_buffer *view, int writable, char kind, Py_ssize_t size,
    const char *name)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0)
        return -1;
    const char *format = view->format ? view->format : "B";
    if (*format == '<' || *format == '=' || *format == '@')
        format++;
    int ok = view->itemsize == size && format[1] == '\0' &&
             (kind == 'f' ? *format == 'f'
                          : (*format == 'q' || *format == 'l' || *format == 'n'));
    if (!ok) {
        PyErr_Format(PyExc_TypeError, "%s must be a C-contiguous array of %s%d", name,
                     kind == 'f' ? "float" : "int", (int)(8 * size));
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(ints_into_doc,
"ints_into(ints, out)\n\n"
"out[i] = ints[i] for a list of ints and an int64 array of the same length (what\n"
"Lookup.convert does with struct, without building an argument tuple).");

static PyObject *
ints_into(PyObject *self, PyObject *args)
{
    PyObject *list, *target;
    if (!PyArg_ParseTuple(args, "O!O:ints_into", &PyList_Type, &list, &target))
        return NULL;
    Py_buffer out;
    if (get(target, &out, 1, 'i', 8, "out") < 0)
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(list);
    if (out.len / 8 != n) {
        PyBuffer_Release(&out);
        return PyErr_Format(PyExc_ValueError, "%zd ints for an array of %zd", n, out.len / 8);
    }
    int64_t *dst = (int64_t *)out.buf;
    for (Py_ssize_t i = 0; i < n; i++) {
        long long v = PyLong_AsLongLong(PyList_GET_ITEM(list, i));
        if (v == -1 && PyErr_Occurred()) {
            PyBuffer_Release(&out);
            return NULL;
        }
        dst[i] = v;
    }
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(update_doc,
"update(raw, kept, lo, hi, first, position, value_at, values, out, full)\n\n"
"For every table t (rows of raw and kept, `width` integers each) and integer w:\n"
"v = clip(raw[t, w], lo[w], hi[w]); where v differs from kept[t, w] (or `full`),\n"
"kept[t, w] = v and, for each dependent d in first[w] .. first[w + 1] - 1,\n"
"out[t, position[d]] = values[value_at[d] + v] (out: one block a table).");

static PyObject *
update(PyObject *self, PyObject *args)
{
    PyObject *o_raw, *o_kept, *o_lo, *o_hi, *o_first, *o_pos, *o_at, *o_values, *o_out;
    int full;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOp:update", &o_raw, &o_kept, &o_lo, &o_hi,
                          &o_first, &o_pos, &o_at, &o_values, &o_out, &full))
        return NULL;
    Py_buffer raw, kept, lo, hi, first, pos, at, values, out;
    Py_buffer *held[9];
    int count = 0;
#define GET(obj, view, w, kind, size, name)                     \
    if (get(obj, &view, w, kind, size, name) < 0) goto fail;    \
    held[count++] = &view;
    GET(o_raw, raw, 0, 'i', 8, "raw")
    GET(o_kept, kept, 1, 'i', 8, "kept")
    GET(o_lo, lo, 0, 'i', 8, "lo")
    GET(o_hi, hi, 0, 'i', 8, "hi")
    GET(o_first, first, 0, 'i', 8, "first")
    GET(o_pos, pos, 0, 'i', 8, "position")
    GET(o_at, at, 0, 'i', 8, "value_at")
    GET(o_values, values, 0, 'f', 4, "values")
    GET(o_out, out, 1, 'f', 4, "out")
#undef GET
    Py_ssize_t width = lo.len / 8;
    Py_ssize_t deps = pos.len / 8;
    Py_ssize_t nvalues = values.len / 4;
    if (width == 0 || hi.len != lo.len || first.len / 8 != width + 1 || at.len != pos.len
        || raw.len != kept.len || (raw.len / 8) % width) {
        PyErr_SetString(PyExc_ValueError, "update: the arrays' lengths disagree");
        goto fail;
    }
    Py_ssize_t tables = raw.len / 8 / width;
    Py_ssize_t block = tables ? out.len / 4 / tables : 0;
    if (tables && block * tables * 4 != out.len) {
        PyErr_SetString(PyExc_ValueError, "update: out is not one block a table");
        goto fail;
    }
    const int64_t *r = raw.buf, *l = lo.buf, *h = hi.buf, *f = first.buf;
    const int64_t *p = pos.buf, *a = at.buf;
    const float *v = values.buf;
    int64_t *k = kept.buf;
    float *o = out.buf;
    /* Checked once, so the loop below cannot read or write outside the arrays. */
    for (Py_ssize_t w = 0; w < width; w++) {
        if (f[w] < 0 || f[w] > f[w + 1] || f[w + 1] > deps || l[w] > h[w]) {
            PyErr_SetString(PyExc_ValueError, "update: bad slot table");
            goto fail;
        }
    }
    for (Py_ssize_t d = 0; d < deps; d++) {
        if (p[d] < 0 || p[d] >= block || a[d] < 0) {
            PyErr_SetString(PyExc_ValueError, "update: bad dependent");
            goto fail;
        }
    }
    for (Py_ssize_t w = 0; w < width; w++) {
        for (Py_ssize_t d = f[w]; d < f[w + 1]; d++) {
            if (a[d] + (h[w] - l[w]) >= nvalues) {
                PyErr_SetString(PyExc_ValueError, "update: a value lies outside values");
                goto fail;
            }
        }
    }
    for (Py_ssize_t t = 0; t < tables; t++) {
        const int64_t *row = r + t * width;
        int64_t *was = k + t * width;
        float *dst = o + t * block;
        for (Py_ssize_t w = 0; w < width; w++) {
            int64_t x = row[w];
            x = x < l[w] ? l[w] : x > h[w] ? h[w] : x;
            if (!full && x == was[w])
                continue;
            was[w] = x;
            int64_t shift = x - l[w];
            for (int64_t d = f[w]; d < f[w + 1]; d++)
                dst[p[d]] = v[a[d] + shift];
        }
    }
    for (int i = 0; i < count; i++)
        PyBuffer_Release(held[i]);
    Py_RETURN_NONE;
fail:
    for (int i = 0; i < count; i++)
        PyBuffer_Release(held[i]);
    return NULL;
}


/* ------------------------------------------------------------------ packing */

static PyObject *s_round, *s_phase, *s_corridor, *s_labyrinth, *s_revealed, *s_discard,
    *s_b, *s_deciding, *s_expert, *s_start, *s_released, *s_deck, *s_ninth, *s_pending,
    *s_ruins, *s_spots, *s_current_players, *s_score_sheet, *s_scores;

/* A list attribute of a state, `length` items long unless length < 0 (new ref). */
static PyObject *
list_attr(PyObject *state, PyObject *name, Py_ssize_t length)
{
    PyObject *list = PyObject_GetAttr(state, name);
    if (list == NULL)
        return NULL;
    if (!PyList_Check(list)) {
        PyErr_Format(PyExc_TypeError, "state.%U is not a list", name);
        Py_DECREF(list);
        return NULL;
    }
    if (length >= 0 && PyList_GET_SIZE(list) != length) {
        PyErr_Format(PyExc_ValueError, "state.%U has %zd items, the table expects %zd",
                     name, PyList_GET_SIZE(list), length);
        Py_DECREF(list);
        return NULL;
    }
    return list;
}

/* An integer attribute of a state (-1 with an error set on failure). */
static int
int_attr(PyObject *state, PyObject *name, int64_t *value)
{
    PyObject *v = PyObject_GetAttr(state, name);
    if (v == NULL)
        return -1;
    *value = PyLong_AsLongLong(v);
    Py_DECREF(v);
    return (*value == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* Item i of a list of ints (checked by the caller to exist). */
#define ITEM(list, i) PyLong_AsLongLong(PyList_GET_ITEM((list), (i)))

/* The bits of the seats in a tuple or list of seat numbers (new ref consumed). */
static int
seat_bits(PyObject *seats, int64_t *bits)
{
    if (seats == NULL)
        return -1;
    PyObject *fast = PySequence_Fast(seats, "the deciding seats are not a sequence");
    Py_DECREF(seats);
    if (fast == NULL)
        return -1;
    *bits = 0;
    for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(fast); j++) {
        int64_t p = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, j));
        if (p < 0 || p > 62) {
            Py_DECREF(fast);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a deciding seat is out of range");
            return -1;
        }
        *bits |= (int64_t)1 << p;
    }
    Py_DECREF(fast);
    return 0;
}

/* The buffers a packer holds (its configuration arrays and its rows), released by
 * release(). */
typedef struct {
    Py_buffer views[7];
    int count;
} Held;

static void
release(Held *held)
{
    for (int i = 0; i < held->count; i++)
        PyBuffer_Release(&held->views[i]);
    held->count = 0;
}

/* The packer's end: what it held released, None or NULL (the error set). */
static PyObject *
finish(Held *held, PyObject *fast, int failed)
{
    Py_XDECREF(fast);
    release(held);
    if (failed)
        return NULL;
    Py_RETURN_NONE;
}

/* After table t: whether packing it failed (the error set: the lists' own, or that
 * the state does not fit the table when `ok` is 0). */
static int
table_failed(int ok, Py_ssize_t t)
{
    if (PyErr_Occurred())
        return 1;
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "table %zd: a state the table cannot hold", t);
        return 1;
    }
    return 0;
}

/* The states as a fast sequence (a new reference in *fast), their number, and the
 * rows a packer writes: one row of `width` int64 a state (NULL: error set). */
static int64_t *
rows(Held *held, PyObject *states, PyObject *obj, int64_t width, PyObject **fast,
     Py_ssize_t *count)
{
    *fast = PySequence_Fast(states, "states must be a sequence");
    if (*fast == NULL)
        return NULL;
    Py_ssize_t tables = *count = PySequence_Fast_GET_SIZE(*fast);
    Py_buffer *view = &held->views[held->count];
    if (get(obj, view, 1, 'i', 8, "out") < 0)
        return NULL;
    held->count++;
    if (view->len / 8 != tables * width) {
        PyErr_Format(PyExc_ValueError, "out holds %zd integers, %zd tables need %zd",
                     view->len / 8, tables, (Py_ssize_t)(tables * width));
        return NULL;
    }
    return view->buf;
}

static const int64_t *
ints(Held *held, PyObject *obj, Py_ssize_t least, const char *name, Py_ssize_t *length)
{
    Py_buffer *view = &held->views[held->count];
    if (get(obj, view, 0, 'i', 8, name) < 0)
        return NULL;
    held->count++;
    if (view->len / 8 < least) {
        PyErr_Format(PyExc_ValueError, "%s has %zd numbers, needs %zd", name,
                     view->len / 8, least);
        return NULL;
    }
    if (length)
        *length = view->len / 8;
    return view->buf;
}

/* The Labyrinth's configuration, in the order of `_Config.native` in
 * wicked_labyrinth_table.py: seat and table sizes, then the board layout and points of board.py
 * and elements.py. */
enum {
    WL_PLAYERS, WL_K, WL_WIDTH, WL_FRAGMENTS, WL_ELEMENTS, WL_STRIDE, WL_QUEUE,
    WL_QUEUE_DIGITS, WL_GREAT_DONE, WL_SMALL_DONE, WL_IMPURITY, WL_RETURNED_PER_GREAT,
    WL_LOW_POINTS, WL_MIDDLE_POINTS, WL_HIGH_POINTS, WL_GREAT_POINTS, WL_SMALL_POINTS,
    WL_CONFIG
};

PyDoc_STRVAR(pack_wicked_labyrinth_doc,
"pack_wicked_labyrinth(states, out, config, lower, upper_first, upper, all_counts)\n\n"
"WickedLabyrinthPacker.pack into the int64 rows `out` (one row of config[WIDTH] a\n"
"state); lower[c], upper[upper_first[c]:upper_first[c + 1]]: corridor card c's\n"
"lower fragment and upper elements; all_counts: their counts over every card.");

static PyObject *
pack_wicked_labyrinth(PyObject *self, PyObject *args)
{
    PyObject *states, *o_out, *o_config, *o_lower, *o_first, *o_upper, *o_counts;
    if (!PyArg_ParseTuple(args, "OOOOOOO:pack_wicked_labyrinth", &states, &o_out, &o_config,
                          &o_lower, &o_first, &o_upper, &o_counts))
        return NULL;
    Held held = {.count = 0};
    PyObject *fast = NULL;
    Py_ssize_t cards, upper_length, counts_length;
    const int64_t *c = ints(&held, o_config, WL_CONFIG, "config", NULL);
    const int64_t *lower = c ? ints(&held, o_lower, 0, "lower", &cards) : NULL;
    const int64_t *first = lower ? ints(&held, o_first, cards + 1, "upper_first", NULL) : NULL;
    const int64_t *upper = first ? ints(&held, o_upper, first[cards], "upper", &upper_length)
                                 : NULL;
    const int64_t *all = upper ? ints(&held, o_counts, 0, "all_counts", &counts_length) : NULL;
    if (all == NULL)
        goto fail;
    const int64_t n = c[WL_PLAYERS], k = c[WL_K], width = c[WL_WIDTH];
    const int64_t fragments = c[WL_FRAGMENTS], elements = c[WL_ELEMENTS];
    const int64_t stride = c[WL_STRIDE];
    if (counts_length != fragments + elements || elements < 1 || elements > 7
        || n < 1 || k < 1 || stride <= c[WL_QUEUE] || c[WL_QUEUE] < 0
        || width != 7 + k * (1 + n) + 1 + fragments + elements + n * (stride + 2 + elements)) {
        PyErr_SetString(PyExc_ValueError, "pack_wicked_labyrinth: a bad configuration");
        goto fail;
    }
    for (Py_ssize_t i = 0; i < cards; i++) {
        if (lower[i] < 0 || lower[i] >= fragments || first[i] < 0 || first[i] > first[i + 1]) {
            PyErr_SetString(PyExc_ValueError, "pack_wicked_labyrinth: a bad card table");
            goto fail;
        }
    }
    for (Py_ssize_t i = 0; i < upper_length; i++) {
        if (upper[i] < 0 || upper[i] >= elements) {
            PyErr_SetString(PyExc_ValueError, "pack_wicked_labyrinth: a bad card table");
            goto fail;
        }
    }
    Py_ssize_t tables;
    int64_t *raw = rows(&held, states, o_out, width, &fast, &tables);
    if (raw == NULL)
        goto fail;
    for (Py_ssize_t t = 0; t < tables; t++) {
        PyObject *state = PySequence_Fast_GET_ITEM(fast, t);
        int64_t *row = raw + t * width;
        int64_t round, phase, corridor, deciding;
        if (int_attr(state, s_round, &round) < 0 || int_attr(state, s_phase, &phase) < 0
            || int_attr(state, s_corridor, &corridor) < 0
            || seat_bits(PyObject_GetAttr(state, s_deciding), &deciding) < 0)
            goto fail;
        PyObject *labyrinth = list_attr(state, s_labyrinth, -1);
        PyObject *revealed = labyrinth ? list_attr(state, s_revealed, -1) : NULL;
        PyObject *discard = revealed ? list_attr(state, s_discard, -1) : NULL;
        PyObject *b = discard ? list_attr(state, s_b, n * stride) : NULL;
        if (b == NULL) {
            Py_XDECREF(labyrinth);
            Py_XDECREF(revealed);
            Py_XDECREF(discard);
            goto fail;
        }
        Py_ssize_t laid = PyList_GET_SIZE(labyrinth), opened = PyList_GET_SIZE(revealed);
        int ok = laid <= k && opened <= k * n;
        if (ok) {
            row[0] = 0;
            row[1] = round;
            row[2] = phase;
            row[3] = corridor;
            row[4] = corridor < laid ? corridor : laid;
            row[5] = corridor < laid ? corridor : -1;
            row[6] = deciding;
            int64_t *at = row + 7;
            for (Py_ssize_t j = 0; j < k; j++)
                at[j] = j < laid ? ITEM(labyrinth, j) : -1;
            at += k;
            for (Py_ssize_t j = 0; j < k * n; j++)
                at[j] = j < opened ? ITEM(revealed, j) : -1;
            at += k * n;
            /* The corridor cards never seen, then their lower fragments and elements. */
            int64_t *counts = at + 1;
            memcpy(counts, all, sizeof(int64_t) * (fragments + elements));
            Py_ssize_t seen = 0;
            PyObject *piles[2] = {discard, labyrinth};
            for (int pile = 0; pile < 2 && ok; pile++) {
                for (Py_ssize_t j = 0; j < PyList_GET_SIZE(piles[pile]); j++) {
                    int64_t card = ITEM(piles[pile], j);
                    seen++;
                    if (card < 0)
                        continue;
                    if (card >= cards) {
                        ok = 0;
                        break;
                    }
                    counts[lower[card]]--;
                    for (int64_t e = first[card]; e < first[card + 1]; e++)
                        counts[fragments + upper[e]]--;
                }
            }
            at[0] = cards - seen;
            at += 1 + fragments + elements;
            int64_t *boards = at;
            for (Py_ssize_t j = 0; j < n * stride; j++)
                boards[j] = ITEM(b, j);
            at += n * stride;
            for (int64_t p = 0; p < n; p++) {
                const int64_t *o = boards + p * stride;
                int64_t greats = o[c[WL_GREAT_DONE]] + o[c[WL_GREAT_DONE] + 1];
                int64_t smalls = o[c[WL_SMALL_DONE]] + o[c[WL_SMALL_DONE] + 1];
                int64_t low = o[0] + o[1] + o[2] + o[3];
                int64_t middle = o[4] + o[5] + o[6] + o[7];
                int64_t high = o[8] + o[9] + o[10] + o[11] + 2 * greats;
                int64_t impurity = o[c[WL_IMPURITY]] - c[WL_RETURNED_PER_GREAT] * greats;
                impurity = impurity > 0 ? impurity : 0;
                at[0] = low * c[WL_LOW_POINTS] + middle * c[WL_MIDDLE_POINTS]
                        + high * c[WL_HIGH_POINTS] + greats * c[WL_GREAT_POINTS]
                        + smalls * c[WL_SMALL_POINTS] - impurity;
                for (int64_t e = 0; e < elements; e++)
                    at[1 + e] = 0;
                int64_t q = o[c[WL_QUEUE]];
                at[1 + elements] = (q & 7) - 1;
                for (int64_t d = 0; d < c[WL_QUEUE_DIGITS] && q; d++) {
                    int64_t digit = q & 7;
                    if (digit) {
                        if (digit > elements) {
                            ok = 0;
                            break;
                        }
                        at[digit]++;
                    }
                    q >>= 3;
                }
                at += 2 + elements;
            }
        }
        Py_DECREF(labyrinth);
        Py_DECREF(revealed);
        Py_DECREF(discard);
        Py_DECREF(b);
        if (table_failed(ok, t))
            goto fail;
    }
    return finish(&held, fast, 0);
fail:
    return finish(&held, fast, 1);
}

/* Code of Nine's configuration, in the order of `_Config.native` in
 * code_of_nine_table.py:
 * table sizes and the places of private entries (CodeOfNinePacker's), then the
 * sheet layout and phases of layout.py and state.py. */
enum {
    CN_PLAYERS, CN_WIDTH, CN_ITEMS, CN_LOCATIONS, CN_HOLDERS, CN_STRIDE, CN_CARD, CN_KNOWS,
    CN_SEAT_SHIFT, CN_ASSIGN, CN_FOLLOW, CN_OVER, CN_MIN_SCORE, CN_SIZE, CN_HOLDER,
    CN_HOLDER_SIZE, CN_CARDS, CN_HAND, CN_CARD_COUNT, CN_CONFIG
};

PyDoc_STRVAR(pack_code_of_nine_doc,
"pack_code_of_nine(states, out, private, config, numbers)\n\n"
"CodeOfNinePacker.pack into the int64 rows `out`, appending to the list `private`\n"
"the flat places of the private 1s; numbers[c]: memory card c's number.");

static int
append(PyObject *list, int64_t value)
{
    PyObject *v = PyLong_FromLongLong(value);
    if (v == NULL)
        return -1;
    int r = PyList_Append(list, v);
    Py_DECREF(v);
    return r;
}

static PyObject *
pack_code_of_nine(PyObject *self, PyObject *args)
{
    PyObject *states, *o_out, *private, *o_config, *o_numbers;
    if (!PyArg_ParseTuple(args, "OOO!OO:pack_code_of_nine", &states, &o_out, &PyList_Type,
                          &private, &o_config, &o_numbers))
        return NULL;
    Held held = {.count = 0};
    PyObject *fast = NULL;
    Py_ssize_t card_numbers;
    const int64_t *c = ints(&held, o_config, CN_CONFIG, "config", NULL);
    const int64_t *numbers = c ? ints(&held, o_numbers, 0, "numbers", &card_numbers) : NULL;
    if (numbers == NULL)
        goto fail;
    const int64_t n = c[CN_PLAYERS], width = c[CN_WIDTH], items = c[CN_ITEMS];
    const int64_t locations = c[CN_LOCATIONS], holders = c[CN_HOLDERS], stride = c[CN_STRIDE];
    const int64_t card = c[CN_CARD];
    if (n < 1 || n > holders || holders < 1 || card + 1 >= stride || c[CN_KNOWS] >= stride
        || 2 * holders > 62
        || width != 14 + items + holders * stride + locations + holders + 2 * holders + 2 * n
                    + holders + locations) {
        PyErr_SetString(PyExc_ValueError, "pack_code_of_nine: a bad configuration");
        goto fail;
    }
    Py_ssize_t tables;
    int64_t *raw = rows(&held, states, o_out, width, &fast, &tables);
    if (raw == NULL)
        goto fail;
    int64_t sheets[64 * 16];
    if (holders * stride > 64 * 16) {
        PyErr_SetString(PyExc_ValueError, "pack_code_of_nine: sheets too large");
        goto fail;
    }
    for (Py_ssize_t t = 0; t < tables; t++) {
        PyObject *state = PySequence_Fast_GET_ITEM(fast, t);
        int64_t *row = raw + t * width;
        int64_t phase, round, start, released, ninth, deciding;
        if (int_attr(state, s_phase, &phase) < 0 || int_attr(state, s_round, &round) < 0
            || int_attr(state, s_start, &start) < 0
            || int_attr(state, s_released, &released) < 0
            || int_attr(state, s_ninth, &ninth) < 0
            || seat_bits(PyObject_CallMethodNoArgs(state, s_current_players), &deciding) < 0)
            goto fail;
        PyObject *expert = PyObject_GetAttr(state, s_expert);
        if (expert == NULL)
            goto fail;
        int is_expert = PyObject_IsTrue(expert);
        Py_DECREF(expert);
        if (is_expert < 0)
            goto fail;
        int over = phase == c[CN_OVER];
        PyObject *deck = list_attr(state, s_deck, -1);
        PyObject *pending = deck ? list_attr(state, s_pending, -1) : NULL;
        PyObject *ruins = pending ? list_attr(state, s_ruins, items) : NULL;
        PyObject *b = ruins ? list_attr(state, s_b, holders * stride) : NULL;
        PyObject *spots = b ? list_attr(state, s_spots, locations) : NULL;
        PyObject *scores = NULL;
        int ok = spots != NULL;
        if (ok && phase == c[CN_FOLLOW] && PyList_GET_SIZE(pending) < 4) {
            PyErr_SetString(PyExc_ValueError, "a follow-up without its four numbers");
            ok = 0;
        }
        if (ok && over) {
            PyObject *sheet = PyObject_CallMethodNoArgs(state, s_score_sheet);
            scores = sheet ? PyObject_GetAttr(sheet, s_scores) : NULL;
            Py_XDECREF(sheet);
            if (scores != NULL) {
                PyObject *as_tuple = PySequence_Tuple(scores);
                Py_DECREF(scores);
                scores = as_tuple;
            }
            if (scores == NULL || PyTuple_GET_SIZE(scores) < holders) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a score sheet without every holder");
                ok = 0;
            }
        }
        if (ok) {
            for (Py_ssize_t j = 0; j < holders * stride; j++)
                sheets[j] = ITEM(b, j);
            row[0] = 0;
            row[1] = n == 3 ? 1 : 0;
            row[2] = is_expert ? 1 : 0;
            row[3] = round;
            row[4] = phase;
            row[5] = start;
            row[6] = released;
            row[7] = PyList_GET_SIZE(deck);
            row[8] = ninth;
            for (int j = 0; j < 4; j++)
                row[9 + j] = phase == c[CN_FOLLOW] ? ITEM(pending, j) : -1;
            row[13] = deciding;
            int64_t *at = row + 14;
            for (Py_ssize_t j = 0; j < items; j++)
                at[j] = ITEM(ruins, j);
            at += items;
            memcpy(at, sheets, sizeof(int64_t) * holders * stride);
            at += holders * stride;
            for (Py_ssize_t j = 0; j < locations; j++)
                at[j] = ITEM(spots, j) & 0xFF;
            at += locations;
            for (int64_t h = 0; h < holders; h++) {
                const int64_t *o = sheets + h * stride + card;
                at[h] = (o[0] >= 0 ? 1 : 0) + (o[1] >= 0 ? 1 : 0);
            }
            at += holders;
            for (int64_t j = 0; j < 2 * holders; j++)
                at[j] = over ? sheets[(j / 2) * stride + card + j % 2] : -1;
            at += 2 * holders;
            for (int64_t p = 0; p < n; p++) {
                const int64_t *o = sheets + p * stride + card;
                int mine = over || (phase > c[CN_ASSIGN] && o[0] >= 0 && o[1] >= 0);
                at[2 * p] = mine ? o[0] : -1;
                at[2 * p + 1] = mine ? o[1] : -1;
            }
            at += 2 * n;
            for (int64_t h = 0; h < holders; h++)
                at[h] = over ? PyLong_AsLongLong(PyTuple_GET_ITEM(scores, h)) : c[CN_MIN_SCORE];
            at += holders;
            for (Py_ssize_t j = 0; j < locations; j++)
                at[j] = ITEM(spots, j) >> c[CN_SEAT_SHIFT];
        }
        if (ok && !over && !PyErr_Occurred()) {
            /* The dealt hand during setup and the cards each seat has looked at. */
            int64_t first = t * n * c[CN_SIZE];
            int dealt = phase <= c[CN_ASSIGN];
            for (int64_t me = 0; me < n && ok; me++) {
                int64_t place = first + me * c[CN_SIZE];
                int64_t knows = sheets[me * stride + c[CN_KNOWS]];
                for (int64_t bit = 0; bit < 2 * holders && ok; bit++) {
                    if (!(knows >> bit & 1))
                        continue;
                    int64_t owner = bit / 2, slot = bit % 2;
                    int64_t seen = sheets[owner * stride + card + slot];
                    if (seen < 0 || seen >= card_numbers) {
                        ok = 0;
                        break;
                    }
                    int64_t at = c[CN_HOLDER]
                                 + ((owner - me) % holders + holders) % holders
                                       * c[CN_HOLDER_SIZE]
                                 + c[CN_CARDS] + slot * c[CN_CARD_COUNT] - 1;
                    if (append(private, place + at + numbers[seen]) < 0)
                        ok = 0;
                }
                for (int s = 0; s < 2 && dealt && ok; s++) {
                    int64_t mine = sheets[me * stride + card + s];
                    if (mine >= card_numbers) {
                        ok = 0;
                        break;
                    }
                    if (mine >= 0 && append(private, place + c[CN_HAND] - 1 + numbers[mine]) < 0)
                        ok = 0;
                }
            }
        }
        Py_XDECREF(deck);
        Py_XDECREF(pending);
        Py_XDECREF(ruins);
        Py_XDECREF(b);
        Py_XDECREF(spots);
        Py_XDECREF(scores);
        if (table_failed(ok, t))
            goto fail;
    }
    return finish(&held, fast, 0);
fail:
    return finish(&held, fast, 1);
}

static int
intern_names(void)
{
#define NAME(var, text) if ((var = PyUnicode_InternFromString(text)) == NULL) return -1;
    NAME(s_round, "round") NAME(s_phase, "phase") NAME(s_corridor, "corridor")
    NAME(s_labyrinth, "labyrinth") NAME(s_revealed, "revealed") NAME(s_discard, "discard")
    NAME(s_b, "b") NAME(s_deciding, "deciding") NAME(s_expert, "expert")
    NAME(s_start, "start") NAME(s_released, "released") NAME(s_deck, "deck")
    NAME(s_ninth, "ninth") NAME(s_pending, "pending") NAME(s_ruins, "ruins")
    NAME(s_spots, "spots") NAME(s_current_players, "current_players")
    NAME(s_score_sheet, "score_sheet") NAME(s_scores, "scores")
#undef NAME
    return 0;
}

static PyMethodDef methods[] = {
    {"pack_wicked_labyrinth", pack_wicked_labyrinth, METH_VARARGS, pack_wicked_labyrinth_doc},
    {"pack_code_of_nine", pack_code_of_nine, METH_VARARGS, pack_code_of_nine_doc},
    {"ints_into", ints_into, METH_VARARGS, ints_into_doc},
    {"update", update, METH_VARARGS, update_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_rows",
    "The table encoders' rows in C: see the comment at the top of _rows.c.",
    -1, methods,
};

PyMODINIT_FUNC
PyInit__rows(void)
{
    if (intern_names() < 0)
        return NULL;
    return PyModule_Create(&module);
}
