/*
 * Code of Nine's table rows in C: CodeOfNinePacker.pack (rl/pack.py), row for row, but
 * into the int64 rows directly instead of a list converted afterwards. Every number
 * of the rules it needs (board layout, points) comes in from Python as an array
 * (`_Config.native` in rl/table.py): no rule is restated here but the arithmetic of
 * the packer. The Python packer stays the reference and the fallback;
 * tests/rl/test_rl_incremental.py holds the two equal at every step of random games.
 * What every packer shares is in tabletop/core/lookup/_rows.h.
 */
#include "_rows.h"

static PyObject *s_b, *s_current_players, *s_deck, *s_expert, *s_ninth, *s_pending,
    *s_phase, *s_released, *s_round, *s_ruins, *s_score_sheet, *s_scores, *s_spots,
    *s_start;

/* Code of Nine's configuration, in the order of `_Config.native` in
 * rl/table.py:
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
    NAME(s_b, "b")
    NAME(s_current_players, "current_players")
    NAME(s_deck, "deck")
    NAME(s_expert, "expert")
    NAME(s_ninth, "ninth")
    NAME(s_pending, "pending")
    NAME(s_phase, "phase")
    NAME(s_released, "released")
    NAME(s_round, "round")
    NAME(s_ruins, "ruins")
    NAME(s_score_sheet, "score_sheet")
    NAME(s_scores, "scores")
    NAME(s_spots, "spots")
    NAME(s_start, "start")
#undef NAME
    return 0;
}

static PyMethodDef methods[] = {
    {"pack_code_of_nine", pack_code_of_nine, METH_VARARGS, pack_code_of_nine_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_pack",
    "Code of Nine's table rows in C: see the comment at the top of _pack.c.",
    -1, methods,
};

PyMODINIT_FUNC
PyInit__pack(void)
{
    if (intern_names() < 0)
        return NULL;
    return PyModule_Create(&module);
}
