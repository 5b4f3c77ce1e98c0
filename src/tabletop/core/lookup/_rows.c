/*
 * The table encoders' lookup in C: a packed list into int64 rows, and looking up only
 * the entries whose integers changed (tabletop.core.lookup).
 *
 * Mirrors Python that stays the reference and the fallback (a build without C, or
 * TABLETOP_PURE_PYTHON=1, runs it): ints_into: Lookup.convert; update: Lookup.run and
 * SeatGather.into (lookup/__init__.py), every observation entry being
 * values[offset[e] + clip(raw[source[e]])]. A batched env steps the same tables again
 * and again, and a step changes a few of each table's integers (about 12 of 197 in
 * a typical table), so `update` keeps the integers of the last step and rewrites
 * only the entries of those that changed. Held equal by the batched env's tests
 * against the PettingZoo env (tests/rl/test_rl_vector*.py,
 * tests/rl/test_rl_incremental.py). Each game's packer in C is its own extension in
 * its folder (games/<game>/native/_pack.c), sharing _rows.h with this one.
 */
#include "_rows.h"

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

static PyMethodDef methods[] = {
    {"ints_into", ints_into, METH_VARARGS, ints_into_doc},
    {"update", update, METH_VARARGS, update_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_rows",
    "The table encoders' lookup in C: see the comment at the top of _rows.c.",
    -1, methods,
};

PyMODINIT_FUNC
PyInit__rows(void)
{
    return PyModule_Create(&module);
}
