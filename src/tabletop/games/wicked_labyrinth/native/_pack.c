/*
 * The Wicked Labyrinth's table rows in C: WickedLabyrinthPacker.pack (rl/pack.py), row for row, but
 * into the int64 rows directly instead of a list converted afterwards. Every number
 * of the rules it needs (board layout, points) comes in from Python as an array
 * (`_Config.native` in rl/table.py): no rule is restated here but the arithmetic of
 * the packer. The Python packer stays the reference and the fallback;
 * tests/rl/test_rl_incremental.py holds the two equal at every step of random games.
 * What every packer shares is in tabletop/core/lookup/_rows.h.
 */
#include "_rows.h"

static PyObject *s_b, *s_corridor, *s_deciding, *s_discard, *s_labyrinth, *s_phase,
    *s_revealed, *s_round;

/* The Labyrinth's configuration, in the order of `_Config.native` in
 * rl/table.py: seat and table sizes, then the board layout and points of board.py
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

static int
intern_names(void)
{
#define NAME(var, text) if ((var = PyUnicode_InternFromString(text)) == NULL) return -1;
    NAME(s_b, "b")
    NAME(s_corridor, "corridor")
    NAME(s_deciding, "deciding")
    NAME(s_discard, "discard")
    NAME(s_labyrinth, "labyrinth")
    NAME(s_phase, "phase")
    NAME(s_revealed, "revealed")
    NAME(s_round, "round")
#undef NAME
    return 0;
}

static PyMethodDef methods[] = {
    {"pack_wicked_labyrinth", pack_wicked_labyrinth, METH_VARARGS, pack_wicked_labyrinth_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_pack",
    "The Wicked Labyrinth's table rows in C: see the comment at the top of _pack.c.",
    -1, methods,
};

PyMODINIT_FUNC
PyInit__pack(void)
{
    if (intern_names() < 0)
        return NULL;
    return PyModule_Create(&module);
}
